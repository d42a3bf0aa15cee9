import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// `run --play`: a recording's input drawn live in the window, on a compositor whose own seat
/// sends nothing, the way a headless Weston or a kiosk would show it.
@Suite(.compositorSlot) struct PlaybackEndToEndTests {
    static var recordings: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Recordings").path
    }

    @Test func tenFingersDrawLiveAsTheyDidWhenRecorded() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases", "--play", Self.recordings + "/ten-fingers.tcrec"],
                               size: (800, 600))
        // The recording lasts about 0.6 s.
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.entries(phase: "ended").count >= 10 }
        await h.idle()  // a wrong extra phase would be logged by now
        func strokePixels(_ frame: Frame) -> Int {
            var count = 0
            for y in stride(from: 0, to: frame.height, by: 2) {
                for x in stride(from: 0, to: frame.width, by: 2) {
                    let p = frame.pixel(x: x, y: y)
                    if Colors.matches(p, (0x34, 0x32, 0x9C), tolerance: 6) { count += 1 }
                }
            }
            return count
        }
        #expect(h.entries(phase: "began").count == 10)
        #expect(h.entries(phase: "ended").count == 10)
        #expect(h.entries(phase: "cancelled").isEmpty)
        // Played input comes from a seat of its own, named as in the recording.
        #expect(Set(h.logLines.compactMap { $0["seat"] as? String }) == ["seat0"])
        let frame = try #require(await h.frame { strokePixels($0) > 2000 })
        // Ten strokes several hundred pixels long and 8 px wide (the window is 768 high), sampled
        // every other pixel: thousands; a blank window has none.
        #expect(strokePixels(frame) > 2000, "\(strokePixels(frame)) stroke pixels")
    }

    /// A recorded pen plays into the window too: a stroke pressing harder as it goes, with its
    /// ink wider at the end, from a seat (and tool) of its own.
    @Test func aRecordedPenPlaysLive() async throws {
        var text = "touchcanvas-recording 3\nsize 800 600\nscale 1\nseat 7 seat0\nscene trace\n"
        text += "0 7 tool-added 1 pen 42 - tilt,pressure,distance\n"
        text += "10 7 tool-proximity-in 1 1\n10 7 tool-motion 1 100 300\n10 7 tool-frame 1\n"
        text += "15 7 tool-down 1\n15 7 tool-pressure 1 6553\n15 7 tool-frame 1\n"
        for i in 1...50 {
            let t = 15 + i * 5
            text += "\(t) 7 tool-motion 1 \(100 + i * 10) 300\n\(t) 7 tool-pressure 1 \(6553 + i * 1179)\n\(t) 7 tool-frame 1\n"
        }
        text += "300 7 tool-up 1\n300 7 tool-frame 1\n305 7 tool-proximity-out 1\n305 7 tool-frame 1\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pen-\(getpid()).tcrec").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases", "--play", file], size: (800, 600))
        #expect(await h.waitForLog { $0.contains { $0["type"] as? String == "pencil" && $0["phase"] as? String == "ended" } })
        func rows(_ f: Frame, x: Double) -> Int { (280...320).filter { !f.isWhite(at: x, Double($0)) }.count }
        let frame = try #require(await h.frame { rows($0, x: 590) >= 6 })
        #expect(rows(frame, x: 590) >= 3 * max(rows(frame, x: 105), 1), "\(rows(frame, x: 105)) rows at the start, \(rows(frame, x: 590)) at the end")
    }

    @Test func aPlayedCancelCancels() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases", "--play", Self.recordings + "/pinch-cancel.tcrec"],
                               size: (800, 600))
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.entries(phase: "ended").count >= 2 }
        await h.idle()
        #expect(h.entries(phase: "cancelled").count == 2)
        #expect(h.entries(phase: "ended").count == 2)
    }

    @Test func anUnreadableRecordingIsExitStatusTwoWithTheLine() async throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(getpid()).tcrec").path
        try "touchcanvas-recording 1\nsize 800 x\n".write(toFile: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let compositor = try ScriptedCompositor()
        let app = try AppHarness.launch(["--play", bad], environment: compositor.environmentForClient)
        var status: Int32?
        _ = await compositor.waitUntil(timeout: AppHarness.patience) {
            status = app.exitStatus
            return status != nil
        }
        #expect(status == 2)
        #expect(app.standardError.contains("\(bad):2:"))
        #expect(compositor.toplevel == nil, "no window for a bad file")
    }
}
