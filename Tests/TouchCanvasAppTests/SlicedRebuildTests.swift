import Rendering
import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// A scene's frames into buffers of its own, so a test can change the size and scale as a
/// compositor would, and paint a sliced rebuild to its end.
@MainActor
final class SlicedPainter {
    let h: SceneHarness
    private(set) var buffer: PixelBuffer
    private(set) var scale: Double
    private var fresh = true

    init(_ scene: Scene, width: Double = 800, height: Double = 600, scale: Double = 1,
         budget: InkPaintBudget) throws {
        h = try SceneHarness(scene, width: width, height: height)
        self.scale = scale
        buffer = try PixelBuffer(width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)),
                                 format: .xrgb8888)
        h.session.paintBudget = budget
    }

    var view: ProgressivePainting? { h.root as? ProgressivePainting }
    var ink: StrokeInk? { (h.root as? TouchTrackerView)?.ink ?? (h.root as? DrawingView)?.ink }

    /// One display frame into the buffer it drew last (age 1), or a new one (age 0).
    func frame() {
        _ = h.session.displayFrame(into: buffer, scale: scale, bufferAge: fresh ? 0 : 1)
        fresh = false
    }

    /// One display frame into a buffer of unknown contents (age 0, painted 0x5A5A5A first), as
    /// when the compositor holds on to the others: the frame must draw every pixel.
    func frameIntoUnknownBuffer() {
        memset(buffer.baseAddress, 0x5A, buffer.stride * buffer.height)
        buffer.markDirty()
        _ = h.session.displayFrame(into: buffer, scale: scale, bufferAge: 0)
        fresh = false
    }

    /// The compositor's configure: a new size and scale, and a buffer for them.
    func resize(width: Double, height: Double, scale: Double) throws {
        h.session.configure(width: Int(width), height: Int(height), scale: Int(scale.rounded(.up)))
        self.scale = scale
        buffer = try PixelBuffer(width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)),
                                 format: .xrgb8888)
        fresh = true
    }

    /// Frames until the scene asks for no more; returns how many were drawn.
    @discardableResult
    func paintToEnd(limit: Int = 100_000) -> Int {
        var frames = 0
        repeat {
            frame()
            frames += 1
        } while h.session.needsAnotherFrame && frames < limit
        return frames
    }

    /// What a fresh renderer draws for the window now, the whole drawing painted at once.
    func reference() throws -> PixelBuffer {
        let (window, scale, format) = (h.window, scale, buffer.format)
        return try h.session.withUnlimitedPaint { try referenceRender(of: window, scale: scale, format: format) }
    }

    /// The ink forgets its layers and rebuilds them unsliced; what a fresh renderer draws then.
    func unslicedRebuild() throws -> PixelBuffer {
        guard let ink else { throw SlicedRebuildTests.Missing() }
        ink.reset(active: ink.activeStrokes)
        h.root.setNeedsDisplay()
        return try reference()
    }
}

/// A size or scale change rebuilds the ink a slice per frame when the session has a paint
/// budget (the app's 8 ms; here a segment count, the same on every machine), and every path
/// through it — strokes ending, undo, the eraser, clear, another resize, all mid-rebuild — ends in
/// the pixels of an unsliced rebuild, to the byte.
@MainActor
@Suite struct SlicedRebuildTests {
    struct Missing: Error {}

    /// `count` strokes of `segments` segments each, crossing each other over the whole window,
    /// by five fingers in turn (five colours in the trace scene).
    static func drawHistory(_ h: SceneHarness, count: Int, segments: Int = 6, width: Double = 800, height: Double = 600) {
        for i in 0..<count {
            let x = Double((i * 37) % Int(width - 60)) + 20, y = Double((i * 53) % Int(height - 60)) + 20
            let points = (0...segments).map { (k: Int) -> Point in
                let dx = Double(k) * 7.5 + Double(i % 3)
                let dy = Double((k * (i + 5)) % 23) + 0.25 * Double(k)
                return Point(x: x + dx, y: y + dy)
            }
            h.stroke(points, id: Int32(i % 5))
        }
    }

