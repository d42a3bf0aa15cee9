import Wayland

/// Placeholder until the zwlr_virtual_pointer_manager_v1 backend lands.
@MainActor
final class VirtualPointerBackend: InjectionBackend {
    static let name = "wlr-virtual-pointer"
    init?(registry: GlobalRegistry) throws(InjectError) { return nil }
    func perform(_ command: InjectCommand) throws(InjectError) {
        throw .unsupported(backend: Self.name, command: "\(command)")
    }
}
