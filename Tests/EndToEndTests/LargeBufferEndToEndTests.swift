import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// A resize to a large window: its new buffer is faulted in off the main thread, and the frame
/// waits for it in the loop. The loop answers meanwhile, and what a person sees does not change:
/// the frame at the new size comes by itself, whole, and a save just after the resize is of the
/// new size.
///
/// On the held clock (``ManualClock``, which the app reads too). The app answers a reading only
/// once no buffer is being faulted in (`EventLoop.isWorkInFlight`), so the held time stands
/// still while the kernel works in real time: the frame at the new size comes within the
/// refresh of the resize, and no timer of the app (the stall timer) can fire first. How long the
/// faulting takes on this machine, and how long the loop is away from `poll` meanwhile, is a
/// benchmark's (`LoopTurns`, BENCHMARKS.md).
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct LargeBufferEndToEndTests {
    /// 800×600 (1.9 MB, faulted by its first frame) to 3840×2160 (33 MB, prefaulted): the new
    /// size is drawn with no further input, the stroke where it was and white everywhere else.
    @Test func theFrameAtALargeNewSizeComesWhenItsBufferIsReady() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--decorations", "none"], outputMode: (3840, 2160),
                               size: (800, 600), clock: ManualClock())
        await h.drawLine(fromX: 100, y: 200, step: 40, steps: 12)
        let small = try #require(await h.frame { $0.inkedPixels(x: 100...580, y: 195...205) > 300 })
        #expect(small.width == 800)
        // Idle, and no frame callback will come to draw again: the buffer's readiness brings
        // the frame (PrefaultedSwapchainTests checks it is announced; the stall timer would
        // only draw it a quarter of a second later).
        #expect(await h.idle(quiet: 0.5))
        h.compositor.answersFrameCallbacks = false
        h.compositor.configure(width: 3840, height: 2160)
        let large = try #require(await h.frame { $0.width == 3840 && $0.height == 2160 && $0.inkedPixels(x: 100...580, y: 195...205) > 300 })
        #expect(large.width == 3840 && large.height == 2160, "the resize is drawn without any input after it")
        #expect(large.inkedPixels(x: 100...580, y: 195...205) > 300, "the stroke rebuilt at the new size")
        #expect(large.inkedPixels(x: 1000...3839, y: 0...2159) == 0, "white, not the buffer's zeroes, away from the stroke")
        #expect(large.isWhite(at: 3839, 2159) && large.isWhite(at: 3000, 10))
    }

    /// 7680×4320, the largest window: the kernel takes some 75 ms here to fault its new buffer
    /// in (133 MB). The frame at the new size is committed within the refresh of the resize,
    /// whole, and a ping sent with the resize is answered.
    @Test func aResizeToEightKIsDrawnWholeAtOnce() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--decorations", "none"], outputMode: (7680, 4320),
                               size: (800, 600), clock: ManualClock())
        await h.idle()
        let c = h.compositor
        let resized = c.clockNanoseconds
        c.configure(width: 7680, height: 4320)
        let serial = c.ping()
        let large = try #require(await h.frame { $0.width == 7680 })
        #expect(c.lastPongSerial == serial)
        #expect(large.width == 7680 && large.height == 4320 && large.isWhite(at: 7679, 4319) && large.isWhite(at: 10, 10))
        let commit = try #require(c.stats.perCommit.last)
        // Before the next vblank, long before the pacer's stall timer (a quarter of a second).
        #expect(commit.uptimeNanoseconds - resized < 16_666_667, "committed \(commit.uptimeNanoseconds &- resized) ns after the resize")
    }

    /// SIGTERM right behind a resize: the save on exit waits for the new buffer and is of the
    /// new size, with the drawing.
    @Test func aSaveJustAfterAResizeIsOfTheNewSize() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-largebuffer-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appendingPathComponent("saved.png").path
        let h = try await AppHarness(arguments: ["--scene", "trace", "--decorations", "none", "--save-on-exit", saved],
                               outputMode: (3840, 2160), size: (800, 600), clock: ManualClock())
        await h.drawLine(fromX: 100, y: 200, step: 40, steps: 12)
        _ = await h.frame { $0.inkedPixels(x: 100...580, y: 195...205) > 300 }
        h.compositor.configure(width: 3000, height: 2000)
        await h.compositor.pump(for: 0.002)
        // The save of 3000×2000 comes first: on a busy machine it takes seconds.
        #expect(h.app.terminate(grace: AppHarness.patience) == 0)
        let picture = try PNGReader.read(saved)
        #expect(picture.width == 3000 && picture.height == 2000)
        var inked = 0
        for x in stride(from: 100, through: 580, by: 4) {
            guard let p = picture.pixel(x: x, y: 200) else { continue }
            if Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 200 { inked += 1 }
        }
        #expect(inked > 60, "the stroke is in the saved picture")
    }
}
