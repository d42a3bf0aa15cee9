import Foundation
import Testing
@testable import TouchKit

/// Swipes (Listing 3-2's thresholds), hover, and a recognizer written from scratch.
@MainActor @Suite struct SwipeHoverAndCustomTests {
    private func swipe(to end: Point, in ms: UInt32 = 50, direction: SwipeGestureRecognizer.Direction = .right,
                       via middle: Point? = nil) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        let swipe = g.add(SwipeGestureRecognizer(), name: "swipe")
        swipe.direction = direction
        g.down(0, 200, 200, at: 0)
        if let middle { g.move(0, middle.x, middle.y, at: ms / 2) }
        g.move(0, end.x, end.y, at: ms)
        g.up(0, at: ms)
        return g.states(of: "swipe")
    }

    @Test func aSwipeTravels12Points() {
        #expect(swipe(to: Point(x: 211.9, y: 200)) == [.failed])
        #expect(swipe(to: Point(x: 212.1, y: 200)) == [.ended])
    }

    @Test func aSwipeStrays4PointsAtMost() {
        #expect(swipe(to: Point(x: 260, y: 203.9)) == [.ended])
        #expect(swipe(to: Point(x: 260, y: 204.1)) == [.failed])
        #expect(swipe(to: Point(x: 260, y: 200), via: Point(x: 230, y: 205)) == [.failed], "in the middle too")
    }

    @Test func aSwipeIsQuick() {
        #expect(swipe(to: Point(x: 300, y: 200), in: 650) == [.ended], "100 pt in 0.65 s: 154 pt/s")
        #expect(swipe(to: Point(x: 300, y: 200), in: 700) == [.failed], "143 pt/s is a drag")
    }

    @Test func onlyTheAllowedDirections() {
        #expect(swipe(to: Point(x: 140, y: 200)) == [.failed], "left, but only right is allowed")
        #expect(swipe(to: Point(x: 140, y: 200), direction: [.left, .up]) == [.ended])
        #expect(swipe(to: Point(x: 200, y: 150), direction: [.left, .up]) == [.ended])
        #expect(swipe(to: Point(x: 200, y: 250), direction: .down) == [.ended])
    }

    @Test func aTwoFingerSwipeNeedsBothFingersGoingTheSameWay() {
        func run(secondTo end: Point) -> [GestureRecognizer.State] {
            let g = GestureHarness()
            let swipe = g.add(SwipeGestureRecognizer(), name: "swipe")
            swipe.numberOfTouchesRequired = 2
            g.down(0, 200, 200, at: 0)
            g.down(1, 200, 260, at: 0)
            g.move(0, 260, 200, at: 40)
            g.move(1, end.x, end.y, at: 40)
            g.up(0, at: 50)
            g.up(1, at: 50)
            return g.states(of: "swipe")
        }
        #expect(run(secondTo: Point(x: 260, y: 260)) == [.ended])
        #expect(run(secondTo: Point(x: 200, y: 320)) == [.failed])
    }

    // MARK: Hover

    @Test func hoverBeginsChangesAndEndsAsThePointerCrossesTheView() {
        let g = GestureHarness()
        var places: [Point] = []
        g.add(HoverGestureRecognizer { places.append($0.location(in: g.view)) }, name: "hover")
        g.h.pointer(.enter(location: Point(x: 50, y: 50)), .frame)
        g.h.pointer(.motion(time: 10, location: Point(x: 150, y: 150)), .frame)
        g.h.pointer(.motion(time: 20, location: Point(x: 160, y: 150)), .frame)
        g.h.pointer(.motion(time: 30, location: Point(x: 20, y: 20)), .frame)
        #expect(g.states(of: "hover") == [.began, .changed, .ended])
        #expect(places == [Point(x: 50, y: 50), Point(x: 60, y: 50), Point(x: 60, y: 50)])
    }

    @Test func penHoverCarriesItsHeightAndPointerOnlyRecognizersIgnoreIt() {
        let g = GestureHarness()
        let pen = g.add(HoverGestureRecognizer(), name: "pen")
        pen.allowedTouchTypes = [.pencil]
        let pointer = g.add(HoverGestureRecognizer(), name: "pointer")
        pointer.allowedTouchTypes = [.indirectPointer]
        var heights: [Double] = []
        pen.addTarget { heights.append($0.zOffset) }
        let tool = TabletToolID(7)
        g.window.sendHover(.pencil(tool), at: Point(x: 200, y: 200), distance: 0.5)
        g.window.sendHover(.pencil(tool), at: Point(x: 210, y: 200), distance: 0.25)
        g.window.sendHover(.pencil(tool), at: nil)
        #expect(g.states(of: "pen") == [.began, .changed, .ended])
        #expect(heights == [0.5, 0.25, 0.25])
        #expect(g.states(of: "pointer").isEmpty)
    }

    // MARK: Writing your own

    /// The Event Handling Guide's custom recognizer, on ``CircleDetector``: one finger draws a
    /// circle; recognized when it lifts, failed by a second finger or a shape that is no circle.
    private final class CircleGestureRecognizer: GestureRecognizer {
        private var detector = CircleDetector()
        private(set) var circle: CircleDetector.Circle?

        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
            guard touches.count == 1, numberOfTouches == 1 else {
                state = .failed
                return
            }
            touches.first.map { detector.add($0.location(in: nil)) }
        }

        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
            for touch in touches {
                for sample in event.coalescedTouches(for: touch) { detector.add(sample.location(in: nil)) }
            }
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
            circle = detector.detect()
            state = circle == nil ? .failed : .ended
        }

        override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
            state = .failed
        }

        override func reset() {
            super.reset()
            detector.reset()
        }
    }

    private func draw(_ points: [Point], g: GestureHarness) {
        g.down(0, points[0].x, points[0].y, at: 0)
        for (index, point) in points.enumerated().dropFirst() {
            g.move(0, point.x, point.y, at: UInt32(index) * 10)
        }
        g.up(0, at: UInt32(points.count) * 10)
    }

    @Test func aCustomRecognizerBuiltOnTheCircleDetector() throws {
        let g = GestureHarness()
        var found: [CircleDetector.Circle] = []
        let circle = g.add(CircleGestureRecognizer(), name: "circle")
        circle.addTarget { recognizer in recognizer.circle.map { found.append($0) } }
        let round = (0...40).map { i -> Point in
            let a = 2 * Double.pi * Double(i) / 40
            return Point(x: 300 + 80 * cos(a), y: 250 + 80 * sin(a))
        }
        draw(round, g: g)
        #expect(g.states(of: "circle") == [.ended])
        let first = try #require(found.first)
        #expect(first.center.distance(to: Point(x: 300, y: 250)) < 3)
        draw((0...20).map { Point(x: 150 + Double($0) * 10, y: 200) }, g: g)
        #expect(g.states(of: "circle") == [.ended, .failed], "a line is no circle; reset in between")
    }
}
