import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Bad environments get one clear line on stderr and a non-zero exit, never a crash or a hang.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct FailureEndToEndTests {
    @Test func noCompositorIsOneLineAndStatusOne() async throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tc-nocomp-\(getpid())")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let app = try AppHarness.launch([], environment: ["WAYLAND_DISPLAY": "no-such-display",
                                                           "XDG_RUNTIME_DIR": runtime.path])
        let status = await app.waitForExit(timeout: AppHarness.patience)
        #expect(status == 1)
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("no-such-display") == true)
    }

    @Test func badSizeIsAUsageError() async throws {
        let app = try AppHarness.launch(["--size", "12xbanana"], environment: [:])
        let status = await app.waitForExit(timeout: AppHarness.patience)
        #expect(status != nil && status != 0)
        #expect(app.standardError.contains("size"))
    }
}
