import Testing
import TouchKit

/// The delivery rules of the Event Handling Guide (*Multitouch Events*), each as the guide states it.
@MainActor @Suite struct ResponderRulesTests {
    /// Figure 3-5: views A (exclusive), B and C side by side.
    private func abc() -> (Harness, a: RecordingView, b: RecordingView, c: RecordingView) {
        let h = Harness()
        let a = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 600))
        let b = RecordingView(frame: Rect(x: 300, y: 0, width: 200, height: 600))
        let c = RecordingView(frame: Rect(x: 600, y: 0, width: 200, height: 600))
        a.isExclusiveTouch = true
        for view in [a, b, c] { h.root.addSubview(view) }
        return (h, a, b, c)
    }

    @Test func exclusiveViewAloneRecognisesItsTouch() {
        let (h, a, _, _) = abc()
        h.touch(down(0, 100, 100), .frame, up(0), .frame)
        #expect(a.calls.map(\.phase) == [.began, .ended])
    }

    @Test func exclusiveViewGetsNothingWhileBTracks() {
        let (h, a, b, _) = abc()
        h.touch(down(0, 400, 100), .frame, down(1, 100, 100), .frame, up(1), .frame)
        #expect(a.calls.isEmpty, "B was tracking a touch, so A was not the only view")
        #expect(b.calls.map(\.phase) == [.began])
        #expect(h.root.calls.isEmpty, "the refused touch does not go up the chain either")
    }

    @Test func bGetsNothingWhileTheExclusiveViewTracks() {
        let (h, a, b, _) = abc()
        h.touch(down(0, 100, 100), .frame, down(1, 400, 100), .frame, up(1), .frame)
        #expect(a.calls.map(\.phase) == [.began])
        #expect(b.calls.isEmpty, "A is the only view tracking touches")
    }

    @Test func bAndCTrackTogetherAtAnyTime() {
        let (h, _, b, c) = abc()
        h.touch(down(0, 400, 100), .frame, down(1, 700, 100), .frame, up(0), up(1), .frame)
        #expect(b.calls.map(\.phase) == [.began, .ended])
        #expect(c.calls.map(\.phase) == [.began, .ended])
    }

    @Test func applicationWideIgnoringKeepsEvenTheEndAway() {
        let h = Harness()
        Application.shared.beginIgnoringInteractionEvents()
        Application.shared.beginIgnoringInteractionEvents()
        h.touch(down(0, 100, 100), .frame)
        Application.shared.endIgnoringInteractionEvents()
        #expect(h.window.isIgnoringInteractionEvents, "calls nest")
        Application.shared.endIgnoringInteractionEvents()
        #expect(!h.window.isIgnoringInteractionEvents)
        h.touch(motion(0, 120, 100), .frame, up(0), .frame)
        #expect(h.root.calls.isEmpty, "began while ignoring: never delivered, not even its end")
        h.touch(down(1, 100, 100), .frame, up(1), .frame)
        #expect(h.root.calls.map(\.phase) == [.began, .ended], "afterwards touches flow again")
        Application.shared.endIgnoringInteractionEvents()
        #expect(!Application.shared.isIgnoringInteractionEvents, "an extra end does not go negative")
    }

    @Test func lastFingerLiftedRule() {
        // Listing 3-7: in touchesEnded, the set holds as many touches as the event has for the view.
        final class LastFingerView: View {
            var lastLifted = 0
            override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
                if touches.count == event.touches(for: self).count { lastLifted += 1 }
            }
        }
        let h = Harness()
        let view = LastFingerView(frame: h.root.bounds)
        view.isMultipleTouchEnabled = true
        h.root.addSubview(view)
        h.touch(down(0, 100, 100), down(1, 200, 100), down(2, 300, 100), .frame)
        h.touch(up(0), .frame)
        h.touch(up(1), .frame)
        #expect(view.lastLifted == 0, "a finger is still down")
        h.touch(up(2), .frame)
        #expect(view.lastLifted == 1)
        h.touch(down(3, 100, 100), down(4, 200, 100), .frame, up(3), up(4), .frame)
        #expect(view.lastLifted == 2, "both lifting in one event is also the last")
    }

    @Test func windowForwardsTouchesToAHelperResponder() {
        // Listing 3-8: a window subclass analyses touches in sendEvent and forwards them to a
        // helper responder as well as delivering them normally.
        final class Helper: Responder {
            var moved: [Int] = []
            override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
                moved += touches.map(\.number)
            }
        }
        final class ForwardingWindow: Window {
            let helper = Helper()
            override func sendEvent(_ event: TouchEvent) {
                let moving = event.touches(in: .moved)
                if !moving.isEmpty { helper.touchesMoved(moving, with: event) }
                super.sendEvent(event)
            }
        }
        let window = ForwardingWindow(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let view = RecordingView(frame: window.bounds)
        window.addSubview(view)
        let machine = TouchInputMachine(window: window)
        for input in [down(0, 1, 1), .frame, motion(0, 5, 5), .frame, up(0), .frame] {
            machine.handle(input, seat: SeatID(1))
        }
        #expect(window.helper.moved.count == 1)
        #expect(view.calls.map(\.phase) == [.began, .moved, .ended], "and the view still gets them")
    }

    @Test func aViewForwardsToAnotherResponderItChooses() {
        // "View A forwards the event to either view B or view C": A decides per touch.
        final class Router: View {
            let left = RecordingView(), right = RecordingView()
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
                for touch in touches {
                    (touch.location(in: self).x < bounds.midX ? left : right).touchesBegan([touch], with: event)
                }
            }
        }
        let h = Harness()
        let router = Router(frame: h.root.bounds)
        router.isMultipleTouchEnabled = true
        h.root.addSubview(router)
        h.touch(down(0, 100, 100), down(1, 700, 100), .frame)
        #expect(router.left.calls.count == 1 && router.right.calls.count == 1)
        #expect(h.root.calls.isEmpty)
    }

    @Test func superviewInterceptsTouchesOfItsSubviews() {
        final class Intercepting: View {
            var began = 0
            override func hitTest(_ point: Point, with event: TouchEvent?) -> View? {
                super.hitTest(point, with: event) == nil ? nil : self
            }
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { began += touches.count }
        }
        let h = Harness()
        let outer = Intercepting(frame: h.root.bounds)
        let inner = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        outer.addSubview(inner)
        h.root.addSubview(outer)
        h.touch(down(0, 100, 100), .frame)
        #expect(outer.began == 1 && inner.calls.isEmpty)
    }
}
