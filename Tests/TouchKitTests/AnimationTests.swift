import Foundation
import Testing
@testable import TouchKit
import TouchCanvasTesting

@MainActor @Suite struct AnimationTests {
    private func makeWindow(_ clock: TestClock) -> Window {
        Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), clock: clock.read)
    }

    @Test func presentationFollowsEaseInEaseOutAndCompletionFiresOnce() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let spot = View()
        spot.bounds = Rect(x: 0, y: 0, width: 1, height: 1)
        spot.center = Point(x: 100, y: 100)
        window.addSubview(spot)
        var completions: [Bool] = []
        View.animate(withDuration: 0.2, animations: {
            spot.bounds.size = Size(width: 100, height: 100)
        }, completion: { completions.append($0) })

        #expect(spot.frame.size == Size(width: 100, height: 100), "the model changes at once")
        #expect(spot.presentationFrame == Rect(x: 99.5, y: 99.5, width: 1, height: 1))
        #expect(window.hasRunningAnimations)

        window.advanceAnimations()  // t = 0
        #expect(spot.presentationFrame.width == 1)

        clock.now = 0.1
        window.advanceAnimations()
        #expect(abs(spot.presentationFrame.width - 50.5) < 1e-9, "half time is half way on a symmetric curve")
        #expect(abs(spot.presentationFrame.midX - 100) < 1e-9, "grows around the centre")

        clock.now = 0.05
        let quarter = TimingCurve.easeInEaseOut.value(at: 0.25)
        #expect(quarter < 0.25, "eases in")
        window.advanceAnimations()
        #expect(abs(spot.presentationFrame.width - (1 + 99 * quarter)) < 1e-9)

        clock.now = 0.2
        window.advanceAnimations()
        #expect(spot.presentationFrame.width == 100)
        #expect(completions == [true])
        #expect(!window.hasRunningAnimations)

        clock.now = 0.25
        window.advanceAnimations()
        #expect(spot.presentationFrame == spot.frame)
        #expect(completions == [true], "completion fires exactly once")
    }

    @Test func timingCurveEndsAndSymmetry() {
        let curve = TimingCurve.easeInEaseOut
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
        #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1)
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(abs(curve.value(at: x) + curve.value(at: 1 - x) - 1) < 1e-9)
        }
        #expect(abs(TimingCurve.linear.value(at: 0.3) - 0.3) < 1e-9)
    }

    @Test func alphaCenterAndCornerRadiusAnimate() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        View.animate(withDuration: 1) {
            v.alpha = 0
            v.center = Point(x: 105, y: 5)
            v.cornerRadius = 8
        }
        clock.now = 0.5
        window.advanceAnimations()
        #expect(abs(v.presentationAlpha - 0.5) < 1e-9)
        #expect(abs(v.presentationCenter.x - 55) < 1e-9)
        #expect(abs(v.presentationCornerRadius - 4) < 1e-9)
        #expect(v.alpha == 0 && v.cornerRadius == 8)
    }

    @Test func frameChangesAnimateAsCenterAndBounds() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        View.animate(withDuration: 1) { v.frame = Rect(x: 100, y: 0, width: 30, height: 10) }
        clock.now = 0.5
        window.advanceAnimations()
        #expect(abs(v.presentationFrame.minX - 50) < 1e-9 && abs(v.presentationFrame.width - 20) < 1e-9)
    }

    @Test func plainAssignmentInterruptsTheAnimation() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        var completions: [Bool] = []
        View.animate(withDuration: 1, animations: { v.center = Point(x: 100, y: 100) },
                     completion: { completions.append($0) })
        clock.now = 0.5
        window.advanceAnimations()
        v.center = Point(x: 7, y: 7)
        #expect(v.presentationCenter == Point(x: 7, y: 7))
        #expect(completions.isEmpty, "completions wait for the next frame")
        #expect(window.hasRunningAnimations, "so the app asks for that frame")
        window.advanceAnimations()
        #expect(completions == [false])
    }

    @Test func retargetingStartsFromWhatIsOnScreen() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        View.animate(withDuration: 1) { v.alpha = 0 }
        clock.now = 0.5
        window.advanceAnimations()
        View.animate(withDuration: 1) { v.alpha = 1 }
        #expect(abs(v.presentationAlpha - 0.5) < 1e-9, "no jump back to the model value")
    }

    @Test func removingFromTheWindowStopsAnimationsWithFalse() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let parent = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(parent)
        parent.addSubview(child)
        var completions: [Bool] = []
        View.animate(withDuration: 1, animations: { child.alpha = 0 }, completion: { completions.append($0) })
        parent.removeFromSuperview()
        #expect(!child.isAnimating && child.presentationAlpha == 0)
        window.advanceAnimations()
        #expect(completions == [false])
        #expect(!window.hasRunningAnimations)
    }

    @Test func nothingToAnimateCompletesRightAway() {
        let detached = View()
        var completions: [Bool] = []
        View.animate(withDuration: 1, animations: { detached.alpha = 0.5 }, completion: { completions.append($0) })
        #expect(completions == [true] && detached.presentationAlpha == 0.5)

        let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), clock: { 0 })
        let v = View()
        window.addSubview(v)
        View.animate(withDuration: 0, animations: { v.alpha = 0.5 }, completion: { completions.append($0) })
        View.animate(withDuration: 1, animations: { v.alpha = 0.5 }, completion: { completions.append($0) })
        #expect(completions == [true, true, true] && !window.hasRunningAnimations)
    }

    @Test func completionMayStartAnotherAnimation() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let v = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        View.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { _ in
            View.animate(withDuration: 1) { v.alpha = 1 }
        })
        clock.now = 1
        window.advanceAnimations()
        #expect(window.hasRunningAnimations && v.presentationAlpha == 0)
        clock.now = 2
        window.advanceAnimations()
        #expect(!window.hasRunningAnimations && v.presentationAlpha == 1)
    }

    @Test func oneCompletionForSeveralViews() {
        let clock = TestClock()
        let window = makeWindow(clock)
        let a = View(), b = View()
        window.addSubview(a)
        window.addSubview(b)
        var completions: [Bool] = []
        View.animate(withDuration: 1, animations: { a.alpha = 0; b.alpha = 0 }, completion: { completions.append($0) })
        clock.now = 1
        window.advanceAnimations()
        #expect(completions == [true])
    }
}