    @Test(arguments: [Scene.trace, .draw, .canvas])
    func aScaleChangeIsPaintedOverSeveralFramesAndEndsAsAnUnslicedRebuild(scene: Scene) throws {
        let sliced = try SlicedPainter(scene, budget: .segments(100))
        let whole = try SlicedPainter(scene, budget: .unlimited)
        for p in [sliced, whole] {
            p.frame()
            Self.drawHistory(p.h, count: 200)
            p.paintToEnd()
            try p.resize(width: 800, height: 600, scale: 2)
        }
        let frames = sliced.paintToEnd()
        #expect(whole.paintToEnd() == 1)
        // The frame of the new scale (layers made, nothing drawn), then the completed layer's
        // fill (1600×1200: four bands of 2 MiB, 16 segments' worth each) and 200 strokes of 7
        // points: 64 + 1400 at 100 a frame, and one more frame to show the last slice.
        #expect(frames == 17, "\(frames) frames")
        #expect(sliced.ink?.isRebuilding == false)
        #expect(differences(sliced.buffer, whole.buffer).isEmpty)
        #expect(differences(sliced.buffer, try sliced.unslicedRebuild()).isEmpty)
    }

    @Test func eachFrameOfARebuildDrawsNoMoreThanItsBudgetAndShowsTheInkSoFar() throws {
        let p = try SlicedPainter(.trace, budget: .segments(50))
        p.frame()
        Self.drawHistory(p.h, count: 40)
        p.paintToEnd()
        try p.resize(width: 700, height: 500, scale: 1)
        let ink = try #require(p.ink)
        var perFrame: [Int] = []
        var inked: [Int] = []
        repeat {
            let before = ink.drawnSegmentCount
            p.frame()
            perFrame.append(ink.drawnSegmentCount - before)
            inked.append(Self.inkedPixels(p.buffer))
        } while p.h.session.needsAnotherFrame
        // Segments drawn, not points: a finger at rest adds none, so a frame may draw fewer.
        #expect(perFrame.allSatisfy { $0 <= 50 }, "\(perFrame)")
        #expect(perFrame.count >= 6, "280 points in slices of 50: \(perFrame)")
        #expect(zip(inked, inked.dropFirst()).allSatisfy { $0 <= $1 }, "the picture fills in: \(inked)")
        #expect(perFrame.first == 0 && inked.first == 0, "the first frame at the new size only makes the layers")
        #expect(inked.contains { $0 > 0 && $0 < inked.last ?? 0 }, "progress shows: \(inked)")
        #expect(differences(p.buffer, try p.unslicedRebuild()).isEmpty)
    }

    @Test func aLongStrokeIsSlicedWithinItself() throws {
        let p = try SlicedPainter(.draw, budget: .segments(30))
        p.frame()
        let zigzag = (0..<400).map { Point(x: 20 + Double($0) * 1.9, y: 100 + Double($0 % 9) * 40 + 0.3 * Double($0)) }
        p.h.stroke(zigzag)
        p.paintToEnd()
        try p.resize(width: 800, height: 600, scale: 2)
        let frames = p.paintToEnd()
        #expect(frames >= 400 / 30, "\(frames) frames for one stroke of 400 points")
        #expect(differences(p.buffer, try p.unslicedRebuild()).isEmpty)
    }

    /// One change made after `slices` frames of a rebuild, in a sliced scene and an unsliced one.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case strokeEnds, undo, undoTwiceAndStrokeEnds, erase, eraseThenUndoTheErase, clear,
             resize, scaleBack, strokeInProgress

