import Foundation
import Glibc
import Testing
import TouchCanvasTesting

/// `demo` runs the app as a child under its compositor: when the child dies, the demo says so
/// with the child's status and last words and ends with that status, instead of playing on to
/// nobody; and a frame of thousands of fingers reaches the child whole instead of costing it
/// its connection.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct DemoChildEndToEndTests {
    /// A recording of `lines` in a scratch folder, with the picture's path beside it.
    private static func scratch(_ name: String, _ body: String) throws -> (dir: URL, recording: String, png: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tc-demo-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let recording = dir.appendingPathComponent("\(name).tcrec").path
        try ("touchcanvas-recording 2\nsize 800 600\nscale 1\nscene spots\n" + body).write(toFile: recording, atomically: true, encoding: .utf8)
        return (dir, recording, dir.appendingPathComponent("demo.png").path)
    }

    private static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        return environment
    }

    /// The children of `pid`, from the kernel's list per thread.
    private static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [pid_t] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    @Test func aChildKilledMidRecordingEndsTheDemoWithItsStatus() async throws {
        // One finger moving for ten minutes. The demo plays on its compositor's clock, which
        // runs as fast as the app draws (a minute of this in well under a second here); ten
        // minutes keep it playing for seconds, so it is still playing when its child is killed.
        var body = "0 1 down 0 100 100\n0 1 frame\n"
        for i in 1...6000 { body += "\(i * 100) 1 motion 0 \(100 + i % 500) 100\n\(i * 100) 1 frame\n" }
        let (dir, recording, png) = try Self.scratch("killed", body)
        defer { try? FileManager.default.removeItem(at: dir) }
        let demo = try AppHarness.launch(["demo", "--recording", recording, "--png", png], environment: Self.environment)
        var child: pid_t?
        for _ in 0..<Int(AppHarness.patience * 100) where child == nil && demo.isRunning {
            child = Self.children(of: demo.pid).first
            if child == nil { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        let app = try #require(child, "the demo started no app: \(demo.standardError)")
        kill(app, SIGKILL)
        #expect(await demo.waitForExit(timeout: AppHarness.patience) == 137, "\(demo.standardError)")
        // Before or after its window opened, whichever the kill met: the same status and words.
        let said = demo.standardError
        #expect(said.contains("demo failed: the app was ended by signal 9 (status 137) "), "\(said)")
        #expect(said.contains(" as the recording played; ") || said.contains(" before it opened its window; "), "\(said)")
        #expect(said.hasSuffix("it wrote nothing on stderr\n"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    /// Five thousand fingers down in one frame: delivered (the compositor writes the frame out
    /// as libwayland's buffer fills), the picture saved, the child ending cleanly.
    @Test func fiveThousandFingersInOneFrameAreDelivered() async throws {
        var body = ""
        for i in 0..<5_000 { body += "0 1 down \(i) \(10 + (i * 7) % 780) \(10 + (i * 13) % 580)\n" }
        body += "0 1 frame\n"
        for i in 0..<5_000 { body += "100 1 up \(i)\n" }
        body += "100 1 frame\n"
        let (dir, recording, png) = try Self.scratch("crowd", body)
        defer { try? FileManager.default.removeItem(at: dir) }
        let demo = try AppHarness.launch(["demo", "--recording", recording, "--png", png], environment: Self.environment)
        #expect(await demo.waitForExit(timeout: 90) == 0, "\(demo.standardError)")
        #expect(demo.standardError.contains("saved \(png)"), "\(demo.standardError)")
        #expect(!demo.standardError.contains("error in client communication"), "\(demo.standardError)")
    }
}
