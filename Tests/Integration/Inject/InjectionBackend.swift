import Wayland

/// One compositor's way of faking input. The injector binds it once, then hands it every
/// command; it says `unsupported` for what its protocol cannot express.
@MainActor
protocol InjectionBackend: AnyObject {
    /// The name on the command line and in messages.
    static var name: String { get }
    /// Binds the backend's globals from a registry that has seen the first roundtrip, or nil
    /// when the compositor does not offer them.
    init?(registry: GlobalRegistry) throws(InjectError)
    func perform(_ command: InjectCommand) throws(InjectError)
}
