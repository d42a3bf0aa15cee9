import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The default scene: spots above the trace paths.
@MainActor
@Suite struct CanvasSceneTests {
    static let gray = PixelColor(rgb: 0xAAAAAA)
    static let purple = PixelColor(rgb: 0x34329C)
    static let lightPurple = PixelColor(rgb: 0x9A99CE)

    @Test func spotsAreDrawnAboveThePaths() throws {
        let h = try SceneHarness(.canvas)
        let canvas = try #require(h.root as? CanvasView)
        h.render()
        h.down(0, Point(x: 200, y: 200))
        h.move(0, Point(x: 400, y: 200))
        h.advanceClock(to: 0.3)
        h.render()
        #expect(canvas.spotLayer.touchViews.count == 1)
        #expect(h.pixel(400, 200) == Self.gray, "the spot covers the path under the finger")
        #expect(h.pixel(370, 200) == Self.gray)
        #expect(h.pixel(300, 200)?.distance(to: Self.lightPurple) ?? 99 <= 2, "the path in progress")

        h.up(0)
        h.render()
        #expect(canvas.spotLayer.touchViews.isEmpty)
        #expect(h.pixel(399, 200) == Self.purple, "the spot is gone, the path stays")
        #expect(h.pixel(300, 200) == Self.purple)
        #expect(h.pixel(420, 200) == .white)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    @Test func cancelRemovesSpotsAndPathsInProgress() throws {
        let h = try SceneHarness(.canvas)
        let canvas = try #require(h.root as? CanvasView)
        h.down(0, Point(x: 100, y: 100))
        h.down(1, Point(x: 100, y: 400))
        h.move(0, Point(x: 500, y: 100))
        h.move(1, Point(x: 500, y: 400))
        h.feed(.cancel)
        h.advanceClock(to: 0.3)
        h.render()
        #expect(canvas.spotLayer.touchViews.isEmpty && canvas.touchPaths.isEmpty && canvas.strokes.strokes.isEmpty)
        #expect(h.pixel(300, 100) == .white && h.pixel(300, 400) == .white)
    }

    @Test func theSpotLayerFollowsTheViewSize() throws {
        let canvas = CanvasView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(canvas.spotLayer.frame == Rect(x: 0, y: 0, width: 300, height: 200))
        canvas.frame = Rect(x: 0, y: 0, width: 640, height: 480)
        #expect(canvas.spotLayer.frame == Rect(x: 0, y: 0, width: 640, height: 480))
        #expect(!canvas.spotLayer.isUserInteractionEnabled)
    }
}
