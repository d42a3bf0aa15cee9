import Foundation
import Testing
@testable import TouchKit

/// The gesture helpers: each rule, and the case just past each threshold.
@MainActor @Suite struct GestureTests {
    // MARK: Swipes (Listing 3-2's 12 / 4 thresholds, and speed)

    private func swipe(_ path: [(Double, Double)], axis: SwipeDetector.Axis = .horizontal, seconds: Double = 0.1,
                       configure: (inout SwipeDetector) -> Void = { _ in }) -> SwipeDetector.Direction? {
        var detector = SwipeDetector(axis: axis)
        configure(&detector)
        let step = seconds / Double(max(1, path.count - 1))
        detector.began(at: Point(x: path[0].0, y: path[0].1), time: 0)
        for (i, p) in path.enumerated().dropFirst().dropLast() {
            detector.moved(to: Point(x: p.0, y: p.1), time: Double(i) * step)
        }
        let end = path[path.count - 1]
        return detector.ended(at: Point(x: end.0, y: end.1), time: seconds)
    }

    @Test func horizontalSwipesBothWays() {
        #expect(swipe([(100, 100), (106, 101), (112, 100)], seconds: 0.05) == .right)
        #expect(swipe([(100, 100), (50, 103)]) == .left)
    }

    @Test func tooShortOrTooSlantedIsNoSwipe() {
        #expect(swipe([(100, 100), (111.9, 100)]) == nil, "under 12 along the axis")
        #expect(swipe([(100, 100), (150, 104.1)]) == nil, "over 4 across it at the end")
        #expect(swipe([(100, 100), (130, 110), (160, 100)]) == nil, "over 4 across it in the middle")
    }

    @Test func tooSlowIsADragNotASwipe() {
        #expect(swipe([(100, 100), (200, 100)], seconds: 1.0) == nil, "100 pt/s is under 150")
        #expect(swipe([(100, 100), (200, 100)], seconds: 0.5) == .right)
    }

    @Test func verticalSwipesSwapTheAxes() {
        #expect(swipe([(100, 100), (101, 40)], axis: .vertical) == .up)
        #expect(swipe([(100, 100), (102, 180)], axis: .vertical) == .down)
        #expect(swipe([(100, 100), (180, 100)], axis: .vertical) == nil)
    }

    @Test func thresholdsAreConfigurable() {
        #expect(swipe([(100, 100), (130, 110)]) == nil)
        #expect(swipe([(100, 100), (130, 110)]) { $0.maximumDeviation = 12 } == .right)
        #expect(swipe([(100, 100), (130, 100)]) { $0.minimumTravel = 40 } == nil)
    }

    // MARK: Two-finger transform (Listings 3-4 / 3-5)

    @Test func transformFromBeginAndCurrentPoints() {
        let t = FingerTransform(from: (Point(x: 0, y: 0), Point(x: 100, y: 0)),
                                to: (Point(x: 50, y: -50), Point(x: 50, y: 150)))
        #expect(abs(t.scale - 2) < 1e-9)
        #expect(abs(t.rotation - .pi / 2) < 1e-9, "a quarter turn clockwise on screen")
        #expect(t.translation == Point(x: 0, y: 50))
        let back = FingerTransform(from: (Point(x: 0, y: 0), Point(x: 100, y: 0)),
                                   to: (Point(x: 0, y: 0), Point(x: -100, y: -1)))
        #expect(back.rotation < -3 && back.rotation > -.pi, "angles stay in -π…π")
        let same = FingerTransform(from: (Point(x: 5, y: 5), Point(x: 5, y: 5)), to: (Point(x: 5, y: 5), Point(x: 9, y: 5)))
        #expect(same.scale == 1 && same.rotation == 0, "no distance at the start: nothing to divide by")
    }

