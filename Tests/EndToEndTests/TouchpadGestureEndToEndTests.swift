import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Touchpad gestures (`zwp_pointer_gestures_v1`) reach the app: bound at version 3 with a swipe,
/// a pinch and a hold object per pointer, and logged raw as they arrived.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct TouchpadGestureEndToEndTests {
    func rawGestureLines(_ h: AppHarness) -> [[String: Any]] {
        h.logLines.filter { ($0["interface"] as? String)?.hasPrefix("zwp_pointer_gesture_") == true }
    }

    @Test func aPinchIsLoggedRawWithItsCancelledFlag() async throws {
        let h = try await AppHarness(arguments: ["--scene", "gestures", "--log", "raw"])
        let c = h.compositor
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.pointerGestureObjectCount == 3 }, "swipe, pinch and hold for the one pointer")
        c.pointerEnter(x: 200, y: 150)
        c.pointerFrame()
        #expect(c.pinchBegin(fingers: 2))
        #expect(c.pinchUpdate(dx: 1, dy: 0, scale: 1.5, rotation: 10))
        #expect(c.pinchEnd(cancelled: true))
        #expect(c.holdBegin(fingers: 3))
        #expect(c.holdEnd(cancelled: false))
        #expect(await h.waitForLog { _ in rawGestureLines(h).count >= 5 })
        let lines = rawGestureLines(h)
        let events = lines.map { "\($0["interface"] as? String ?? "") \($0["event"] as? String ?? "")" }
        #expect(events == ["zwp_pointer_gesture_pinch_v1 begin", "zwp_pointer_gesture_pinch_v1 update", "zwp_pointer_gesture_pinch_v1 end",
                           "zwp_pointer_gesture_hold_v1 begin", "zwp_pointer_gesture_hold_v1 end"], "\(lines)")
        #expect(lines.first?["surface"] as? String == "ours" && lines.first?["fingers"] as? Int == 2)
        #expect(lines.dropFirst().first?["scale"] as? Double == 1.5 && lines.dropFirst().first?["rotation"] as? Double == 10)
        #expect(lines.dropFirst(2).first?["cancelled"] as? Int == 1)
        #expect(lines.last?["cancelled"] as? Int == 0)
    }

    @Test func versionOneHasNoHold() async throws {
        let compositor = try ScriptedCompositor(pointerGesturesVersion: 1)
        let app = try ClientProcess(executable: AppHarness.executablePath, arguments: ["--scene", "gestures"],
                                    environment: compositor.environmentForClient)
        defer { _ = app.terminate() }
        #expect(await compositor.waitForMappedToplevel(timeout: AppHarness.patience))
        #expect(await compositor.waitUntil(timeout: AppHarness.patience) { compositor.pointerGestureObjectCount == 2 }, "swipe and pinch only")
        await compositor.pump(for: 0.2)
        #expect(compositor.pointerGestureObjectCount == 2)
        #expect(compositor.protocolErrors.isEmpty, "\(compositor.protocolErrors)")
    }
}
