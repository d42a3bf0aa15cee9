import Foundation
import Rendering
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Held frames: a frame drawn ahead of its deadline takes the input that comes before its
/// commit, and replay draws what the compositor was shown. This one runs on the machine's
/// clock: on the held clock drawing takes no time, so the pacer draws each frame at the last
/// moment and no input is ever late for it. What it asserts is exact either way (the replay's
/// pixels are the shown frame's); that some frame took late input is its precondition, met on
/// any machine, since drawing ten fingers' ink takes time. How soon each pacing shows input is
/// in `HeldClockPacingTests`, and the same figures on the machine's real clock are the
/// TouchLatency benchmark's (BENCHMARKS.md, section A).
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct PacingEndToEndTests {
    /// Ten fingers in the canvas scene under the vblank: a frame drawn ahead of its deadline is
    /// held, and input that comes meanwhile is drawn into it as a display frame of its own. The
    /// recording keeps every one of those, so `replay` draws what the compositor was shown,
    /// pixel for pixel; and held frames did take late input (more display frames than commits).
    @Test func framesHeldForLateInputReplayAsShown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-held-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("held.tcrec").path
        let shown = directory.appendingPathComponent("shown.png").path, replayed = directory.appendingPathComponent("replayed.png").path
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--pacing", "deadline", "--record", recording,
                                                 "--save-on-exit", shown], size: (800, 600),
                                     vblank: VblankMode(hertz: 60, scanoutDelay: .zero))
        await h.idle()
        let c = h.compositor
        let commitsBefore = c.commitCount
        func place(_ finger: Int32, _ step: Int) -> (x: Double, y: Double) {
            let angle = Double(step) * 0.02 + Double(finger) * 0.628
            return (400 + 200 * cos(angle), 300 + 200 * sin(angle))
        }
        for finger: Int32 in 0..<10 { c.touchDown(id: finger, x: place(finger, 0).x, y: place(finger, 0).y) }
        c.touchFrame()
        // A second of motion at 200 Hz, each spacing a little different, so touch frames fall
        // on every phase of the refresh.
        for step in 1...200 {
            for finger: Int32 in 0..<10 { c.touchMotion(id: finger, x: place(finger, step).x, y: place(finger, step).y) }
            c.touchFrame()
            await c.pump(for: 0.004 + 0.002 * Double(step % 5) / 4)
        }
        for finger: Int32 in 0..<10 { c.touchUp(id: finger) }
        c.touchFrame()
        await h.idle()
        let commits = c.commitCount - commitsBefore
        c.tapKey(16)  // q
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: c) == 0)

        // Display frames that delivered touch input (a `frame` line since the one before), against
        // the commits that carried input: a frame drawn again for late input is a second such
        // display frame for one commit. Drawing and committing each frame at once gives as many
        // commits as display frames.
        var inputFrames = 0, sinceFrame = false
        for line in try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n") {
            if line.hasSuffix(" frame") { sinceFrame = true }
            if line.contains(" - display-frame"), sinceFrame {
                inputFrames += 1
                sinceFrame = false
            }
        }
        let inputCommits = c.presentations.filter(\.feedbackRequested).count
        print("held frames: \(inputFrames) display frames with input, \(inputCommits) commits with input, \(commits) commits")
        #expect(inputFrames > inputCommits, "no held frame took late input: \(inputFrames) display frames, \(inputCommits) commits")
        let process = try AppHarness.launch(["replay", recording, "--png", replayed], environment: ["PATH": "/usr/bin:/bin"])
        #expect(await process.waitForExit(timeout: AppHarness.patience) == 0, "\(process.standardError)")
        let saw = try PNGReader.read(shown), replay = try PNGReader.read(replayed)
        #expect(saw.width == replay.width && saw.height == replay.height)
        let differing = differences(saw, replay)
        #expect(differing.isEmpty, "pixels differ between the compositor's frame and the replay: \(differing)")
        // Ink was drawn (two blank pictures would agree too).
        #expect(replay.pixel(x: Int(place(0, 100).x), y: Int(place(0, 100).y)) != PixelColor(red: 0xFF, green: 0xFF, blue: 0xFF))
    }
}
