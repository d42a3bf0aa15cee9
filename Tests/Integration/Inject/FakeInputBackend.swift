import Wayland

/// Placeholder until the org_kde_kwin_fake_input backend lands.
@MainActor
final class FakeInputBackend: InjectionBackend {
    static let name = "kde-fake-input"
    init?(registry: GlobalRegistry) throws(InjectError) { return nil }
    func perform(_ command: InjectCommand) throws(InjectError) {
        throw .unsupported(backend: Self.name, command: "\(command)")
    }
}
