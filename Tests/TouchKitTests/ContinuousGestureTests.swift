import Foundation
import Testing
import TouchKit

/// Pan, pinch and rotation: thresholds from both sides, values, and working together.
@MainActor @Suite struct ContinuousGestureTests {
    private func pan(moving distance: Double) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        g.add(PanGestureRecognizer(), name: "pan")
        g.down(0, 200, 200, at: 0)
        g.move(0, 200, 200 + distance, at: 50)
        return g.states(of: "pan")
    }

    @Test func aPanBeginsPast10Points() {
        #expect(pan(moving: 9) == [])
        #expect(pan(moving: 11) == [.began])
    }

    @Test func translationCountsFromTouchDownAndSetTranslationRebases() {
        let g = GestureHarness()
        var steps: [Point] = []
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.addTarget { pan in
            steps.append(pan.translation(in: g.view))
            pan.setTranslation(.zero, in: g.view)
        }
        g.down(0, 200, 200, at: 0)
        g.move(0, 215, 205, at: 10)
        g.move(0, 225, 205, at: 20)
        #expect(steps == [Point(x: 15, y: 5), Point(x: 10, y: 0)])
    }

    @Test func aSecondFingerMovesTheCentroidByHalfItsMovement() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        g.down(0, 200, 200, at: 0)
        g.down(1, 300, 200, at: 5)
        g.move(1, 340, 200, at: 10)
        #expect(pan.translation(in: nil) == Point(x: 20, y: 0))
        #expect(pan.numberOfTouches == 2)
        #expect(pan.location(in: nil) == Point(x: 270, y: 200))
        #expect(pan.location(ofTouch: 1, in: nil) == Point(x: 340, y: 200))
        #expect(pan.location(ofTouch: 7, in: nil) == Point(x: 270, y: 200), "out of range: the centroid, never a trap")
    }

    @Test func velocityIsPointsPerSecondOverTheLastMoves() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        g.down(0, 200, 200, at: 0)
        for step in 1...5 { g.move(0, 200 + Double(step) * 10, 200, at: UInt32(step) * 10) }
        let velocity = pan.velocity(in: nil)
        #expect(abs(velocity.x - 1000) < 1 && abs(velocity.y) < 1e-6, "10 pt every 10 ms")
        g.window.advanceGestures(to: 0.3)
        #expect(pan.velocity(in: nil) == .zero, "still for longer than 100 ms")
    }

    @Test func minimumAndMaximumNumberOfTouches() {
        let g = GestureHarness()
        let pan = g.add(PanGestureRecognizer(), name: "pan")
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        g.down(0, 200, 200, at: 0)
        g.move(0, 200, 240, at: 10)
        #expect(g.states(of: "pan").isEmpty, "one finger is not enough")
        g.down(1, 300, 200, at: 20)
        g.down(2, 400, 200, at: 25)
        #expect(pan.numberOfTouches == 2, "the third finger is ignored")
        g.move(1, 300, 240, at: 30)
        #expect(g.states(of: "pan") == [.began], "two fingers, and the centroid has moved")
        g.up(0, at: 50)
        #expect(g.states(of: "pan") == [.began, .ended], "fewer than the minimum ends it")
    }

    // MARK: Pinch and rotation

    private func pinch(spreadingBy distance: Double) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        g.add(PinchGestureRecognizer(), name: "pinch")
        g.down(0, 200, 200, at: 0)
        g.down(1, 300, 200, at: 0)
        g.move(1, 300 + distance, 200, at: 50)
        return g.states(of: "pinch")
    }

    @Test func aPinchBeginsWhenTheSpanChangesBy10Points() {
        #expect(pinch(spreadingBy: 9) == [])
        #expect(pinch(spreadingBy: 11) == [.began])
        #expect(pinch(spreadingBy: -11) == [.began])
    }

    @Test func pinchScaleAndVelocity() {
        let g = GestureHarness()
        let pinch = g.add(PinchGestureRecognizer(), name: "pinch")
        g.down(0, 200, 200, at: 0)
        g.down(1, 300, 200, at: 0)
        g.move(1, 350, 200, at: 50)
        g.move(1, 400, 200, at: 100)
        #expect(abs(pinch.scale - 2) < 1e-9)
        #expect(abs(pinch.velocity - 10) < 1e-6, "scale 1.5 → 2 in 50 ms")
        pinch.scale = 1
        g.move(1, 500, 200, at: 150)
        #expect(abs(pinch.scale - 1.5) < 1e-9, "the step since the scale was set back to 1")
    }

    private func rotation(turning radians: Double) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        g.add(RotationGestureRecognizer(), name: "rotation")
        g.down(0, 200, 200, at: 0)
        g.down(1, 300, 200, at: 0)
        g.move(1, 200 + 100 * cos(radians), 200 + 100 * sin(radians), at: 50)
        return g.states(of: "rotation")
    }

    @Test func aRotationBeginsPastATenthOfARadian() {
        #expect(rotation(turning: 0.09) == [])
        #expect(rotation(turning: 0.11) == [.began])
        #expect(rotation(turning: -0.11) == [.began])
    }

    @Test func rotationIsClockwiseRadians() {
        let g = GestureHarness()
        let rotation = g.add(RotationGestureRecognizer(), name: "rotation")
        g.down(0, 200, 200, at: 0)
        g.down(1, 300, 200, at: 0)
        g.move(1, 200, 300, at: 100)
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9, "a quarter turn clockwise on screen")
    }

    /// Both recognizers on the square; the fingers spread and turn at once.
    private func pinchAndTurn(delegate: GestureRecognizerDelegate?) -> (pinch: [GestureRecognizer.State], rotation: [GestureRecognizer.State]) {
        let g = GestureHarness()
        let pinch = g.add(PinchGestureRecognizer(), name: "pinch")
        g.add(RotationGestureRecognizer(), name: "rotation")
        pinch.delegate = delegate
        g.down(0, 200, 200, at: 0)
        g.down(1, 300, 200, at: 0)
        g.move(1, 200 + 150 * cos(0.3), 200 + 150 * sin(0.3), at: 50)
        g.move(1, 200 + 160 * cos(0.4), 200 + 160 * sin(0.4), at: 60)
        g.up(0, at: 70)
        g.up(1, at: 70)
        return (g.states(of: "pinch"), g.states(of: "rotation"))
    }

    private final class Together: GestureRecognizerDelegate {
        func gestureRecognizer(_ recognizer: GestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }

    @Test func pinchAndRotationRecognizeTogetherOnlyWhenTheDelegateAllowsIt() {
        let alone = pinchAndTurn(delegate: nil)
        #expect(alone.pinch == [.began, .changed, .ended])
        #expect(alone.rotation == [.failed], "the pinch, which saw the fingers first, won them")
        let delegate = Together()
        let together = pinchAndTurn(delegate: delegate)
        #expect(together.pinch == [.began, .changed, .ended])
        #expect(together.rotation == [.began, .changed, .ended])
    }
}
