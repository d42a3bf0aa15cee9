import Glibc
import Wayland

/// The connection to the compositor, its event loop and its registry, made together the same
/// way by the app and by `report`'s probe, failures said as one line each.
///
/// Every round trip before the window is up waits at most ``answerTimeout`` seconds and names
/// itself when the compositor does not answer, and Ctrl+C or SIGTERM while one waits ends it
/// with a line saying what was interrupted (status 130 or 143): a socket that accepts the
/// connection and then says nothing would otherwise hold the app for ever, in silence.
@MainActor
struct CompositorLink {
    let connection: Connection
    let loop: EventLoop
    let registry: GlobalRegistry
    /// How long each start-up round trip may wait for the compositor's answer.
    let answerTimeout: Double

    /// Connects where `WAYLAND_DISPLAY` says, or throws why not.
    init(answerTimeout: Double) throws(AppError) {
        self.answerTimeout = answerTimeout
        do {
            connection = try Connection()
            loop = try EventLoop(connection: connection)
        } catch {
            throw AppError(error)
        }
        if let descriptor = Self.heldClockDescriptor { loop.followHeldClock(descriptor: descriptor) }
        // From here on Ctrl+C comes through the loop: a wait it interrupts is said, not silent.
        loop.handleSignals([SIGINT, SIGTERM])
        guard let registry = GlobalRegistry(connection: connection) else {
            throw AppError("the compositor connection failed before the registry could be read")
        }
        self.registry = registry
    }

    /// The descriptor of a clock that the tests' scripted compositor holds
    /// (`TOUCHCANVAS_HELD_CLOCK_FD`, an inherited socket; see `EventLoop.followHeldClock`), so a
    /// test decides the time of every frame, input and presentation. Nil for every other run.
    static var heldClockDescriptor: Int32? {
        guard let text = getenv("TOUCHCANVAS_HELD_CLOCK_FD").map({ String(cString: $0) }),
              let descriptor = Int32(text), descriptor > 2, fcntl(descriptor, F_GETFD) >= 0 else { return nil }
        return descriptor
    }

    /// A round trip named `step` in what is said when it does not end ("registry round trip").
    func roundtrip(_ step: String) throws(AppError) {
        do {
            try loop.roundtrip(step, within: answerTimeout)
        } catch {
            throw AppError(error)
        }
    }
}

extension AppError {
    /// The connection's failure as one line, with the shell's status for an interruption.
    init(_ error: WaylandError) {
        self.init(error.description, status: error.signalStatus ?? 1)
    }
}
