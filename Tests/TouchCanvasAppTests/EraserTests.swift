import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The eraser takes whole strokes out where it passes; undo brings them back in their place.
@MainActor
@Suite struct EraserTests {
    static let purple = PixelColor(rgb: 0x34329C)

    /// Three horizontal strokes; the eraser crosses the middle one only.
    @Test(arguments: [Scene.trace, .draw, .canvas])
    func theEraserTakesWholeStrokesAndUndoBringsThemBack(scene: Scene) throws {
        let h = try SceneHarness(scene)
        let view = try #require(h.root as? Erasable)
        h.render()
        for (id, y) in [(0, 100.0), (1, 200), (2, 300)] {
            h.stroke([Point(x: 100, y: y), Point(x: 300, y: y), Point(x: 500, y: y + 10)], id: Int32(id))
        }
        h.render()
        let drawn = try h.fullRender()
        #expect(h.pixel(200, 200) != .white && h.pixel(450, 208) != .white)

        #expect(!view.eraseStrokes(from: Point(x: 600, y: 150), to: Point(x: 700, y: 250), radius: 5), "nothing there")
        #expect(view.eraseStrokes(from: Point(x: 200, y: 190), to: Point(x: 205, y: 195), radius: 8))
        h.render()
        #expect(h.pixel(200, 200) == .white && h.pixel(450, 208) == .white, "the whole stroke, not just where it passed")
        #expect(h.pixel(200, 100) != .white && h.pixel(200, 300) != .white, "the others stay")
        #expect(differences(h.buffer, try h.fullRender()).isEmpty, "incremental frames match a full render")

        #expect((h.root as? Undoable)?.undo() == true)
        h.render()
        #expect(differences(h.buffer, drawn).isEmpty, "undo restores the drawing pixel for pixel")
        // The next undo takes the newest stroke, as before the eraser.
        #expect((h.root as? Undoable)?.undo() == true)
        h.render()
        #expect(h.pixel(200, 300) == .white && h.pixel(200, 200) != .white)
    }

    @Test func theEraserReachesAStrokesEdgeNotJustItsLine() {
        let stroke = Stroke(color: .black, width: 10)
        stroke.add(sample: StrokeSample(location: Point(x: 0, y: 0)))
        stroke.add(sample: StrokeSample(location: Point(x: 100, y: 0)))
        #expect(stroke.isTouched(from: Point(x: 50, y: 8), to: Point(x: 60, y: 8), radius: 3.5))
        #expect(!stroke.isTouched(from: Point(x: 50, y: 9), to: Point(x: 60, y: 9), radius: 3.5))
        #expect(stroke.isTouched(from: Point(x: 50, y: -50), to: Point(x: 50, y: 50), radius: 0), "crossing it")
        #expect(!stroke.isTouched(from: Point(x: 110, y: 0), to: Point(x: 120, y: 0), radius: 4))
        #expect(stroke.isTouched(from: Point(x: 110, y: 0), to: Point(x: 120, y: 0), radius: 5.5))
    }

    /// One swipe of the eraser is one change: a single undo brings back all it took, in place,
    /// however many frames it took them over.
    @Test func oneSwipeIsOneUndo() {
        let strokes = StrokeCollection()
        let made = (0..<4).map { i -> Stroke in
            let s = Stroke(color: .black, width: 2)
            s.add(sample: StrokeSample(location: Point(x: 0, y: Double(i) * 10)))
            s.add(sample: StrokeSample(location: Point(x: 100, y: Double(i) * 10)))
            strokes.append(s)
            return s
        }
        strokes.beginErasing()
        #expect(strokes.erase(from: Point(x: 20, y: 28), to: Point(x: 20, y: 32), radius: 1).count == 1)  // the 4th
        #expect(strokes.erase(from: Point(x: 40, y: -2), to: Point(x: 40, y: 12), radius: 1).count == 2)  // 1st, 2nd
        strokes.endErasing()
        #expect(strokes.strokes.map(ObjectIdentifier.init) == [made[2]].map(ObjectIdentifier.init))
        guard case .restored(let back)? = strokes.undo() else { Issue.record("undo did not restore"); return }
        #expect(back.count == 3)
        #expect(strokes.strokes.map(ObjectIdentifier.init) == made.map(ObjectIdentifier.init), "all back, in their places")
        // After the swipe, erasing again is a change of its own.
        strokes.erase(from: Point(x: 50, y: 0), to: Point(x: 50, y: 0), radius: 1)
        strokes.erase(from: Point(x: 50, y: 10), to: Point(x: 50, y: 10), radius: 1)
        _ = strokes.undo()
        #expect(strokes.strokes.count == 3)
    }

    @Test func erasingSeveralAndUndoingKeepsTheDrawingOrder() {
        let strokes = StrokeCollection()
        let made = (0..<4).map { i -> Stroke in
            let s = Stroke(color: .black, width: 2)
            s.add(sample: StrokeSample(location: Point(x: 0, y: Double(i) * 10)))
            s.add(sample: StrokeSample(location: Point(x: 100, y: Double(i) * 10)))
            strokes.append(s)
            return s
        }
        let erased = strokes.erase(from: Point(x: 50, y: 5), to: Point(x: 50, y: 25), radius: 1)
        #expect(erased.map(ObjectIdentifier.init) == [made[1], made[2]].map(ObjectIdentifier.init))
        #expect(strokes.strokes.count == 2)
        #expect(strokes.erase(from: Point(x: 50, y: .nan), to: Point(x: 50, y: 25), radius: 1).isEmpty)
        guard case .restored(let back)? = strokes.undo() else { Issue.record("undo did not restore"); return }
        #expect(back.count == 2)
        #expect(strokes.strokes.map(ObjectIdentifier.init) == made.map(ObjectIdentifier.init), "back in their places")
        strokes.removeAllStrokes()
        #expect(strokes.undo() == nil, "clear is not undoable")
    }
}
