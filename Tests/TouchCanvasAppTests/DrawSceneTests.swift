import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The draw scene (*Implementing Coalesced Touch Support in an App*): coalesced samples, a black 3 px stroke, cancel, and the Clear
/// button, driven through the input machine as the app drives it (moves held for the frame).
@MainActor
@Suite struct DrawSceneTests {
    static let orange = PixelColor(rgb: 0xFF9500)
    static let lightGrey = PixelColor(rgb: 0xC8C8C8)

    let h: SceneHarness
    let view: DrawingView

    init() throws {
        h = try SceneHarness(.draw)
        h.machine.holdsMovesUntilDisplayFrame = true
        view = try #require(h.root as? DrawingView)
    }

    /// A finger down at `start`, then `moves` as separate input frames delivered together at
    /// the next display frame: coalesced touches.
    func drawCoalesced(from start: Point, _ moves: Point...) {
        h.down(0, start)
        h.move(0, moves)
        h.machine.deliverHeldMoves()
    }

    @Test func aStrokeIsBuiltFromEveryCoalescedSample() throws {
        h.render()
        drawCoalesced(from: Point(x: 100, y: 300), Point(x: 150, y: 300), Point(x: 200, y: 300), Point(x: 250, y: 300))
        let stroke = try #require(view.strokeCollection.activeStroke)
        #expect(stroke.samples.map(\.location) == [Point(x: 100, y: 300), Point(x: 150, y: 300),
                                                    Point(x: 200, y: 300), Point(x: 250, y: 300)])
        #expect(stroke.samples.map(\.coalesced) == [false, true, true, false],
                "all but the last of a delivery are coalesced")
        #expect(stroke.color == .black && stroke.width == 3)

        h.up(0)
        #expect(view.strokeCollection.activeStroke == nil)
        #expect(view.strokeCollection.strokes.count == 1)
        h.render()
        // Black, 3 px centred on y = 300: rows 299 and 300 whole, 298 and 301 half covered.
        for x in [125.0, 175, 225] {
            #expect(h.pixel(x, 299) == .black && h.pixel(x, 300) == .black)
            #expect(isBlend(h.pixel(x, 298), between: .black, and: .white) && isBlend(h.pixel(x, 301), between: .black, and: .white))
            #expect(h.pixel(x, 297) == .white && h.pixel(x, 302) == .white)
        }
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    @Test func cancelAbandonsTheStroke() throws {
        h.stroke([Point(x: 100, y: 100), Point(x: 300, y: 100)])
        h.render()
        drawCoalesced(from: Point(x: 100, y: 300), Point(x: 200, y: 300), Point(x: 300, y: 300))
        h.render()
        #expect(h.pixel(200, 300) == .black, "drawn while in progress, at full colour")
        h.feed(.cancel)
        #expect(view.strokeCollection.activeStroke == nil)
        #expect(view.strokeCollection.strokes.count == 1)
        h.render()
        #expect(h.pixel(200, 300) == .white)
        #expect(h.pixel(200, 100) == .black)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    @Test func theClearButtonSitsTopRightAndClearsOnTouchUpInside() throws {
        #expect(view.clearButton.frame == Rect(x: 704, y: 16, width: 80, height: 36))
        h.stroke([Point(x: 100, y: 300), Point(x: 400, y: 300)])
        h.render()
        #expect(h.pixel(200, 300) == .black)
        // The button shows: its fill, and the dark pixels of its word.
        #expect(h.pixel(712, 34) == PixelColor(rgb: 0xF2F2F7))
        let word = (24..<46).flatMap { y in (720..<770).compactMap { x in h.pixel(Double(x), Double(y)) } }
        #expect(word.filter { $0.red < 100 }.count > 20, "the word Clear is drawn")

        h.down(5, Point(x: 744, y: 34))
        h.render()
        #expect(view.clearButton.isHighlighted)
        #expect(h.pixel(712, 34) == PixelColor(rgb: 0xC7C7CC), "darkens while pressed")
        #expect(view.strokeCollection.strokes.count == 1, "nothing happens before the finger lifts")
        h.up(5)
        #expect(view.strokeCollection.strokes.isEmpty)
        h.render()
        #expect(h.pixel(200, 300) == .white)
        #expect(h.pixel(712, 34) == PixelColor(rgb: 0xF2F2F7))
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    @Test func liftingFarFromTheButtonOrCancellingDoesNotClear() throws {
        h.stroke([Point(x: 100, y: 300), Point(x: 400, y: 300)])
        h.down(5, Point(x: 744, y: 34))
        h.move(5, Point(x: 500, y: 300))
        h.machine.deliverHeldMoves()
        #expect(!view.clearButton.isHighlighted)
        h.up(5)
        #expect(view.strokeCollection.strokes.count == 1)
        h.down(6, Point(x: 744, y: 34))
        h.feed(.cancel)
        #expect(view.strokeCollection.strokes.count == 1 && !view.clearButton.isHighlighted)
    }

    @Test func theButtonDoesNotStartAStrokeAndAStrokeDoesNotPressTheButton() throws {
        h.down(0, Point(x: 744, y: 34))
        #expect(view.strokeCollection.activeStroke == nil)
        h.up(0)
        h.down(1, Point(x: 600, y: 34))
        h.move(1, Point(x: 744, y: 34))
        h.machine.deliverHeldMoves()
        h.up(1)
        #expect(view.strokeCollection.strokes.count == 1, "a stroke drawn across the button is a stroke")
    }

    @Test func onlyTheFirstFingerDraws() throws {
        h.down(0, Point(x: 100, y: 100))
        h.down(1, Point(x: 100, y: 300))
        h.move(0, Point(x: 300, y: 100))
        h.move(1, Point(x: 300, y: 300))
        h.machine.deliverHeldMoves()
        h.up(1)
        h.up(0)
        h.render()
        #expect(view.strokeCollection.strokes.count == 1)
        #expect(h.pixel(200, 100) == .black && h.pixel(200, 300) == .white)
    }

    @Test func undoTakesBackTheLastStroke() throws {
        h.stroke([Point(x: 100, y: 100), Point(x: 300, y: 100)])
        h.stroke([Point(x: 100, y: 200), Point(x: 300, y: 200)])
        h.render()
        #expect(view.undo())
        h.render()
        #expect(h.pixel(200, 200) == .white && h.pixel(200, 100) == .black)
        #expect(view.undo() && !view.undo())
    }

    @Test func theDebugOverlayShowsCoalescedSamplesAndThePrediction() throws {
        h.render()
        (h.root as? DebugOverlayToggling)?.toggleDebugOverlay()
        #expect(view.showsCoalescedSamples)
        drawCoalesced(from: Point(x: 100, y: 300), Point(x: 150, y: 300), Point(x: 200, y: 300), Point(x: 250, y: 300))
        h.render()
        #expect(h.pixel(150, 300) == Self.orange, "a coalesced sample")
        #expect(h.pixel(200, 300) == Self.orange)
        #expect(h.pixel(100, 300) == .black, "the down is not coalesced")
        #expect(h.pixel(240, 300) == .black, "nor the touch itself")
        #expect(h.pixel(175, 300) == .black)
        #expect(view.predicted.count == 3, "from the last sample through two predicted points")
        let ahead = try #require(view.predicted.last)
        #expect(ahead.x > 260 && abs(ahead.y - 300) < 1e-6, "\(ahead)")
        #expect(h.pixel(258, 300) == Self.lightGrey)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)

        h.up(0)
        h.render()
        #expect(view.predicted.isEmpty)
        #expect(h.pixel(258, 300) == .white, "the prediction goes with the finger")
        #expect(h.pixel(150, 300) == Self.orange, "completed strokes keep their dots")

        view.toggleDebugOverlay()
        h.render()
        #expect(h.pixel(150, 300) == .black)
    }

    @Test func svgIsBlack3PxPaths() throws {
        h.stroke([Point(x: 100, y: 100), Point(x: 300, y: 100)])
        let svg = view.svgDocument()
        #expect(svg.contains(#"viewBox="0 0 800 600""#))
        #expect(svg.components(separatedBy: "<path ").count == 2)
        #expect(svg.contains(##"stroke="#000000" stroke-width="3""##))
    }
}