    /// A view that follows two fingers as Listings 3-4 and 3-5 do, from its handlers.
    private final class TransformingView: View {
        let tracker = TwoFingerTransformTracker()
        var seen: FingerTransform?
        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
            tracker.began(touches, in: superview)
            seen = tracker.transform(in: superview)
        }
        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
            seen = tracker.transform(in: superview)
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
            tracker.ended(touches, in: superview)
        }
    }

    @Test func aFingerJoiningReBasesSoTheFirstFingersSoloMoveIsNoRotation() throws {
        let h = Harness()
        let view = TransformingView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        view.isMultipleTouchEnabled = true
        h.root.addSubview(view)
        h.touch(down(0, 100, 100), .frame, motion(0, 100, 300), .frame)
        h.touch(down(1, 300, 300), .frame)
        #expect(view.seen == .identity, "the second finger joins: nothing has turned yet")
        h.touch(motion(1, 100, 500), .frame)
        let turned = try #require(view.seen)
        #expect(abs(turned.rotation - .pi / 2) < 1e-9)
    }

    @Test func trackerUsesTheBeginPointsOfTheFirstTwoFingers() throws {
        let h = Harness()
        let view = TransformingView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        view.isMultipleTouchEnabled = true
        h.root.addSubview(view)
        var seen: FingerTransform? { view.seen }
        let tracker = view.tracker
        h.touch(down(0, 100, 100), down(1, 200, 100), .frame)
        #expect(seen == .identity)
        h.touch(motion(0, 150, 50), motion(1, 150, 150), .frame)
        let turned = try #require(seen)
        #expect(abs(turned.rotation - .pi / 2) < 1e-9 && abs(turned.scale - 1) < 1e-9)
        // A third finger changes nothing; lifting the first re-bases the others.
        h.touch(down(2, 400, 400), .frame, up(0), .frame)
        #expect(tracker.count == 2)
        h.touch(motion(1, 150, 250), .frame)
        // Now from finger 2 at (150, 150) and finger 3 at (400, 400), not from where 2 began.
        let now: Double = (250.0 * 250.0 + 150.0 * 150.0).squareRoot()
        let before: Double = (250.0 * 250.0 * 2.0).squareRoot()
        let expectedScale = now / before
        let rebased = try #require(seen)
        #expect(rebased.translation == Point(x: 0, y: 50))
        #expect(abs(rebased.scale - expectedScale) < 1e-9)
    }

    // MARK: Circles (Dr. Dobb's circle recipe)

    private func circlePath(center: Point = Point(x: 300, y: 200), radius: Double = 80, turns: Double = 1,
                            wobble: Double = 0, count: Int = 60) -> [Point] {
        (0...count).map { i in
            let a = 2 * .pi * turns * Double(i) / Double(count)
            let r = radius * (1 + wobble * sin(5 * a))
            return Point(x: center.x + r * cos(a), y: center.y + r * sin(a))
        }
    }

    private func detect(_ points: [Point]) -> CircleDetector.Circle? {
        var detector = CircleDetector()
        for p in points { detector.add(p) }
        return detector.detect()
    }

    @Test func aDrawnCircleIsFoundWithItsCentreRadiusAndEllipse() throws {
        let circle = try #require(detect(circlePath(wobble: 0.05)))
        #expect(circle.center.distance(to: Point(x: 300, y: 200)) < 3)
        #expect(abs(circle.radius - 80) < 4)
        #expect(circle.roundness > 0.9)
        #expect(abs(circle.bounds.width - 160) < 10 && abs(circle.bounds.height - 160) < 10)
    }

    @Test func whatIsNotACircle() {
        #expect(detect(circlePath(turns: 0.6)) == nil, "an open arc")
        #expect(detect(circlePath(turns: 2)) == nil, "wound twice")
        #expect(detect(circlePath(wobble: 0.5)) == nil, "a star, not round")
        #expect(detect(circlePath(radius: 8)) == nil, "too small")
        #expect(detect((0...40).map { Point(x: Double($0) * 10, y: 100) }) == nil, "a line")
        #expect(detect(Array(circlePath().prefix(5))) == nil, "too few points")
    }

    // MARK: Drags and double taps, through real deliveries

    @Test func dragMovesByTheDeltaNotToTheFinger() {
        let h = Harness()
        var center = Point(x: 500, y: 500)
        h.observe = { event in
            for touch in event.touches(for: h.root) where touch.phase == .moved {
                center = DragTracker.moved(center, by: touch, in: nil)
            }
        }
        h.touch(down(0, 100, 100), .frame, motion(0, 110, 95), .frame, motion(0, 130, 95), .frame)
        #expect(center == Point(x: 530, y: 495))
    }

    /// The tap count alone, as views read it without a recognizer (DoubleTapDetector's old test:
    /// TapGestureRecognizer took over its job).
    @Test func doubleTapCompletesOnTheSecondTapOnly() {
        let h = Harness()
        var completions: [Int] = []
        h.observe = { event in
            for touch in event.touches(for: h.root) where touch.phase == .ended && touch.tapCount == 2 {
                completions.append(touch.tapCount)
            }
        }
        h.touch(down(0, 100, 100), .frame, up(0), .frame)
        #expect(completions.isEmpty)
        h.now = 0.2
        h.touch(down(1, 103, 101), .frame, up(1), .frame)
        #expect(completions == [2])
        h.now = 2
        h.touch(down(2, 103, 101), .frame, up(2), .frame)
        #expect(completions == [2], "a late tap starts over at 1")
    }
}
