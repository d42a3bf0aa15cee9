import Testing
import TouchKit

/// The recognizer's own rules: allowed transitions, targets, reset, the clock.
@MainActor @Suite struct GestureStateMachineTests {
    /// A recognizer its test drives by hand, through the subclass's `state` setter.
    private final class Manual: GestureRecognizer {}

    @Test func onlyUIKitsTransitionsAreTaken() {
        let g = GestureHarness()
        let manual = g.add(Manual(), name: "manual")
        g.down(0, 200, 200)
        manual.state = .changed
        manual.state = .cancelled
        #expect(manual.state == .possible, "possible goes only to began, ended or failed")
        manual.state = .began
        manual.state = .began
        manual.state = .failed
        #expect(manual.state == .began)
        manual.state = .changed
        manual.state = .changed
        manual.state = .ended
        manual.state = .changed
        manual.state = .began
        #expect(manual.state == .ended, "finished stays finished until the reset")
        #expect(g.states(of: "manual") == [.began, .changed, .changed, .ended])
        g.up(0)
        #expect(manual.state == .possible, "reset once its touches are done")
    }

    @Test func aFailedRecognizerWaitsForItsTouchesBeforeItResets() {
        let g = GestureHarness()
        final class Resetting: GestureRecognizer {
            var resets = 0
            override func reset() { resets += 1 }
        }
        let manual = g.add(Resetting(), name: "manual")
        g.down(0, 200, 200)
        manual.state = .failed
        g.move(0, 220, 200)
        #expect(manual.state == .failed && manual.resets == 0)
        g.up(0)
        #expect(manual.state == .possible && manual.resets == 1)
    }

    @Test func targetsAreCalledUntilRemoved() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        var first = 0, second = 0
        let token = pan.addTarget { _ in first += 1 }
        pan.addTarget { _ in second += 1 }
        g.down(0, 200, 200, at: 0)
        g.move(0, 230, 200, at: 10)
        pan.removeTarget(token)
        g.move(0, 260, 200, at: 20)
        #expect(first == 1 && second == 2)
    }

    @Test func theDelegateCanRefuseToBeginOrToReceive() {
        final class Refusing: GestureRecognizerDelegate {
            var begin = true
            var receive = true
            func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
        }
        let delegate = Refusing()
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.delegate = delegate
        delegate.begin = false
        g.down(0, 200, 200, at: 0)
        g.move(0, 230, 200, at: 10)
        g.up(0, at: 20)
        #expect(g.states(of: "pan") == [.failed])
        delegate.begin = true
        delegate.receive = false
        g.down(1, 200, 200, at: 100)
        g.move(1, 230, 200, at: 110)
        #expect(g.states(of: "pan") == [.failed], "the touch never reached it")
        #expect(pan.numberOfTouches == 0)
    }

    @Test func delegateFailureRequirementsWorkLikeRequireToFail() {
        final class Waiting: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer,
                                   shouldRequireFailureOf other: GestureRecognizer) -> Bool {
                (other as? TapGestureRecognizer)?.numberOfTapsRequired == 2
            }
        }
        let delegate = Waiting()
        let g = GestureHarness()
        let doubleTap = g.add(TapGestureRecognizer(), name: "double")
        doubleTap.numberOfTapsRequired = 2
        // Nothing holds the view's end back, so nothing keeps the shared touch on record.
        doubleTap.delaysTouchesEnded = false
        let single = g.add(TapGestureRecognizer(), name: "single")
        single.delaysTouchesEnded = false
        single.delegate = delegate
        // Fails as the finger lifts: its failure must not let the single tap through early,
        // though the touch the single and double tap shared is gone by then.
        g.add(PanGestureRecognizer(), name: "pan")
        g.tap(0, 200, 200, at: 0)
        #expect(g.states(of: "pan") == [.failed])
        #expect(g.states(of: "single").isEmpty)
        g.window.advanceGestures(to: 0.2)
        #expect(g.states(of: "single").isEmpty)
        g.window.advanceGestures(to: 1)
        #expect(g.states(of: "single") == [.ended])
    }

    @Test func canPreventLetsARecognizerStandAside() {
        final class Modest: PanGestureRecognizer {
            override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
        }
        let g = GestureHarness()
        g.add(Modest(), name: "pan")
        let press = g.add(LongPressGestureRecognizer(), name: "press")
        press.allowableMovement = 100
        g.down(0, 200, 200, at: 0)
        g.move(0, 230, 200, at: 100)
        g.window.advanceGestures(to: 0.6)
        #expect(g.states(of: "press") == [.began], "the pan's win did not fail it")
        #expect(g.states(of: "pan") == [.began, .cancelled], "but the press, which can prevent, stops the pan")
    }

    @Test func removingARecognizerMidGestureCancelsItAndReleasesWhatItHeld() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.delaysTouchesBegan = true
        pan.cancelsTouchesInView = false
        g.down(0, 200, 200, at: 0)
        #expect(g.view.calls.isEmpty)
        g.view.removeGestureRecognizer(pan)
        #expect(g.viewPhases == [.began])
        #expect(pan.view == nil && g.view.gestureRecognizers.isEmpty)
        g.up(0, at: 10)
        #expect(g.viewPhases == [.began, .ended])
    }

    @Test func theWindowsClockAndDisplayFramesFireTimeouts() {
        let g = GestureHarness()
        g.add(LongPressGestureRecognizer(), name: "press")
        g.h.now = 5
        g.h.touch(.down(id: 0, time: 1000, location: Point(x: 200, y: 200)), .frame)
        let due = g.window.nextGestureDeadline ?? 0
        #expect(abs(due - 5.5) < 1e-9, "half a second later on the window's own clock")
        g.h.now = 5.4
        g.window.advanceAnimations()
        #expect(g.states(of: "press").isEmpty)
        g.h.now = 5.5
        g.window.advanceAnimations()
        #expect(g.states(of: "press") == [.began])
        #expect(g.window.nextGestureDeadline == nil)
    }

    @Test func aViewWithoutRecognizersNextToOneWithIsUntouched() {
        let g = GestureHarness()
        g.add(PanGestureRecognizer(), name: "pan")
        let plain = RecordingView(frame: Rect(x: 600, y: 100, width: 100, height: 100))
        g.h.root.addSubview(plain)
        g.down(0, 650, 150, at: 0)
        g.move(0, 690, 150, at: 10)
        g.up(0, at: 20)
        #expect(plain.calls.map(\.phase) == [.began, .moved, .ended])
        #expect(g.states(of: "pan").isEmpty)
    }
}
