import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasConstants
import TouchCanvasTesting

/// The command line itself, with no compositor: what `--version`, the help and the shared
/// options' checks say, and what shells are given to complete.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct CommandLineEndToEndTests {
    /// Runs the binary to its end. Output that should come waits for its last newline: the pipe
    /// can stay open a moment after the exit (see `ClientProcess.lines`).
    func run(_ arguments: [String], printsOutput: Bool = true) async throws -> (status: Int32?, stdout: String, stderr: String) {
        let app = try AppHarness.launch(arguments, environment: [:])
        let status = await app.waitForExit(timeout: AppHarness.patience)
        var stdout = app.standardOutput
        let deadline = ScriptedCompositor.monotonicNanoseconds + 2_000_000_000
        while printsOutput, !stdout.hasSuffix("\n"), ScriptedCompositor.monotonicNanoseconds < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
            stdout = app.standardOutput
        }
        return (status, stdout, app.standardError)
    }

    @Test func versionIsPrintedWithStatusZero() async throws {
        let result = try await run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == TouchCanvasVersion.current + "\n")
        #expect(result.stderr.isEmpty)
    }

    /// `--log` takes modes separated by commas; a name it does not know is refused before any
    /// connection, naming the option and the modes it knows.
    @Test func anUnknownLogModeIsRefusedWithTheKnownOnes() async throws {
        let result = try await run(["--log", "phases,loud"], printsOutput: false)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--log") && result.stderr.contains("gestures"), "\(result.stderr)")
    }

    @Test func helpOffersTheVersion() async throws {
        let result = try await run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--version"))
    }

    /// run and check take the same window options, with the same defaults and the same check.
    @Test(arguments: ["run", "check"])
    func sharedOptionsKeepTheirDefaultsAndChecks(command: String) async throws {
        let help = try await run(["help", command])
        #expect(help.status == 0)
        #expect(help.stdout.contains("(default: 1024x768)"))
        #expect(help.stdout.contains("--fullscreen"))
        #expect(help.stdout.contains("--stuck-after <seconds>"))
        let bad = try await run([command, "--stuck-after", "0"], printsOutput: false)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--stuck-after must be a positive number of seconds"))
        let tooLarge = try await run([command, "--size", "\(BufferLimits.maximumSide + 1)x100"], printsOutput: false)
        #expect(tooLarge.status == 64)
        #expect(tooLarge.stderr.contains("--size"))
        // A leading minus is the size's own mistake, not a missing value.
        let negative = try await run([command, "--size", "-5x10"], printsOutput: false)
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("'-5x10' is invalid for '--size"), "\(negative.stderr)")
        #expect(!negative.stderr.contains("Missing value"), "\(negative.stderr)")
    }

    /// `help` with a name that is no subcommand says so and fails, as a usage mistake; the
    /// names it knows still get their help.
    @Test func helpForAnUnknownSubcommandIsAnError() async throws {
        let bogus = try await run(["help", "bogus"], printsOutput: false)
        #expect(bogus.status == 64)
        #expect(bogus.stdout.isEmpty)
        #expect(bogus.stderr == "touchcanvas: help: there is no subcommand \"bogus\"; the subcommands are run, check, report, replay, demo\n")
        let replay = try await run(["help", "replay"])
        #expect(replay.status == 0)
        #expect(replay.stdout.contains("USAGE: touchcanvas replay"), "\(replay.stdout)")
    }

    /// The wait for a compositor that does not answer is named where each command that
    /// connects lists its options, with its default, and refuses what is no wait.
    @Test(arguments: ["run", "check", "report"])
    func everyConnectingCommandNamesItsWaitForTheCompositor(command: String) async throws {
        let help = try await run(["help", command])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--connect-timeout <seconds>"), "\(help.stdout)")
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // as read, unwrapped
        #expect(words.contains("naming the step (default: 5, or check's and report's --timeout when that is shorter)"), "\(help.stdout)")
        let bad = try await run([command, "--connect-timeout", "0"], printsOutput: false)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--connect-timeout must be a positive number of seconds"), "\(bad.stderr)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsKnowEveryCommand(shell: String) async throws {
        let result = try await run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["touchcanvas", "replay", "check", "demo", "stuck-after"] {
            #expect(result.stdout.contains(word), "the \(shell) script does not mention \(word)")
        }
    }

    @Test func replayReportPrintsTheFigures() async throws {
        let recording = ScreenshotEndToEndTests.repository.appendingPathComponent("Recordings/targets-rotated.tcrec").path
        let report = try await run(["replay", recording, "--report"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix("recording: 800×600 at scale 1, scene targets"), "\(report.stdout)")
        #expect(report.stdout.contains("  Touches arrive rotated 90° clockwise"), "\(report.stdout)")
        #expect(!report.stderr.contains("saved"), "nothing drawn without --png")
    }
}
