import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasConstants

/// The command line itself, with no compositor: what `--version`, the help and the shared
/// options' checks say, and what shells are given to complete.
@Suite(.timeLimit(.minutes(1)))
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