        var testDescription: String { rawValue }
    }

    /// After 1 frame the new layer is made, not filled; after 2 a band of its fill remains; after
    /// 4 strokes are being drawn; after 13 it is over.
    @Test(arguments: Change.allCases, [1, 2, 4, 13])
    func aChangeDuringTheRebuildEndsInTheSamePixels(change: Change, slices: Int) throws {
        let sliced = try SlicedPainter(.trace, budget: .segments(40))
        let whole = try SlicedPainter(.trace, budget: .unlimited)
        var midRebuild: [Bool] = []
        var midFill: [Bool] = []
        for p in [sliced, whole] {
            p.frame()
            Self.drawHistory(p.h, count: 60)
            p.paintToEnd()
            try p.resize(width: 780, height: 590, scale: 2)
            for _ in 0..<slices { p.frame() }
            midRebuild.append(p.ink?.isRebuilding == true)
            midFill.append(p.ink?.completedLayer.hasUnfilledRows == true)
            try Self.apply(change, to: p)
            p.frame()
        }
        // 1560×1180: four bands of fill, 16 segments' worth each (three in the first slice, one
        // in the second), then 60 strokes of 7 points in slices of 40: by the thirteenth it is over.
        #expect(midRebuild == [slices < 13, false])
        #expect(midFill == [slices <= 2, false])
        sliced.paintToEnd()
        whole.paintToEnd()
        #expect(differences(sliced.buffer, whole.buffer).isEmpty, "sliced vs unsliced")
        #expect(differences(sliced.buffer, try sliced.reference()).isEmpty, "incremental vs a fresh renderer")
        #expect(differences(sliced.buffer, try sliced.unslicedRebuild()).isEmpty, "vs a rebuild of the final drawing")
    }

    static func apply(_ change: Change, to p: SlicedPainter) throws {
        let view = try #require(p.h.root as? TouchTrackerView)
        switch change {
        case .strokeEnds:
            p.h.stroke([Point(x: 30, y: 30), Point(x: 700, y: 500), Point(x: 100, y: 550)], id: 2)
        case .undo:
            #expect(view.undo())
        case .undoTwiceAndStrokeEnds:
            #expect(view.undo())
            p.h.stroke([Point(x: 600, y: 40), Point(x: 50, y: 400)], id: 3)
            #expect(view.undo())
            #expect(view.undo())
            p.h.stroke([Point(x: 20, y: 300), Point(x: 760, y: 320)], id: 4)
        case .erase:
            // Through the first strokes (drawn already) and the last (not yet).
            #expect(view.eraseStrokes(from: Point(x: 0, y: 0), to: Point(x: 780, y: 590), radius: 12))
        case .eraseThenUndoTheErase:
            #expect(view.eraseStrokes(from: Point(x: 0, y: 0), to: Point(x: 780, y: 590), radius: 12))
            view.strokes.endErasing()
            #expect(view.undo())
        case .clear:
            view.clear()
            p.h.stroke([Point(x: 300, y: 30), Point(x: 310, y: 500)], id: 1)
        case .resize:
            try p.resize(width: 640, height: 480, scale: 1)
        case .scaleBack:
            try p.resize(width: 780, height: 590, scale: 1.25)
        case .strokeInProgress:
            p.h.down(7, Point(x: 100, y: 100))
            p.h.move(7, Point(x: 500, y: 400), Point(x: 600, y: 100))
            p.frame()
            p.h.down(8, Point(x: 90, y: 500))
            p.h.move(8, Point(x: 400, y: 90))
            p.h.up(7)
        }
    }

    @Test func withoutABudgetARebuildIsOneFrameAsBefore() throws {
        let p = try SlicedPainter(.trace, budget: .unlimited)
        p.frame()
        Self.drawHistory(p.h, count: 100)
        p.paintToEnd()
        try p.resize(width: 800, height: 600, scale: 2)
        p.frame()
        #expect(!p.h.session.needsAnotherFrame)
        #expect(p.ink?.isRebuilding == false)
    }

    @Test func aSaveMidRebuildShowsTheWholeDrawing() throws {
        let sliced = try SlicedPainter(.trace, budget: .segments(40))
        sliced.frame()
        Self.drawHistory(sliced.h, count: 60)
        sliced.paintToEnd()
        try sliced.resize(width: 800, height: 600, scale: 2)
        sliced.frame()
        sliced.frame()
        #expect(sliced.h.session.needsAnotherFrame)
        let picture = try #require(try sliced.h.session.picture())
        #expect(differences(picture, try sliced.unslicedRebuild()).isEmpty)
    }

    @Test func aTimeBudgetReadsTheInjectedClock() throws {
        // A clock that moves 1 ms per read: an 8 ms budget ends a slice after eight reads.
        var now = 0.0
        let p = try SlicedPainter(.trace, budget: .seconds(0.008))
        let ink = try #require(p.ink)
        ink.clock = {
            now += 0.001
            return now
        }
        p.frame()
        Self.drawHistory(p.h, count: 100)
        p.paintToEnd()
        try p.resize(width: 800, height: 600, scale: 2)
        p.frame()  // the new layers, no slice
        p.frame()  // the layer's fill (four bands, the clock read after each) and a few segments
        #expect(!ink.completedLayer.hasUnfilledRows)
        let before = ink.drawnSegmentCount
        p.frame()
        let slice = ink.drawnSegmentCount - before
        #expect(slice <= 9 * InkPaintMeter.segmentsBetweenClockReads, "\(slice)")
        #expect(slice >= 6 * InkPaintMeter.segmentsBetweenClockReads, "\(slice)")
        p.paintToEnd()
        #expect(differences(p.buffer, try p.unslicedRebuild()).isEmpty)
    }

    // MARK: Repairs

    enum RepairChange: String, CaseIterable, CustomTestStringConvertible {
        case nothing, strokeEnds, undoAgain, erase, clear, resize

        var testDescription: String { rawValue }
    }

    /// Undoing a stroke from the top of the window to the bottom redraws everything it crossed:
    /// with a budget that goes a band of rows at a time, over several frames, and ends in the
    /// pixels of the unsliced repair, whatever happens meanwhile.
    @Test(arguments: RepairChange.allCases)
    func aTallUndoIsRepairedABandAtATimeAndEndsAsAnUnslicedRepair(change: RepairChange) throws {
        let sliced = try SlicedPainter(.trace, budget: .segments(60))
        let whole = try SlicedPainter(.trace, budget: .unlimited)
        var framesAfterUndo: [Int] = []
        for p in [sliced, whole] {
            p.frame()
            Self.drawHistory(p.h, count: 150)
            p.h.stroke([Point(x: 380, y: 2), Point(x: 420, y: 300), Point(x: 390, y: 598)], id: 3)
            p.paintToEnd()
            let view = try #require(p.h.root as? TouchTrackerView)
            let ink = try #require(p.ink)
            let before = ink.drawnSegmentCount
            #expect(view.undo())
            p.frame()
            framesAfterUndo.append(ink.drawnSegmentCount - before)
            p.frame()
            switch change {
            case .nothing:
                break
            case .strokeEnds:
                p.h.stroke([Point(x: 100, y: 50), Point(x: 700, y: 560)], id: 1)
            case .undoAgain:
                #expect(view.undo())
            case .erase:
                #expect(view.eraseStrokes(from: Point(x: 0, y: 300), to: Point(x: 800, y: 310), radius: 10))
            case .clear:
                view.clear()
            case .resize:
                try p.resize(width: 700, height: 500, scale: 1)
            }
            p.paintToEnd()
        }
        #expect(framesAfterUndo[0] < framesAfterUndo[1], "the unsliced repair does it all at once: \(framesAfterUndo)")
        #expect(differences(sliced.buffer, whole.buffer).isEmpty, "sliced vs unsliced")
        #expect(differences(sliced.buffer, try sliced.reference()).isEmpty, "incremental vs a fresh renderer")
        #expect(differences(sliced.buffer, try sliced.unslicedRebuild()).isEmpty, "vs a rebuild of the final drawing")
    }

    @Test func aSlicedRepairTakesSeveralFrames() throws {
        let p = try SlicedPainter(.trace, budget: .segments(60))
        p.frame()
        Self.drawHistory(p.h, count: 150)
        p.h.stroke([Point(x: 380, y: 2), Point(x: 420, y: 300), Point(x: 390, y: 598)], id: 3)
        p.paintToEnd()
        #expect(try #require(p.h.root as? TouchTrackerView).undo())
        let frames = p.paintToEnd()
        #expect(frames >= 4, "\(frames) frames")
        #expect(differences(p.buffer, try p.unslicedRebuild()).isEmpty)
    }

    /// A band cannot stop halfway, so bands that overrun the budget get thinner until one fits
    /// (and thicker again when they take little): after the first few, a tall repair's frames
    /// keep near their budget however dense the drawing.
    @Test func aTallRepairsBandsShrinkUntilOneFitsTheBudget() throws {
        let p = try SlicedPainter(.trace, budget: .segments(60))
        p.frame()
        Self.drawHistory(p.h, count: 400)
        p.h.stroke([Point(x: 380, y: 2), Point(x: 420, y: 300), Point(x: 390, y: 598)], id: 3)
        p.paintToEnd()
        let ink = try #require(p.ink)
        #expect(try #require(p.h.root as? TouchTrackerView).undo())
        var perFrame: [Int] = []
        for _ in 0..<500 where p.h.session.needsAnotherFrame || perFrame.isEmpty {
            let before = ink.drawnSegmentCount
            p.frame()
            perFrame.append(ink.drawnSegmentCount - before)
        }
        #expect(perFrame.count > 4, "\(perFrame)")
        let first = perFrame.prefix(3).max() ?? 0, settled = perFrame.dropFirst(3).max() ?? 0
        #expect(first > 120, "the first bands, 32 rows tall, overrun: \(perFrame)")
        #expect(settled <= 120, "later bands fit within twice the budget: \(perFrame)")
        #expect(differences(p.buffer, try p.unslicedRebuild()).isEmpty)
    }

    @Test func bandRowsHalveOnAnOverrunAndDoubleWhenLight() {
        #expect(InkRepairBands.adapted(32, share: 2) == 16)
        #expect(InkRepairBands.adapted(32, share: 1.4) == 32)
        #expect(InkRepairBands.adapted(2, share: 9) == 2)
        #expect(InkRepairBands.adapted(32, share: 0.6) == 32)
        #expect(InkRepairBands.adapted(32, share: 0.1) == 64)
        #expect(InkRepairBands.adapted(64, share: 0) == 64)
    }

    static func inkedPixels(_ buffer: PixelBuffer) -> Int {
        var count = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer.pixel(x: x, y: y) != .white { count += 1 }
        }
        return count
    }
}