extension DrawSceneTests {
    @Test func replacingTheCollectionShowsTheNewOne() throws {
        h.stroke([Point(x: 100, y: 100), Point(x: 300, y: 100)])
        h.render()
        let other = StrokeCollection()
        let stroke = Stroke()
        stroke.add(sample: StrokeSample(location: Point(x: 100, y: 200)))
        stroke.add(sample: StrokeSample(location: Point(x: 300, y: 200)))
        other.append(stroke)
        view.strokeCollection = other
        h.render()
        #expect(h.pixel(200, 100) == .white && h.pixel(200, 200) == .black)
    }

    @Test func clearingWithTheDotsOnKeepsTheDotsOfTheStrokeInProgress() throws {
        view.showsCoalescedSamples = true
        h.stroke([Point(x: 100, y: 100), Point(x: 300, y: 100)])
        drawCoalesced(from: Point(x: 100, y: 300), Point(x: 150, y: 300), Point(x: 200, y: 300))
        h.render()
        #expect(h.pixel(150, 300) == Self.orange)
        view.clear()
        h.render()
        #expect(h.pixel(150, 300) == Self.orange && h.pixel(200, 100) == .white)
        h.feed(.cancel)
        h.render()
        #expect(h.pixel(150, 300) == .white, "cancel takes the dots away too")
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }
}
