import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The inspect scene's drag handle: which touches ask for a window move, and what the scene does
/// with them afterwards. No Wayland: the request is only a callback with the touch.
@MainActor
@Suite struct MoveHandleTests {
    /// The inspect scene with every move request collected.
    func inspect(width: Double = 800, height: Double = 600) throws -> (SceneHarness, InspectView, Requests) {
        let h = try SceneHarness(.inspect, width: width, height: height)
        let view = try #require(h.root as? InspectView)
        let requests = Requests()
        (h.root as? WindowMoving)?.onBeginWindowMove = { touch in requests.touches.append(touch) }
        return (h, view, requests)
    }

    final class Requests {
        var touches: [Touch] = []
    }

    @Test func sitsAtTheTopRightAndFollowsTheBounds() throws {
        let (h, view, _) = try inspect()
        #expect(view.moveHandle.frame == Rect(x: 800 - 140 - 8, y: 8, width: 140, height: 32))
        h.root.frame = Rect(x: 0, y: 0, width: 1000, height: 700)
        #expect(view.moveHandle.frame == Rect(x: 1000 - 140 - 8, y: 8, width: 140, height: 32))
        // Only the inspect scene has one.
        for scene in Scene.allCases where scene != .inspect {
            #expect(Scene.makeRootView(for: scene, frame: .init(x: 0, y: 0, width: 800, height: 600)) as? WindowMoving == nil)
        }
    }

    @Test func aTouchOnTheHandleAsksOnceWithThatTouchAndDrawsNothing() throws {
        let (h, view, requests) = try inspect()
        h.down(4, Point(x: 700, y: 24))
        #expect(requests.touches.map(\.identifier) == [4])
        #expect(requests.touches.first?.seat == h.seat)
        #expect(view.moveHandle.activeTouches.count == 1)
        h.move(4, Point(x: 650, y: 200), Point(x: 600, y: 300))
        h.up(4)
        #expect(requests.touches.count == 1, "one request per touch, not per move")
        #expect(view.moveHandle.outcomes.map(\.phase) == [.ended])
        #expect(view.strokes.strokes.isEmpty && view.touchPaths.isEmpty, "the handle's touch is no stroke")
    }

    @Test func aTouchElsewhereDrawsAndNeverAsks() throws {
        let (h, view, requests) = try inspect()
        h.stroke([Point(x: 100, y: 300), Point(x: 200, y: 300), Point(x: 700, y: 24)])
        #expect(requests.touches.isEmpty, "moving onto the handle is not grabbing it")
        #expect(view.strokes.strokes.count == 1)
    }

    @Test func aCancelAfterTheRequestEndsBothTheHandleTouchAndADrawingFinger() throws {
        let (h, view, requests) = try inspect()
        h.down(0, Point(x: 100, y: 300))
        h.move(0, Point(x: 150, y: 300))
        h.down(1, Point(x: 700, y: 24))
        #expect(requests.touches.map(\.identifier) == [1])
        // What Mutter answers a move with.
        h.feed(.cancel)
        #expect(view.moveHandle.outcomes.map(\.phase) == [.cancelled])
        #expect(view.moveHandle.activeTouches.isEmpty)
        #expect(view.strokes.strokes.isEmpty && view.touchPaths.isEmpty, "the cancelled stroke is dropped")
        #expect(view.cancelMarks.count == 1, "the drawing finger's cancel is marked; the handle's is not")
    }

    @Test func twoFingersOnTheHandleAskTwice() throws {
        let (h, view, requests) = try inspect()
        h.feed(.down(id: 0, time: 1, location: Point(x: 660, y: 20)),
               .down(id: 1, time: 1, location: Point(x: 750, y: 30)), .frame)
        #expect(requests.touches.map(\.identifier) == [0, 1], "in the order they began")
        h.up(0)
        h.up(1)
        #expect(view.moveHandle.outcomes.map(\.touch) == requests.touches.map(\.number))
    }

    @Test func theStripIsDrawnWithItsTitleAndDarkensWhileHeld() throws {
        let (h, _, _) = try inspect()
        h.render()
        let idle = try #require(h.pixel(660, 12))
        #expect(idle == PixelColor(rgb: 0xE5E5EA))
        let inked = stride(from: 652.0, through: 792, by: 1).filter { h.pixel($0, 24) == .black || (h.pixel($0, 24).map { $0 != PixelColor(rgb: 0xE5E5EA) } ?? false) }
        #expect(inked.count > 20, "the title is drawn")
        h.down(2, Point(x: 700, y: 24))
        h.render()
        #expect(h.pixel(660, 12) == PixelColor(rgb: 0xC7C7CC))
    }
}
