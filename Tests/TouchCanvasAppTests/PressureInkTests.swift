import Rendering
import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// A pen's stroke: its width follows pressure, width × (0.25 + 1.5 p), never under half a
/// pixel; drawn smooth by the scenes' ink and kept in the SVG.
@MainActor
@Suite struct PressureInkTests {
    @Test func widthFollowsTheVisualContract() {
        #expect(Stroke.pressureWidth(base: 4, pressure: 0.5) == 4, "p = 0.5 is the scene's width")
        #expect(Stroke.pressureWidth(base: 4, pressure: 1) == 7)
        #expect(Stroke.pressureWidth(base: 4, pressure: 0) == 1)
        #expect(Stroke.pressureWidth(base: 1, pressure: 0) == 0.5, "never under half a pixel")
        #expect(Stroke.pressureWidth(base: 4, pressure: 7) == 7 && Stroke.pressureWidth(base: 4, pressure: -1) == 1)
        #expect(Stroke.pressureWidth(base: 4, pressure: .nan) == 4)
    }

    @Test func aFingersStrokeKeepsOneWidth() {
        let stroke = Stroke(color: .black, width: 3)
        stroke.add(sample: StrokeSample(location: Point(x: 0, y: 0)))
        stroke.add(sample: StrokeSample(location: Point(x: 10, y: 0), pressure: 1))
        #expect(!stroke.isPressureSensitive && !stroke.hasVariableWidth)
        #expect(stroke.width(at: 1) == 3)
    }

    @Test func aPensStrokeCoversItsWidestSample() {
        let stroke = Stroke(color: .black, width: 4)
        stroke.add(sample: StrokeSample(location: Point(x: 10, y: 10), pressure: 0))
        stroke.add(sample: StrokeSample(location: Point(x: 50, y: 10), pressure: 1))
        #expect(stroke.isPressureSensitive && stroke.hasVariableWidth)
        #expect(stroke.width(at: 0) == 1 && stroke.width(at: 1) == 7)
        #expect(stroke.bounds == Rect(x: 9.5, y: 6.5, width: 44, height: 7))
    }

    /// From pressure 0.1 to 1.0 across the draw scene: at least 3× wider at its end than at its
    /// start, with no gap, in the live frames and in a fresh render alike.
    @Test(arguments: [1.0, 2.0])
    func aPressureStrokeWidensWithoutGaps(scale: Double) throws {
        let h = try SceneHarness(.draw, scale: scale)
        let view = try #require(h.root as? DrawingView)
        h.render()
        let stroke = Stroke(color: .black, width: DrawingView.inkWidth)
        for i in 0...100 {
            stroke.add(sample: StrokeSample(location: Point(x: 100 + Double(i) * 5, y: 300), pressure: 0.1 + 0.9 * Double(i) / 100))
        }
        let collection = StrokeCollection()
        collection.append(stroke)
        view.strokeCollection = collection
        h.render()
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
        let start = h.inkedRows(atX: 102, in: 280...320).count, end = h.inkedRows(atX: 598, in: 280...320).count
        #expect(Double(end) >= 3 * Double(start), "start \(start) rows, end \(end) rows")
        for x in stride(from: 100.0, through: 600, by: 2.5) {
            #expect(!h.inkedRows(atX: x, in: 280...320).isEmpty, "a gap at x = \(x)")
        }
    }

    @Test func theSVGKeepsThePensWidths() throws {
        let stroke = Stroke(color: Color(rgb: 0x34329C), width: 4)
        stroke.add(sample: StrokeSample(location: Point(x: 10, y: 10), pressure: 0))
        stroke.add(sample: StrokeSample(location: Point(x: 50, y: 10), pressure: 1))
        let finger = Stroke(color: .black, width: 3)
        finger.add(sample: StrokeSample(location: Point(x: 10, y: 40)))
        finger.add(sample: StrokeSample(location: Point(x: 50, y: 40)))
        let svg = SVGWriter.document(size: Size(width: 100, height: 100), strokes: [stroke, finger])
        // The pen's stroke: a filled outline from radius 0.5 at (10, 10) to radius 3.5 at (50, 10).
        #expect(svg.contains(##"<g fill="#34329C" stroke="none">"##))
        #expect(svg.contains("A3.5 3.5 0 "), "the wide end's arc")
        #expect(svg.contains("A0.5 0.5 0 "), "the thin end's arc")
        // The finger's stroke as before: one stroked path of its one width.
        #expect(svg.contains(##"stroke="#000000" stroke-width="3""##))
    }
}
