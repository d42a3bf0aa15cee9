import Glibc
import ScriptedCompositor
import Testing
@testable import Wayland
import TouchCanvasTesting

/// A round trip the compositor does not answer ends, naming its step; a signal ends it too;
/// and what libwayland's errnos mean is said in words.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct TimedRoundtripTests {
    /// The scripted compositor is never pumped here: the kernel accepts the connection for it,
    /// and nothing ever answers, as a hung compositor would behave.
    @Test func anUnansweredRoundTripEndsNamingItsStep() throws {
        let compositor = try ScriptedCompositor()
        let connection = try Connection(name: compositor.socketName)
        let loop = try EventLoop(connection: connection)
        #expect(throws: WaylandError.noAnswer(display: compositor.socketName, step: "registry round trip", seconds: 0.2)) {
            try loop.roundtrip("registry round trip", within: 0.2)
        }
    }

    @Test func aSignalEndsTheWaitWithTheStepAndTheShellsStatus() throws {
        let compositor = try ScriptedCompositor()
        let connection = try Connection(name: compositor.socketName)
        let loop = try EventLoop(connection: connection)
        loop.handleSignals([SIGUSR1])
        // To this thread alone, which blocks it now: another thread would take its default action.
        pthread_kill(pthread_self(), SIGUSR1)
        #expect(throws: WaylandError.interrupted(signal: SIGUSR1, step: "registry round trip")) {
            try loop.roundtrip("registry round trip", within: 60)
        }
        #expect(WaylandError.interrupted(signal: SIGINT, step: "x").signalStatus == 130)
        #expect(WaylandError.interrupted(signal: SIGTERM, step: "x").signalStatus == 143)
    }

    @Test func messagesSayTheStepAndTheDeadline() {
        #expect(WaylandError.noAnswer(display: "wayland-9", step: "registry round trip", seconds: 5).description
                == "the compositor at \"wayland-9\" did not answer the registry round trip within 5 s")
        #expect(WaylandError.noAnswer(display: "wayland-9", step: "registry round trip", seconds: 0.5).description
                == "the compositor at \"wayland-9\" did not answer the registry round trip within 0.5 s")
        #expect(WaylandError.interrupted(signal: SIGINT, step: "registry round trip").description
                == "interrupted while waiting for the compositor's registry round trip")
    }

    /// The errnos libwayland sets when what came cannot be read are said as such, with the C
    /// library's words kept as the detail; others stay a lost connection.
    @Test(arguments: [EOVERFLOW, EBADMSG, EINVAL, EPROTO])
    func unreadableInputIsSaidInWords(_ code: Int32) {
        let error = WaylandError.readFailure(errno: code, display: "wayland-9")
        #expect(error == .unreadableMessage(display: "wayland-9", errno: code))
        #expect(error.description.hasPrefix("the compositor at \"wayland-9\" sent a message this client cannot read"))
        #expect(error.description.hasSuffix(String(cString: strerror(code))))
    }

    @Test func aClosedSocketIsALostConnection() {
        #expect(WaylandError.readFailure(errno: EPIPE, display: "wayland-9") == .connectionLost(errno: EPIPE))
    }
}
