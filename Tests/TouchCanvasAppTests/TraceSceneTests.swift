import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The trace scene (Dr. Dobb's *Gestures and Touches in iOS 6*) as a person sees it: touches through the input machine, pixels
/// through the renderer.
@MainActor
@Suite struct TraceSceneTests {
    static let purple = PixelColor(rgb: 0x34329C)
    /// `#34329C` at 50 % over white.
    static let lightPurple = PixelColor(rgb: 0x9A99CE)

    func tracker(_ h: SceneHarness) throws -> TouchTrackerView {
        try #require(h.root as? TouchTrackerView)
    }

    @Test func aPathIsHalfAlphaWhileDrawnAndFullColourOnceEnded() throws {
        let h = try SceneHarness(.trace)
        h.render()
        h.down(0, Point(x: 100, y: 100))
        h.move(0, Point(x: 200, y: 100), Point(x: 300, y: 100.5))
        h.render()
        let inProgress = try #require(h.pixel(150, 100))
        #expect(inProgress.distance(to: Self.lightPurple) <= 2, "\(inProgress)")
        #expect(h.pixel(150, 110) == .white)

        h.up(0)
        h.render()
        #expect(h.pixel(150, 100) == Self.purple)
        #expect(h.pixel(250, 100) == Self.purple)
        #expect(h.pixel(350, 100) == .white)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty, "incremental frames match a full render")
    }

    @Test(arguments: [(800.0, 600.0, 4.0), (1024, 768, 8), (768, 1024, 8), (1280, 700, 4)])
    func widthIs8WhenTheShorterSideIsAtLeast768(width: Double, height: Double, expected: Double) throws {
        let h = try SceneHarness(.trace, width: width, height: height)
        h.stroke([Point(x: 100, y: 200), Point(x: 300, y: 200)])
        h.render()
        let rows = h.inkedRows(atX: 200, in: 180...220)
        #expect(Double(rows.count) == expected, "\(rows)")
        #expect(rows.allSatisfy { h.pixel(200, $0) == Self.purple }, "an integer centre covers whole rows")
        #expect(try tracker(h).strokes.strokes.first?.width == expected)
    }

    @Test(arguments: [1.0, 2.0])
    func capsAndJoinsAreRound(scale: Double) throws {
        let h = try SceneHarness(.trace, scale: scale)
        h.stroke([Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 200, y: 200)])
        h.render()
        // The start cap reaches 2 px before the first point, and is round: not the corner.
        #expect(h.pixel(99, 100) == Self.purple)
        #expect(isBlendOrWhite(h.pixel(98.2, 98.2)))
        // The join at (200, 100) is round: the outer corner of a miter (201.5, 98.5) stays light.
        #expect(isBlendOrWhite(h.pixel(201.6, 98.2)))
        #expect(h.pixel(200, 99) == Self.purple)
    }

    @Test func cancelRemovesTheCancelledPathsOnly() throws {
        let h = try SceneHarness(.trace)
        h.render()
        h.down(0, Point(x: 100, y: 100))
        h.down(1, Point(x: 100, y: 300))
        h.move(0, Point(x: 400, y: 100))
        h.move(1, Point(x: 400, y: 300))
        h.up(0)
        h.down(2, Point(x: 250, y: 50))
        h.move(2, Point(x: 250, y: 500))  // crosses both
        h.render()
        #expect(h.pixel(300, 300)?.distance(to: Self.lightPurple) ?? 99 <= 2)
        #expect(h.pixel(250, 400)?.distance(to: Self.lightPurple) ?? 99 <= 2)

        h.feed(.cancel)
        #expect(try tracker(h).touchPaths.isEmpty)
        h.render()
        #expect(h.pixel(300, 300) == .white, "the cancelled path is gone")
        #expect(h.pixel(250, 400) == .white)
        #expect(h.pixel(300, 100) == Self.purple, "the completed one stays")
        #expect(h.pixel(250, 100) == Self.purple, "including where a cancelled path crossed it")
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
        #expect(try tracker(h).strokes.strokes.count == 1)
    }

    @Test func undoRemovesTheLastPathThenTheOneBefore() throws {
        let h = try SceneHarness(.trace)
        h.render()
        h.stroke([Point(x: 100, y: 100), Point(x: 500, y: 100)])
        h.stroke([Point(x: 300, y: 50), Point(x: 300, y: 300)])
        h.render()
        let view = try tracker(h)
        #expect(h.pixel(300, 100) == Self.purple && h.pixel(300, 200) == Self.purple)

        #expect(view.undo())
        let damage = h.render()
        #expect(h.pixel(300, 200) == .white)
        #expect(h.pixel(300, 100) == Self.purple, "the first path, where the second crossed it")
        #expect(h.pixel(400, 100) == Self.purple)
        #expect(damage.boundingBox.width < 20 && damage.boundingBox.height < 270, "only the undone path: \(damage)")
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)

        #expect(view.undo())
        h.render()
        #expect(h.pixel(300, 100) == .white && h.pixel(400, 100) == .white)
        #expect(!view.undo(), "nothing left")
    }

    @Test func undoAndRebuildAgree() throws {
        // Undo repairs the completed layer in place; a resize rebuilds it from the model.
        let h = try SceneHarness(.trace)
        h.render()
        for i in 0..<6 {
            let y = 100 + Double(i) * 40
            h.stroke([Point(x: 50, y: y), Point(x: 400, y: y + 150), Point(x: 700, y: y)])
        }
        h.stroke([Point(x: 100, y: 500), Point(x: 600, y: 80)])
        let view = try tracker(h)
        view.undo()
        view.undo()
        h.render()
        let repaired = try h.fullRender()
        view.ink.reset(active: [])
        view.setNeedsDisplay()
        #expect(differences(repaired, try h.fullRender()).isEmpty)
    }

    @Test func clearRemovesCompletedPathsButNotOnesInProgress() throws {
        let h = try SceneHarness(.trace)
        h.render()
        h.stroke([Point(x: 100, y: 100), Point(x: 500, y: 100)])
        h.down(1, Point(x: 100, y: 300))
        h.move(1, Point(x: 400, y: 300))
        h.render()
        try tracker(h).clear()
        h.render()
        #expect(h.pixel(300, 100) == .white)
        #expect(h.pixel(300, 300)?.distance(to: Self.lightPurple) ?? 99 <= 2)
        h.up(1)
        h.render()
        #expect(h.pixel(300, 300) == Self.purple)
    }

    @Test func svgHasOnePathPerCompletedStroke() throws {
        let h = try SceneHarness(.trace, width: 1024, height: 768)
        h.stroke([Point(x: 10, y: 20), Point(x: 30.5, y: 40.25)])
        h.stroke([Point(x: 100, y: 100)])
        h.down(2, Point(x: 5, y: 5))  // in progress: not part of the document
        let svg = try #require(h.root as? SVGExportable).svgDocument()
        #expect(svg.contains(#"viewBox="0 0 1024 768""#))
        let paths = svg.components(separatedBy: "<path ").dropFirst()
        #expect(paths.count == 2)
        for path in paths {
            #expect(path.contains(##"stroke="#34329C""##) && path.contains(#"stroke-width="8""#))
            #expect(path.contains(#"stroke-linecap="round""#) && path.contains(#"stroke-linejoin="round""#))
            #expect(path.contains(#"fill="none""#))
        }
        #expect(paths.first?.contains(#"d="M10 20 L30.5 40.25""#) == true)
        #expect(paths.last?.contains(#"d="M100 100 L100 100""#) == true, "a tap is a dot")
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    }

    // MARK: Cost

    /// A 1024×768 trace scene holding `count` completed strokes, rendered once.
    func sceneWithHistory(_ count: Int) throws -> SceneHarness {
        let h = try SceneHarness(.trace, width: 1024, height: 768)
        for i in 0..<count {
            let x = Double(i % 40) * 25 + 10, y = Double(i / 40 % 30) * 25 + 10
            h.stroke([Point(x: x, y: y), Point(x: x + 20, y: y + 7), Point(x: x + 3, y: y + 18)], id: Int32(i % 5))
        }
        h.render()
        return h
    }

    @Test func aSegmentOverAThousandStrokesDamagesAndDrawsOnlyTheSegment() throws {
        var drawnPerFrame: [Int] = []
        for history in [10, 1000] {
            let h = try sceneWithHistory(history)
            let view = try tracker(h)
            #expect(view.strokes.strokes.count == history)
            h.down(9, Point(x: 500, y: 400))
            h.render()

            let before = view.ink.drawnSegmentCount
            h.move(9, Point(x: 512, y: 405))
            let damage = h.render()
            drawnPerFrame.append(view.ink.drawnSegmentCount - before)

            // The segment's box, grown by half the 8 px width and the antialias margin.
            #expect(damage == DamageRegion(PixelRect(x: 495, y: 395, width: 22, height: 15)), "\(damage)")
            #expect(Double(damage.area) / Double(h.bufferArea) <= 0.02)
            #expect(differences(h.buffer, try h.fullRender()).isEmpty)
        }
        #expect(drawnPerFrame == [1, 1], "one new segment, whatever the history")
    }

    @Test func endingAStrokeDrawsOnlyThatStroke() throws {
        var drawn: [Int] = []
        for history in [10, 1000] {
            let h = try sceneWithHistory(history)
            let view = try tracker(h)
            h.down(9, Point(x: 500, y: 400))
            h.move(9, Point(x: 520, y: 400), Point(x: 540, y: 420))
            h.render()
            let before = view.ink.drawnSegmentCount
            h.up(9)
            h.render()
            drawn.append(view.ink.drawnSegmentCount - before)
        }
        #expect(drawn == [3, 3], "the ended stroke's dot and two segments, into the completed layer")
    }

    @Test func tenFingersFarApartDamageTenSmallBoxes() throws {
        let h = try SceneHarness(.trace, width: 1024, height: 768)
        let starts = (0..<10).map { Point(x: 60 + Double($0 % 5) * 220, y: $0 < 5 ? 80 : 650) }
        for (id, start) in starts.enumerated() { h.down(Int32(id), start) }
        h.render()
        for (id, start) in starts.enumerated() {
            h.feed(.motion(id: Int32(id), time: 100, location: Point(x: start.x + 10, y: start.y + 6)))
        }
        h.feed(.frame)
        let damage = h.render()
        #expect(damage.rects.count == 10, "\(damage)")
        #expect(Double(damage.area) / Double(h.bufferArea) <= 0.02)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    @Test func aScaleChangeRebuildsTheInkAtTheNewScale() throws {
        let h = try SceneHarness(.trace, scale: 1)
        h.stroke([Point(x: 100, y: 100), Point(x: 300, y: 100)])
        h.render()
        let doubled = try PixelBuffer(width: 1600, height: 1200, format: .xrgb8888)
        _ = h.renderer.render(h.window, into: doubled, scale: 2, bufferAge: 0)
        let column = (180...220).filter { doubled.pixel(x: 400, y: $0) != .white }
        #expect(column.count == 8, "4 logical px at scale 2: \(column)")
        #expect(doubled.pixel(x: 400, y: 200) == Self.purple)
    }

    @Test func singleTouchTracesOnlyTheFirstFinger() throws {
        let h = try SceneHarness(.trace, singleTouch: true)
        h.down(0, Point(x: 100, y: 100))
        h.down(1, Point(x: 100, y: 300))
        h.move(0, Point(x: 300, y: 100))
        h.move(1, Point(x: 300, y: 300))
        h.up(0)
        h.up(1)
        h.render()
        #expect(h.pixel(200, 100) == Self.purple)
        #expect(h.pixel(200, 300) == .white)
        #expect(!h.root.isMultipleTouchEnabled)
    }

    private func isBlendOrWhite(_ pixel: PixelColor?) -> Bool {
        guard let pixel else { return false }
        return pixel != Self.purple && pixel.red > Self.purple.red
    }
}
