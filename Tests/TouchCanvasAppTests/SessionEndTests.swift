import Testing
import TouchCanvasApp
import TouchCanvasTesting
import TouchKit

/// A touch keeps its view and a drawing view keeps its touches in flight, so a finger still down
/// when the app quits held the scene, its strokes and ink layers in a cycle past the session's
/// end: LeakSanitizer reported it at exit (`make sanitize`). `AppSession.end` lets them go.
@MainActor
@Suite struct SessionEndTests {
    @Test(arguments: Scene.allCases)
    func endingWithFingersDownLetsTheSceneGo(scene: Scene) throws {
        weak var root: View?
        weak var touch: Touch?
        var deliveriesAfterEnd = 0
        do {
            let h = try SceneHarness(scene)
            h.down(0, Point(x: 300, y: 300))
            h.down(1, Point(x: 500, y: 300))
            h.move(0, Point(x: 340, y: 320), Point(x: 380, y: 330))
            _ = h.render()
            root = h.root
            var kept: Touch?
            h.session.onDeliver = { event in kept = kept ?? event.allTouches.first }
            h.move(1, Point(x: 520, y: 310))
            touch = kept
            kept = nil
            #expect(touch != nil)
            h.session.onDeliver = { _ in deliveriesAfterEnd += 1 }
            h.session.end()
        }
        #expect(root == nil, "the scene outlived its session")
        #expect(touch == nil, "a touch outlived its session")
        #expect(deliveriesAfterEnd == 0, "ending is not input: nothing is logged")
    }
}
