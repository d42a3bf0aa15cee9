import Testing
import TouchKit

/// Touchpad pinches, swipes and holds (`zwp_pointer_gestures_v1`, model side).
@MainActor @Suite struct TouchpadGestureTests {
    private func gesture(_ kind: TouchpadGesture.Kind, _ phase: TouchpadGesture.Phase, fingers: Int = 2,
                         at time: Double, location: Point = Point(x: 200, y: 200), delta: Point = .zero,
                         scale: Double = 1, rotation: Double = 0) -> TouchpadGesture {
        TouchpadGesture(kind: kind, phase: phase, fingers: fingers, location: location, time: time,
                        delta: delta, scale: scale, rotation: rotation)
    }

    @Test func aTouchpadPinchScalesAndTurnsTheViewUnderThePointer() {
        let g = GestureHarness()
        let pinch = g.add(PinchGestureRecognizer(), name: "pinch")
        let rotation = g.add(RotationGestureRecognizer(), name: "rotation")
        final class Together: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer,
                                   shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
        }
        let together = Together()
        pinch.delegate = together
        var scales: [Double] = []
        pinch.addTarget { scales.append($0.scale) }
        g.window.sendTouchpadGesture(gesture(.pinch, .began, at: 1.0))
        #expect(pinch.state == .possible && pinch.numberOfTouches == 2)
        g.window.sendTouchpadGesture(gesture(.pinch, .changed, at: 1.01, scale: 1.2, rotation: 9))
        g.window.sendTouchpadGesture(gesture(.pinch, .changed, at: 1.02, scale: 1.5, rotation: 9))
        #expect(abs(rotation.rotation - .pi / 10) < 1e-9, "18 degrees clockwise, in radians")
        #expect(pinch.location(in: g.view) == Point(x: 100, y: 100), "at the pointer")
        g.window.sendTouchpadGesture(gesture(.pinch, .ended, at: 1.03))
        #expect(g.states(of: "pinch") == [.began, .changed, .ended])
        #expect(g.states(of: "rotation") == [.began, .changed, .ended])
        #expect(scales == [1.2, 1.5, 1.5])
        #expect(g.view.calls.isEmpty, "views never see touchpad gestures")
    }

    @Test func aTouchpadPinchEndedWithCancelledIsCancelled() {
        let g = GestureHarness()
        var states: [GestureRecognizer.State] = []
        g.add(PinchGestureRecognizer { states.append($0.state) }, name: "pinch")
        g.window.sendTouchpadGesture(gesture(.pinch, .began, at: 1.0))
        g.window.sendTouchpadGesture(gesture(.pinch, .changed, at: 1.01, scale: 1.3))
        g.window.sendTouchpadGesture(gesture(.pinch, .cancelled, at: 1.02))
        #expect(states == [.began, .cancelled], "cancelled, never ended: the app rolls back")
        #expect(g.states(of: "pinch") == [.began, .cancelled])
    }

    @Test func aThreeFingerSwipeDrivesAPanWithItsFingerCount() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.minimumNumberOfTouches = 3
        var seen: [(Point, Int)] = []
        pan.addTarget { recognizer in
            seen.append((recognizer.translation(in: nil), recognizer.numberOfTouches))
        }
        g.window.sendTouchpadGesture(gesture(.swipe, .began, fingers: 3, at: 1.0))
        g.window.sendTouchpadGesture(gesture(.swipe, .changed, fingers: 3, at: 1.01, delta: Point(x: 5, y: 1)))
        g.window.sendTouchpadGesture(gesture(.swipe, .changed, fingers: 3, at: 1.02, delta: Point(x: 5, y: 1)))
        g.window.sendTouchpadGesture(gesture(.swipe, .ended, fingers: 3, at: 1.03))
        #expect(g.states(of: "pan") == [.began, .changed, .ended])
        #expect(seen.map(\.0) == [Point(x: 5, y: 1), Point(x: 10, y: 2), Point(x: 10, y: 2)])
        #expect(seen.allSatisfy { $0.1 == 3 })
    }

    @Test func aSwipeWithTooFewFingersIsNoPan() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.minimumNumberOfTouches = 4
        g.window.sendTouchpadGesture(gesture(.swipe, .began, fingers: 3, at: 1.0))
        g.window.sendTouchpadGesture(gesture(.swipe, .changed, fingers: 3, at: 1.01, delta: Point(x: 30, y: 0)))
        #expect(g.states(of: "pan").isEmpty)
    }

    @Test func aHoldCancelsAPanInFlight() {
        let g = GestureHarness()
        g.add(PanGestureRecognizer(), name: "pan")
        g.window.sendTouchpadGesture(gesture(.swipe, .began, fingers: 3, at: 1.0))
        g.window.sendTouchpadGesture(gesture(.swipe, .changed, fingers: 3, at: 1.01, delta: Point(x: 5, y: 0)))
        g.window.sendTouchpadGesture(gesture(.hold, .began, fingers: 3, at: 1.02))
        #expect(g.states(of: "pan") == [.began, .cancelled])
        g.window.sendTouchpadGesture(gesture(.swipe, .ended, fingers: 3, at: 1.03))
        #expect(g.states(of: "pan") == [.began, .cancelled], "its end changes nothing more")
    }

    @Test func thePointerOutsideTheViewReachesNoneOfItsRecognizers() {
        let g = GestureHarness()
        g.add(PinchGestureRecognizer(), name: "pinch")
        g.window.sendTouchpadGesture(gesture(.pinch, .began, at: 1.0, location: Point(x: 20, y: 20)))
        g.window.sendTouchpadGesture(gesture(.pinch, .changed, at: 1.01, location: Point(x: 200, y: 200), scale: 2))
        #expect(g.states(of: "pinch").isEmpty, "chosen once, at the begin")
    }

    @Test func theMachineUnwrapsTimesAndTakesThePointersPlace() {
        let g = GestureHarness()
        let pinch = g.add(PinchGestureRecognizer(), name: "pinch")
        g.h.pointer(.enter(location: Point(x: 250, y: 250)), .frame)
        let seat = Harness.seat0
        g.h.machine.handleTouchpadGesture(gesture(.pinch, .began, at: 0, location: .zero), time: 1000, seat: seat)
        g.h.machine.handleTouchpadGesture(gesture(.pinch, .changed, at: 0, location: .zero, scale: 1.1), time: 1016, seat: seat)
        #expect(g.states(of: "pinch") == [.began])
        #expect(abs(g.window.gestureTime - 1.016) < 1e-9)
        #expect(pinch.location(in: nil) == Point(x: 250, y: 250))
    }

    @Test func aRecognizerForFingersOnlyIgnoresTheTouchpad() {
        let g = GestureHarness()
        let pinch = g.add(PinchGestureRecognizer(), name: "pinch")
        pinch.allowedTouchTypes = [.direct]
        g.window.sendTouchpadGesture(gesture(.pinch, .began, at: 1.0))
        g.window.sendTouchpadGesture(gesture(.pinch, .changed, at: 1.01, scale: 2))
        #expect(g.states(of: "pinch").isEmpty, "touchpad gestures are indirectPointer")
    }
}
