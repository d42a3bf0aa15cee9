import Testing
import TouchKit

/// The gesture recognizers' delivery rules, one test each: what recognizers and views see, and when.
@MainActor @Suite struct GestureDeliveryTests {
    @Test func recognizersOfTheViewAndItsAncestorsSeeATouchBeforeTheView() {
        let g = GestureHarness()
        var order: [String] = []
        final class Spy: GestureRecognizer {
            var onBegan: () -> Void = {}
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { onBegan() }
        }
        let own = g.add(Spy(), name: "own")
        let ancestor = g.add(Spy(), name: "ancestor", to: g.h.root)
        own.onBegan = { order.append("own:\(g.view.calls.count)") }
        ancestor.onBegan = { order.append("ancestor:\(g.view.calls.count)") }
        g.down(0, 150, 150)
        #expect(order == ["own:0", "ancestor:0"], "nearest first, both before the view's touchesBegan")
        #expect(g.viewPhases == [.began])
    }

    @Test func aPanThatRecognizesCancelsTheTouchesInItsView() {
        let g = GestureHarness()
        g.add(PanGestureRecognizer(), name: "pan")
        g.down(0, 150, 150, at: 0)
        g.move(0, 155, 150, at: 10)
        #expect(g.viewPhases == [.began, .moved], "before it recognizes the view follows the finger")
        g.move(0, 175, 150, at: 20)
        #expect(g.states(of: "pan") == [.began])
        #expect(g.viewPhases == [.began, .moved, .cancelled], "recognizing takes the touch from the view")
        g.move(0, 200, 150, at: 30)
        g.up(0, at: 40)
        #expect(g.viewPhases == [.began, .moved, .cancelled], "and the view hears nothing more of it")
        #expect(g.states(of: "pan") == [.began, .changed, .ended])
    }

