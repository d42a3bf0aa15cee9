import Foundation
import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The gestures scene's rules, with no display: the placard's flight home and what it ignores
/// meanwhile, the double tap, circles, swipes and the last-finger flash.
@MainActor @Suite struct GesturesSceneTests {
    private func scene() throws -> (SceneHarness, GesturesView) {
        let h = try SceneHarness(.gestures, width: 600, height: 400)
        let view = try #require(h.root as? GesturesView)
        return (h, view)
    }

    @Test func placardFollowsTheFingerByDeltasThenFliesHomeIgnoringTouches() throws {
        let (h, view) = try scene()
        #expect(view.placard.center == Point(x: 300, y: 200))
        h.down(0, Point(x: 340, y: 210))   // grabbed off-centre
        h.move(0, Point(x: 240, y: 110))
        #expect(view.placard.center == Point(x: 200, y: 100), "moved by the delta, not snapped to the finger")
        h.up(0)
        #expect(view.isPlacardReturning && !view.isUserInteractionEnabled)
        // A finger landing on the placard mid-flight does not take it.
        h.down(1, view.placard.presentationCenter)
        h.move(1, Point(x: 10, y: 10))
        h.up(1)
        #expect(view.placard.center == Point(x: 300, y: 200))
        h.advanceClock(to: GesturesView.returnDuration + 0.01)
        #expect(!view.isPlacardReturning && view.isUserInteractionEnabled)
        #expect(view.placard.presentationCenter == Point(x: 300, y: 200))
    }

    @Test func doubleTapOutsideCyclesTheGreetingButNotOnThePlacard() throws {
        let (h, view) = try scene()
        h.down(0, Point(x: 50, y: 350)); h.up(0)
        #expect(view.placard.text == "Welcome")
        h.down(1, Point(x: 52, y: 351)); h.up(1)
        #expect(view.placard.text == "Bienvenue")
        h.advanceClock(to: 2)
        h.down(2, Point(x: 300, y: 200)); h.up(2)
        h.advanceClock(to: 4)   // the placard is home again
        h.down(3, Point(x: 300, y: 200)); h.up(3)
        #expect(view.placard.text == "Bienvenue", "double-tapping the placard itself changes nothing")
    }

    @Test func circleIsDetectedAndShown() throws {
        let (h, view) = try scene()
        let points = (0...40).map { i -> Point in
            let a = Double(i) / 40 * 2 * .pi
            return Point(x: 120 + 60 * cos(a), y: 120 + 60 * sin(a))
        }
        h.stroke(points)
        let circle = try #require(view.circleMark.circle)
        #expect(circle.center.distance(to: Point(x: 120, y: 120)) < 3)
        #expect(view.arrow.direction == nil, "a circle is not also a swipe")
    }

    /// The trail view covers the window: each move must repaint its new segment, not the window,
    /// and what the frames add up to must be what a full repaint draws.
    @Test func theTrailRepaintsOnlyWhatChanged() throws {
        let (h, view) = try scene()
        let points = (0...40).map { i -> Point in
            let a = Double(i) / 40 * 2 * .pi
            return Point(x: 120 + 60 * cos(a), y: 120 + 60 * sin(a))
        }
        h.render()
        h.down(0, points[0])
        h.render()
        for point in points.dropFirst() {
            h.move(0, point)
            let damage = h.render()
            #expect(damage.boundingBox.width <= 20 && damage.boundingBox.height <= 20, "one segment: \(damage)")
        }
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
        h.up(0)
        h.render()
        #expect(view.circleMark.circle != nil)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty, "the trail gone, the circle shown")
        // A new trail elsewhere takes the old circle away, and only around it.
        h.down(1, Point(x: 400, y: 300))
        let damage = h.render()
        #expect(Double(damage.area) / Double(h.bufferArea) < 0.12, "the circle's box and the finger's spot: \(damage)")
        #expect(view.circleMark.circle == nil)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    @Test func swipeShowsItsDirection() throws {
        let (h, view) = try scene()
        h.stroke([Point(x: 100, y: 380), Point(x: 70, y: 381), Point(x: 40, y: 380)])
        #expect(view.arrow.direction == .left)
        h.stroke([Point(x: 60, y: 300), Point(x: 61, y: 260), Point(x: 60, y: 230)])
        #expect(view.arrow.direction == .up)
    }

    @Test func aSecondTapThatBecomesASwipeIsNoDoubleTap() throws {
        let (h, view) = try scene()
        h.down(0, Point(x: 50, y: 350)); h.up(0)
        h.down(1, Point(x: 52, y: 351))
        h.move(1, Point(x: 90, y: 352), Point(x: 130, y: 351))
        h.up(1)
        #expect(view.arrow.direction == .right)
        #expect(view.placard.text == "Welcome")
    }

    @Test func fingersLiftingTogetherOnTheSquareAndOutsideFlashOnce() throws {
        let (h, view) = try scene()
        h.feed(.down(id: 0, time: 1, location: Point(x: 50, y: 300)),
               .down(id: 1, time: 1, location: Point(x: 500, y: 290)), .frame)
        h.feed(.up(id: 0, time: 9), .up(id: 1, time: 9), .frame)
        #expect(view.lastFingerFlash.flashCount == 1)
    }

    @Test func lastFingerLiftingFlashesOnce() throws {
        let (h, view) = try scene()
        h.down(0, Point(x: 50, y: 300))
        h.down(1, Point(x: 500, y: 290))
        h.up(0)
        #expect(view.lastFingerFlash.flashCount == 0, "a finger is still on the square")
        h.up(1)
        #expect(view.lastFingerFlash.flashCount == 1)
    }

    @Test func cancelledTransformPutsTheSquareBack() throws {
        let (h, view) = try scene()
        let c = Point(x: 516, y: 292)
        h.feed(.down(id: 0, time: 1, location: Point(x: c.x - 40, y: c.y)),
               .down(id: 1, time: 1, location: Point(x: c.x + 40, y: c.y)), .frame)
        h.feed(.motion(id: 0, time: 9, location: Point(x: c.x, y: c.y - 40)),
               .motion(id: 1, time: 9, location: Point(x: c.x, y: c.y + 40)), .frame)
        #expect(abs(view.square.rotation - .pi / 2) < 1e-9)
        h.feed(.cancel)
        #expect(view.square.rotation == 0 && view.square.scale == 1)
    }
}
