import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The inspect scene and the HUD as a person sees them in the committed buffer.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct InspectEndToEndTests {
    static let red: (UInt8, UInt8, UInt8) = (0xE0, 0x1B, 0x24)

    func redPixels(_ frame: Frame, around x: Double, _ y: Double, radius: Double) -> Int {
        var n = 0
        for dy in stride(from: -radius, through: radius, by: 1) {
            for dx in stride(from: -radius, through: radius, by: 1) where Colors.matches(frame.logicalPixel(x + dx, y + dy), Self.red, tolerance: 40) {
                n += 1
            }
        }
        return n
    }

    @Test(arguments: [1, 2] as [Int32])
    func cancelLeavesARedRingThatFadesAndTheHUDCountsIt(scale: Int32) async throws {
        let h = try await AppHarness(arguments: ["--scene", "inspect", "--log", "phases"], outputScale: scale, size: (700, 500))
        let c = h.compositor
        c.touchDown(id: 0, x: 200, y: 300)
        c.touchDown(id: 1, x: 450, y: 320)
        c.touchFrame()
        for step in 1...20 {
            c.touchMotion(id: 0, x: 200 + Double(step) * 5, y: 300)
            c.touchMotion(id: 1, x: 450, y: 320 + Double(step) * 4)
            c.touchFrame()
            await c.pump(for: 0.01)
        }
        let during = try #require(await h.frame { $0.inkedPixels(x: 10...300, y: 10...60) > 200 })
        during.keep(as: "inspect-during-\(scale)")
        // The HUD panel in the top-left holds text.
        #expect(during.inkedPixels(x: 10...300, y: 10...60) > 200)
        c.touchCancel()
        // The ring and the flash fade: take the first frame that shows them.
        let after = try #require(await h.frame {
            redPixels($0, around: 300, 300, radius: 30) > 40 && redPixels($0, around: 450, 400, radius: 30) > 40
                && $0.isWhite(at: 300, 285) && $0.isWhite(at: 465, 400) && redPixels($0, around: 250, 300, radius: 3) > 0
        })
        after.keep(as: "inspect-cancelled-\(scale)")
        // A hollow red ring at each last location (28 px radius): white inside, off the stroke.
        #expect(redPixels(after, around: 300, 300, radius: 30) > 40)
        #expect(redPixels(after, around: 450, 400, radius: 30) > 40)
        #expect(after.isWhite(at: 300, 285) && after.isWhite(at: 465, 400))
        // The cancelled stroke flashes red along its path.
        #expect(redPixels(after, around: 250, 300, radius: 3) > 0)
        await h.waitForLog { $0.entries(phase: "cancelled").count >= 2 }
        #expect(h.entries(phase: "cancelled").count == 2)
        // Shown above, so gone means faded.
        let faded = try #require(await h.frame {
            redPixels($0, around: 300, 300, radius: 30) == 0 && redPixels($0, around: 250, 300, radius: 3) == 0
        })
        faded.keep(as: "inspect-faded-\(scale)")
        #expect(redPixels(faded, around: 300, 300, radius: 30) == 0)
        #expect(redPixels(faded, around: 250, 300, radius: 3) == 0)
    }

    @Test func hTogglesTheHUDInAnyScene() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots"], size: (700, 500))
        await h.idle()
        let before = try #require(h.frame)
        #expect(before.inkedPixels(x: 10...300, y: 10...60) == 0)
        h.compositor.tapKey(35)  // h
        let shown = try #require(await h.frame { $0.inkedPixels(x: 10...300, y: 10...60) > 200 })
        shown.keep(as: "hud-spots")
        #expect(shown.inkedPixels(x: 10...300, y: 10...60) > 200)
        h.compositor.tapKey(35)
        let hidden = try #require(await h.frame { $0.inkedPixels(x: 10...300, y: 10...60) == 0 })
        #expect(hidden.inkedPixels(x: 10...300, y: 10...60) == 0)
    }

    @Test func anIdleHUDStopsCommitting() async throws {
        let h = try await AppHarness(arguments: ["--scene", "inspect"], size: (700, 500))
        h.compositor.touchDown(id: 0, x: 200, y: 300)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        // Rates fall to zero a second later and are drawn once more (no commit for longer than
        // that second is the sign); then nothing, over the span the test is about.
        #expect(await h.idle(quiet: 1.2))
        let commits = h.compositor.commitCount
        await h.observe(for: 1.5)
        #expect(h.compositor.commitCount == commits)
    }
}