    @Test func withoutCancelsTouchesInViewTheViewKeepsItsTouches() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.cancelsTouchesInView = false
        g.down(0, 150, 150, at: 0)
        g.move(0, 175, 150, at: 20)
        g.up(0, at: 30)
        #expect(g.states(of: "pan") == [.began, .ended])
        #expect(g.viewPhases == [.began, .moved, .ended])
    }

    @Test func withDelaysTouchesBeganTheViewSeesNothingUntilTheRecognizerFails() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.delaysTouchesBegan = true
        pan.minimumNumberOfTouches = 2
        g.down(0, 150, 150, at: 0)
        g.move(0, 152, 150, at: 10)
        #expect(g.view.calls.isEmpty, "held while the pan may still recognize")
        g.up(0, at: 20)
        #expect(g.states(of: "pan") == [.failed])
        #expect(g.viewPhases == [.began, .ended], "failure delivers the held began, then the end")
    }

    @Test func withDelaysTouchesBeganARecognizedGestureNeverReachesTheView() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.delaysTouchesBegan = true
        g.down(0, 150, 150, at: 0)
        g.move(0, 180, 150, at: 10)
        g.up(0, at: 20)
        #expect(g.states(of: "pan") == [.began, .ended])
        #expect(g.view.calls.isEmpty, "not even a cancel: the view never saw the touch begin")
    }

    @Test func delaysTouchesEndedHoldsTheEndUntilTheRecognizerDecides() {
        let g = GestureHarness()
        let doubleTap = g.add(TapGestureRecognizer(), name: "double")
        doubleTap.numberOfTapsRequired = 2
        g.tap(0, 150, 150, at: 0)
        #expect(g.viewPhases == [.began], "the first tap's end waits: it may be half a double tap")
        g.window.advanceGestures(to: 0.5)
        #expect(g.states(of: "double") == [.failed])
        #expect(g.viewPhases == [.began, .ended], "failure delivers the held end")
    }

    @Test func aRecognizedDoubleTapTurnsTheHeldEndsIntoCancels() {
        let g = GestureHarness()
        let doubleTap = g.add(TapGestureRecognizer(), name: "double")
        doubleTap.numberOfTapsRequired = 2
        g.tap(0, 150, 150, at: 0)
        g.tap(1, 152, 151, at: 200)
        #expect(g.states(of: "double") == [.ended])
        #expect(g.viewPhases == [.began, .began, .cancelled, .cancelled],
                "both taps' touches are taken from the view, the first one's held end included")
    }

    @Test func withoutDelaysTouchesEndedTheEndGoesStraightThrough() {
        let g = GestureHarness()
        let doubleTap = g.add(TapGestureRecognizer(), name: "double")
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesEnded = false
        g.tap(0, 150, 150, at: 0)
        #expect(g.viewPhases == [.began, .ended])
    }

    @Test func aSingleTapThatRequiresADoubleTapsFailureWaitsForItsTimeoutThenFires() {
        let g = GestureHarness()
        let doubleTap = g.add(TapGestureRecognizer(), name: "double")
        doubleTap.numberOfTapsRequired = 2
        var singles: [Point] = []
        let singleTap = g.add(TapGestureRecognizer { singles.append($0.location(in: nil)) }, name: "single")
        singleTap.require(toFail: doubleTap)
        g.tap(0, 150, 150, at: 0)
        #expect(singles.isEmpty && g.states(of: "single").isEmpty, "waiting for the double tap")
        g.window.advanceGestures(to: 0.3)
        #expect(singles.isEmpty, "the double tap's 0.35 s after the lift have not passed")
        let due = g.window.nextGestureDeadline ?? 0
        #expect(abs(due - 0.4) < 1e-9, "the app's timer would fire 0.35 s after the lift")
        g.at(400)
        g.window.advanceGestures()
        #expect(g.states(of: "double") == [.failed])
        #expect(g.states(of: "single") == [.ended])
        #expect(singles == [Point(x: 150, y: 150)], "where the tap landed")
    }

    @Test func aDoubleTapThatRecognizesFailsTheSingleTapWaitingForIt() {
        let g = GestureHarness()
        let doubleTap = g.add(TapGestureRecognizer(), name: "double")
        doubleTap.numberOfTapsRequired = 2
        let singleTap = g.add(TapGestureRecognizer(), name: "single")
        singleTap.require(toFail: doubleTap)
        g.tap(0, 150, 150, at: 0)
        g.tap(1, 151, 150, at: 150)
        g.window.advanceGestures(to: 2)
        #expect(g.states(of: "double") == [.ended])
        #expect(g.states(of: "single") == [.failed])
    }

    @Test func recognizersOfOneViewAreExclusive() {
        let g = GestureHarness()
        g.add(PanGestureRecognizer(), name: "pan")
        g.add(LongPressGestureRecognizer(), name: "press")
        g.down(0, 150, 150, at: 0)
        g.move(0, 170, 150, at: 100)
        g.window.advanceGestures(to: 1)
        g.up(0, at: 1000)
        #expect(g.states(of: "pan") == [.began, .ended])
        #expect(g.states(of: "press") == [.failed], "the pan won the touch")
    }

    @Test func aDisabledRecognizerSeesNothing() {
        let g = GestureHarness()
        final class Counting: GestureRecognizer {
            var seen = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { seen += touches.count }
            override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { seen += touches.count }
            override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { seen += touches.count }
        }
        let counting = g.add(Counting(), name: "counting")
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        counting.isEnabled = false
        pan.isEnabled = false
        g.down(0, 150, 150, at: 0)
        g.move(0, 190, 150, at: 10)
        g.up(0, at: 20)
        #expect(counting.seen == 0)
        #expect(g.states(of: "pan").isEmpty)
        #expect(g.viewPhases == [.began, .moved, .ended], "the view gets its touch as if there were none")
    }

    @Test func disablingARecognizerMidGestureCancelsIt() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        var actions: [GestureRecognizer.State] = []
        pan.addTarget { actions.append($0.state) }
        g.down(0, 150, 150, at: 0)
        g.move(0, 180, 150, at: 10)
        pan.isEnabled = false
        g.move(0, 200, 150, at: 20)
        #expect(actions == [.began, .cancelled])
        g.up(0, at: 30)
        #expect(pan.state == .possible, "reset once its touch is done")
    }

    @Test func aRecognizerOnASingleTouchViewStillSeesEveryFinger() {
        let g = GestureHarness()
        g.view.isMultipleTouchEnabled = false
        let pinch = g.add(PinchGestureRecognizer(), name: "pinch")
        g.down(0, 200, 200, at: 0)
        g.down(1, 300, 200, at: 10)
        g.move(1, 340, 200, at: 20)
        #expect(g.states(of: "pinch") == [.began])
        #expect(pinch.numberOfTouches == 2)
    }

    @Test func allowedTouchTypesChooseBetweenFingersAndTheMouse() {
        let g = GestureHarness()
        let fingers = g.add(TapGestureRecognizer(), name: "fingers")
        fingers.allowedTouchTypes = [.direct]
        let mouse = g.add(TapGestureRecognizer(), name: "mouse")
        mouse.allowedTouchTypes = [.indirectPointer]
        mouse.require(toFail: fingers)
        g.h.pointer(.enter(location: Point(x: 200, y: 200)), .frame)
        g.h.pointer(.button(time: 0, button: 0x110, pressed: true), .frame)
        g.h.pointer(.button(time: 50, button: 0x110, pressed: false), .frame)
        #expect(g.states(of: "mouse") == [.ended], "the finger-only recognizer never saw the click")
        #expect(g.states(of: "fingers").isEmpty)
        g.tap(0, 200, 200, at: 500)
        #expect(g.states(of: "fingers") == [.ended])
        #expect(g.states(of: "mouse") == [.ended])
    }

    @Test func aSystemCancelCancelsARecognizerInProgress() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.cancelsTouchesInView = false
        g.down(0, 200, 200, at: 0)
        g.move(0, 230, 200, at: 10)
        g.h.touch(.cancel)
        #expect(g.states(of: "pan") == [.began, .cancelled])
        #expect(g.viewPhases == [.began, .moved, .cancelled])
        #expect(pan.state == .possible)
    }

    @Test func aHeldBeganArrivesWhereTheFingerIsNow() {
        let g = GestureHarness()
        let press = g.add(LongPressGestureRecognizer(), name: "press")
        press.delaysTouchesBegan = true
        var began: [Point] = []
        g.view.onBegan = { touches in began += touches.map { $0.location(in: nil) } }
        g.down(0, 200, 200, at: 0)
        g.move(0, 205, 200, at: 10)
        #expect(g.view.calls.isEmpty)
        g.move(0, 220, 200, at: 20)
        #expect(g.states(of: "press") == [.failed], "strayed 20 pt")
        #expect(g.viewPhases == [.began])
        #expect(began == [Point(x: 220, y: 200)])
        g.move(0, 240, 200, at: 30)
        g.up(0, at: 40)
        #expect(g.viewPhases == [.began, .moved, .ended])
    }
}
