import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasConstants

/// `touchcanvas check` against a compositor that cancels the fingers a system gesture takes,
/// and against one that lets them up as ordinary touches.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct CheckEndToEndTests {
    func threeFingersDownAndMoving(_ h: AppHarness) {
        let c = h.compositor
        for id: Int32 in 0..<3 { c.touchDown(id: id, x: 100 + Double(id) * 100, y: 200) }
        c.touchFrame()
        h.settle(0.05)
        for step in 1...10 {
            for id: Int32 in 0..<3 { c.touchMotion(id: id, x: 100 + Double(id) * 100, y: 200 - Double(step) * 8) }
            c.touchFrame()
            c.pump(for: 0.01)
        }
    }

    func report(_ h: AppHarness) -> String {
        h.app.drainOutput()
        return h.app.standardOutput
    }

    @Test func aCompositorThatCancelsPasses() throws {
        let h = try AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        threeFingersDownAndMoving(h)
        h.compositor.touchCancel()
        let status = h.app.waitForExit(timeout: 10, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)\n\(h.app.standardError)")
        #expect(text.contains("cancel: arrived"))
        #expect(text.contains("covering touch 1 (id 0), touch 2 (id 1), touch 3 (id 2)"))
        #expect(text.contains("fingers held: touch 1 (id 0), touch 2 (id 1), touch 3 (id 2)"))
        #expect(text.contains("\ntouchcanvas version: \(TouchCanvasVersion.current)\n"))
        #expect(text.contains("seat \"seat0\": wl_seat v"))
        #expect(text.contains("wl_touch v"))
        #expect(text.contains("anomalies: none"))
        #expect(text.contains("result: the compositor behaved"))
        // The prompts were shown as the check went on.
        #expect(h.app.standardError.contains("Put 3 fingers"))
        #expect(h.app.standardError.contains("Now do a system gesture"))
    }

    @Test func aCompositorThatLetsTheFingersUpFails() throws {
        let h = try AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        threeFingersDownAndMoving(h)
        for id: Int32 in 0..<3 { h.compositor.touchUp(id: id) }
        h.compositor.touchFrame()
        let status = h.app.waitForExit(timeout: 10, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1, "\(text)")
        #expect(text.contains("cancel: none arrived"))
        #expect(text.contains("lifted with up: touch 1 (id 0), touch 2 (id 1), touch 3 (id 2)"))
        #expect(text.contains("ups: 3, followed by a frame: 3"))
        #expect(text.contains("result: the compositor did not behave: no wl_touch.cancel arrived"))
    }

    @Test func gnomesMissingFrameIsToleratedButReported() throws {
        let h = try AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        threeFingersDownAndMoving(h)
        h.compositor.touchUp(id: 2)
        h.compositor.touchFrame()
        h.compositor.touchCancel()
        h.settle(0.1)
        let status = h.app.waitForExit(timeout: 10, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)")
        #expect(text.contains("covering touch 1 (id 0), touch 2 (id 1)"))
        #expect(text.contains("lifted with up: touch 3 (id 2)"))
    }

    @Test func runningOutOfTimeFailsWithTheReason() throws {
        let h = try AppHarness(arguments: ["check", "--timeout", "1"], size: (600, 400))
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        let status = h.app.waitForExit(timeout: 10, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1)
        #expect(text.contains("result: the compositor did not behave: timed out waiting for 3 fingers"))
    }

    @Test func aBadProtocolStreamFailsTheCheck() throws {
        let h = try AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        threeFingersDownAndMoving(h)
        h.compositor.repeatedTouchDown(id: 1, x: 300, y: 300)  // id 1 is already down
        h.compositor.touchFrame()
        h.compositor.touchCancel()
        let status = h.app.waitForExit(timeout: 10, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1, "\(text)")
        #expect(text.contains("anomaly: duplicate-down"))
        #expect(text.contains("result: the compositor did not behave: the compositor sent duplicate-down ×1"))
    }
}
