import Foundation
import Glibc
import Testing
import TouchCanvasTesting

/// A socket that accepts the connection and then does not answer, answers once, or sends
/// what is no Wayland message: `run`, `check` and `report` each end, saying which step the
/// compositor did not answer, instead of waiting for ever. The deadline is given short
/// (`--connect-timeout 1`) so a passing test is quick; the tests' own patience only bounds a
/// failing one.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct UnansweringCompositorEndToEndTests {
    /// The commands, with the status each gives when it cannot reach a compositor (`check` and
    /// `report` keep their documented 2 for "could not run").
    static let commands: [(arguments: [String], status: Int32)] = [
        ([], 1), (["check"], 2), (["report", "--no-check"], 2),
    ]

    @Test(arguments: commands.indices)
    func aSilentSocketIsNamedAndEnds(_ index: Int) async throws {
        let (arguments, status) = Self.commands[index]
        let socket = try UnansweringSocket(.silent)
        let app = try AppHarness.launch(arguments + ["--connect-timeout", "1"], environment: socket.environment)
        #expect(await app.waitForExit(timeout: AppHarness.patience) == status, "\(app.standardError)")
        #expect(app.standardError.contains("the compositor at \"wayland-unanswering\" did not answer the registry round trip within 1 s"),
                "\(app.standardError)")
    }

    @Test(arguments: commands.indices)
    func aSocketThatAnswersOnceIsNamedAtTheNextStep(_ index: Int) async throws {
        let (arguments, status) = Self.commands[index]
        let socket = try UnansweringSocket(.answersFirstRoundTrip)
        // 3 s: the first answer comes at once, but a busy machine may be slow to read it.
        let app = try AppHarness.launch(arguments + ["--connect-timeout", "3"], environment: socket.environment)
        #expect(await app.waitForExit(timeout: AppHarness.patience) == status, "\(app.standardError)")
        let next = arguments.first == "report" ? "round trip for the seats', outputs' and tablets' descriptions"
                                               : "round trip after the window was made"
        #expect(app.standardError.contains("did not answer the \(next) within 3 s"), "\(app.standardError)")
        #expect(!app.standardError.contains("registry round trip"), "\(app.standardError)")
    }

    /// `check --timeout` bounds the wait for the compositor too, when it is the shorter.
    @Test func checksTimeoutBoundsTheWaitForTheCompositor() async throws {
        let socket = try UnansweringSocket(.silent)
        let app = try AppHarness.launch(["check", "--timeout", "1"], environment: socket.environment)
        #expect(await app.waitForExit(timeout: AppHarness.patience) == 2, "\(app.standardError)")
        #expect(app.standardError.contains("did not answer the registry round trip within 1 s"), "\(app.standardError)")
    }

    @Test func garbageFromTheSocketIsSaidInWords() async throws {
        let socket = try UnansweringSocket(.garbage)
        let app = try AppHarness.launch(["--connect-timeout", "20"], environment: socket.environment)
        #expect(await app.waitForExit(timeout: AppHarness.patience) == 1, "\(app.standardError)")
        #expect(app.standardError.contains("the compositor at \"wayland-unanswering\" sent a message this client cannot read"),
                "\(app.standardError)")
    }

    /// Ctrl+C while the app waits for an answer: one line saying what it was waiting for, and
    /// the shell's status for SIGINT (SIGTERM: 143).
    static let signals: [(arguments: [String], signal: Int32, status: Int32)] = [
        ([], SIGINT, 130), ([], SIGTERM, 143), (["check"], SIGINT, 130), (["report", "--no-check"], SIGINT, 130),
    ]

    @Test(arguments: signals.indices)
    func aSignalWhileWaitingSaysWhatItInterrupted(_ index: Int) async throws {
        let (arguments, signal, status) = Self.signals[index]
        let socket = try UnansweringSocket(.silent)
        let app = try AppHarness.launch(arguments + ["--connect-timeout", "600"], environment: socket.environment)
        // The app asked for its first round trip: it is waiting for the answer.
        for _ in 0..<Int(AppHarness.patience * 100) where socket.syncsSeen == 0 && app.isRunning {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(socket.syncsSeen > 0, "\(app.standardError)")
        kill(app.pid, signal)
        #expect(await app.waitForExit(timeout: AppHarness.patience) == status, "\(app.standardError)")
        let lines = app.standardError.split(separator: "\n").map(String.init)
        let prefix = arguments.first == "report" ? "touchcanvas: report: " : "touchcanvas: "
        #expect(lines == [prefix + "interrupted while waiting for the compositor's registry round trip"], "\(app.standardError)")
    }
}
