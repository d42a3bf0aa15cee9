import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// After a size change the opaque completed layer is not filled with the backdrop at once (at
/// 7680×4320 faulting its memory in took 46 ms of one frame): the frame of the new size only makes
/// it, the next slices fill it a band of 2 MiB at a time, then draw the strokes. Frames meanwhile
/// show the backdrop — never fresh memory's black — and whatever happens during the fill, the
/// drawing ends in the pixels of an unsliced rebuild.
///
/// 600×900 at scale 2 makes a 1200×1800 layer: 4800 bytes a row, 436 rows a band, five bands.
/// A `.segments(16)` budget fills one band a frame (a band counts as 16 segments).
@MainActor
@Suite struct SlicedFillTests {
    static let (width, height, scale) = (600.0, 900.0, 2.0)
    static let bandMarks = [436, 872, 1308, 1744, 1800]

    /// A scene with 60 strokes drawn over the window, then scaled to 2.
    static func painter(budget: InkPaintBudget, strokes: Int = 60) throws -> SlicedPainter {
        let p = try SlicedPainter(.trace, width: width, height: height, budget: budget)
        p.frame()
        SlicedRebuildTests.drawHistory(p.h, count: strokes, width: width, height: height)
        p.paintToEnd()
        try p.resize(width: width, height: height, scale: scale)
        return p
    }

    /// Every frame of the fill — into the buffer drawn last, or into one of unknown contents that
    /// it must paint whole — shows what an empty drawing shows; strokes are drawn once the layer
    /// is filled, and the end is the unsliced rebuild.
    @Test(arguments: [false, true])
    func theFillSpansFramesAndTheyShowTheBackdrop(unknownBuffers: Bool) throws {
        let p = try Self.painter(budget: .segments(16))
        let blank = try Self.painter(budget: .unlimited, strokes: 0)
        blank.paintToEnd()
        let ink = try #require(p.ink)
        let layer = ink.completedLayer
        let segments = ink.drawnSegmentCount
        p.frameIntoUnknownBuffer()
        #expect(layer.hasUnfilledRows && layer.filledRows == 0, "the frame of the new size fills nothing")
        #expect(differences(p.buffer, blank.buffer).isEmpty, "\(differences(p.buffer, blank.buffer))")
        var marks: [Int] = []
        while layer.hasUnfilledRows, marks.count < 100 {
            #expect(p.h.session.needsAnotherFrame, "frames keep coming while rows are unfilled")
            if unknownBuffers { p.frameIntoUnknownBuffer() } else { p.frame() }
            marks.append(layer.filledRows)
            #expect(ink.drawnSegmentCount == segments, "no stroke before the layer is filled")
            #expect(differences(p.buffer, blank.buffer).isEmpty, "\(layer.filledRows) rows: \(differences(p.buffer, blank.buffer))")
        }
        #expect(marks == Self.bandMarks)
        #expect(p.h.session.needsAnotherFrame && ink.isRebuilding, "the strokes are still to draw")
        #expect(p.paintToEnd() > 2)
        #expect(ink.drawnSegmentCount > segments)
        #expect(differences(p.buffer, try p.unslicedRebuild()).isEmpty)
    }

    /// A stroke ending, an undo, a clear, a resize or a stroke in progress while the layer is
    /// half filled: the same pixels as without slicing.
    @Test(arguments: [SlicedRebuildTests.Change.strokeEnds, .undo, .undoTwiceAndStrokeEnds, .clear, .resize,
                      .strokeInProgress])
    func aChangeDuringTheFillEndsInTheSamePixels(change: SlicedRebuildTests.Change) throws {
        let sliced = try Self.painter(budget: .segments(16))
        let whole = try Self.painter(budget: .unlimited)
        for p in [sliced, whole] {
            for _ in 0..<3 { p.frame() }
        }
        #expect(sliced.ink?.completedLayer.filledRows == Self.bandMarks[1])
        for p in [sliced, whole] {
            try SlicedRebuildTests.apply(change, to: p)
            p.frame()
            p.paintToEnd()
        }
        #expect(differences(sliced.buffer, whole.buffer).isEmpty, "sliced vs unsliced")
        #expect(differences(sliced.buffer, try sliced.reference()).isEmpty, "incremental vs a fresh renderer")
        #expect(differences(sliced.buffer, try sliced.unslicedRebuild()).isEmpty, "vs a rebuild of the final drawing")
    }

    @Test func aSaveDuringTheFillShowsTheWholeDrawing() throws {
        let p = try Self.painter(budget: .segments(16))
        p.frame()
        p.frame()
        #expect(p.ink?.completedLayer.hasUnfilledRows == true)
        let picture = try #require(try p.h.session.picture())
        #expect(p.ink?.completedLayer.hasUnfilledRows == false, "the save filled it")
        #expect(SlicedRebuildTests.inkedPixels(picture) > 1000)
        #expect(differences(picture, try p.unslicedRebuild()).isEmpty)
    }

    /// With a time budget the clock is read after each band: a clock that moves 1 ms a read
    /// ends an 8 ms slice after eight bands (give or take the last, as doubles add up), however
    /// many rows a band is.
    /// An empty 1600×1200 window with the app's 8 ms budget on `clock`, scaled to 2 and its
    /// first frame drawn: a 3200×2400 layer, 12 800 bytes a row, 163 rows a band, none filled.
    static func scaledWithTimeBudget(clock: @escaping () -> Double) throws -> (SlicedPainter, InkLayer) {
        let p = try SlicedPainter(.trace, width: 1600, height: 1200, budget: .seconds(0.008))
        let ink = try #require(p.ink)
        ink.clock = clock
        p.frame()
        try p.resize(width: 1600, height: 1200, scale: 2)
        p.frame()
        return (p, ink.completedLayer)
    }

    @Test func aTimeBudgetReadsTheClockAfterEachBand() throws {
        var now = 0.0
        let (p, layer) = try Self.scaledWithTimeBudget {
            now += 0.001
            return now
        }
        #expect(layer.filledRows == 0)
        // 3200×2400: 12 800 bytes a row, 163 rows a band.
        p.frame()
        #expect((7 * 163...9 * 163).contains(layer.filledRows), "\(layer.filledRows) rows")
        p.paintToEnd()
        #expect(!layer.hasUnfilledRows)
    }

    /// The slice comes after the frame's compositing and gets what is left of the budget: a
    /// frame into a new buffer copies the whole layer (7 ms at 8K), and a full slice on top of
    /// it held the loop for over a refresh. Here the compositing "takes" 8.1 ms of an 8 ms
    /// budget (the clock jumps after the draw's first reading): the slice still makes progress,
    /// one band, and no more.
    @Test func theSliceGetsWhatTheFrameLeftOfTheBudget() throws {
        var readsThisFrame = 0
        let (p, layer) = try Self.scaledWithTimeBudget {
            readsThisFrame += 1
            return readsThisFrame == 1 ? 0 : 0.0081
        }
        #expect(layer.filledRows == 0, "the frame of the new size fills nothing")
        for band in 1...3 {
            readsThisFrame = 0
            p.frame()
            #expect(layer.filledRows == band * 163, "one band a frame, \(layer.filledRows) rows")
        }
    }
}
