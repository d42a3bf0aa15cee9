import Wayland

/// The connection to the compositor, its event loop and its registry, made together the same
/// way by the app and by `report`'s probe, failures said as one line each.
@MainActor
struct CompositorLink {
    let connection: Connection
    let loop: EventLoop
    let registry: GlobalRegistry

    /// Connects where `WAYLAND_DISPLAY` says, or throws why not.
    init() throws(AppError) {
        do {
            connection = try Connection()
            loop = try EventLoop(connection: connection)
        } catch {
            throw AppError(error.description)
        }
        guard let registry = GlobalRegistry(connection: connection) else {
            throw AppError("the compositor connection failed before the registry could be read")
        }
        self.registry = registry
    }

    func roundtrip() throws(AppError) {
        do {
            try loop.roundtrip()
        } catch {
            throw AppError(error.description)
        }
    }
}
