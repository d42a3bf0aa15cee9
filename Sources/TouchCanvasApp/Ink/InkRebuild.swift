import Rendering
import TouchKit

/// How much of a long paint one frame may do before it hands the event loop back.
///
/// A size or scale change redraws every completed stroke: 10 000 strokes at 4K take most of a
/// second, during which the app would answer no ping and take no input. With a budget the
/// redraw goes on across frames instead, a slice per frame.
///
/// ```swift
/// ink.paintBudget = .seconds(0.008)   // the app: half a 60 Hz refresh per frame
/// ink.paintBudget = .segments(500)    // tests: the same slices on every machine
/// ```
public enum InkPaintBudget: Sendable, Equatable {
    /// Everything at once: headless replays, `check`, saves, and tests that want whole frames.
    case unlimited
    /// Stop once this much time, on the monotonic clock, has gone into the slice. Checked every
    /// ``InkPaintMeter/segmentsBetweenClockReads`` segments and after every band of a layer's
    /// fill, so a slice may overrun by that many segments or one band.
    case seconds(Double)
    /// Stop after this many segments (at least one): deterministic, whatever the machine. A band
    /// of an opaque layer's fill counts as ``InkPaintMeter/segmentsBetweenClockReads`` of them.
    case segments(Int)
}

/// Counts one slice's work against an ``InkPaintBudget``.
struct InkPaintMeter {
    /// A segment costs a few microseconds; reading the clock every 16 keeps the overrun far
    /// below a millisecond while the reads cost nothing measurable.
    static let segmentsBetweenClockReads = 16

    private let budget: InkPaintBudget
    private let clock: () -> Double
    private let start: Double
    private var spent = 0
    private var sinceClockRead = 0
    /// The budget is used up: the slice ends.
    private(set) var isExhausted = false

    /// `since`: when the time budget began, if before now (a clock reading), so that work the
    /// frame did before the slice counts against it too.
    init(_ budget: InkPaintBudget, clock: @escaping () -> Double, since: Double? = nil) {
        self.budget = budget
        self.clock = clock
        if case .seconds = budget { start = since ?? clock() } else { start = 0 }
    }

    /// Segments that may be drawn before the meter must be told (and maybe stops the slice).
    var allowance: Int {
        switch budget {
        case .unlimited: Int.max
        case .segments(let limit): max(max(limit, 1) - spent, 0)
        case .seconds: Self.segmentsBetweenClockReads - sinceClockRead
        }
    }

    /// A reading to pass to ``share(ofSegments:since:)`` later (the clock's, with a time budget).
    var now: Double {
        if case .seconds = budget { clock() } else { 0 }
    }

    /// The share of the whole budget that a piece of work took: `segments` segments, begun at
    /// `since` (a ``now`` reading). 0 without a budget.
    func share(ofSegments segments: Int, since: Double) -> Double {
        switch budget {
        case .unlimited: 0
        case .segments(let limit): Double(segments) / Double(max(limit, 1))
        case .seconds(let seconds): seconds > 0 ? (clock() - since) / seconds : 0
        }
    }

    /// One band of an opaque layer's fill was painted (``InkRebuild/fillBandBytes``). A band of
    /// fresh memory costs far more than a segment (its pages are faulted in: about 0.7 ms here),
    /// so with a time budget the clock is read after every band, and the slice overruns by at
    /// most one. Against a segment budget it counts as ``segmentsBetweenClockReads`` segments, a
    /// number fixed for tests, not a measure of its cost: deterministic slices on every machine.
    mutating func spendFillBand() {
        switch budget {
        case .unlimited:
            break
        case .segments:
            spend(Self.segmentsBetweenClockReads)
        case .seconds(let seconds):
            sinceClockRead = 0
            isExhausted = !(clock() - start < seconds)
        }
    }

    /// `count` segments (point indices) were drawn.
    mutating func spend(_ count: Int) {
        spent += count
        switch budget {
        case .unlimited:
            break
        case .segments(let limit):
            isExhausted = spent >= max(limit, 1)
        case .seconds(let seconds):
            sinceClockRead += count
            if sinceClockRead >= Self.segmentsBetweenClockReads {
                sinceClockRead = 0
                isExhausted = !(clock() - start < seconds)
            }
        }
    }
}

/// A rebuild of the completed ink layer from the model, drawn a slice at a time, each frame
/// going on from where the last stopped: a cursor at a stroke and, within it, at a point, so a
/// single long stroke is sliced too.
///
/// It draws exactly the segments an unsliced ``InkLayer/rebuild(from:rect:scale:)`` draws, in
/// the same order; a stroke drawn in two slices is the same cairo calls as drawn in one. The
/// drawing may change meanwhile, and the layer still ends with the pixels an unsliced rebuild of
/// the final drawing gives:
///
/// - a stroke that ends is appended (it is the newest completed stroke, drawn last);
/// - a stroke taken out (undo, eraser) that has not been reached is simply dropped; one that
///   was drawn, wholly or in part, is dropped and its rows repaired at the next slice, which
///   redraws only what the rebuild has drawn so far — the same repair the finished layer gets;
/// - anything else (a clear, an erased stroke coming back, a new size) is for the owner to
///   restart (``StrokeInk`` does).
///
/// Before any stroke, an opaque layer's rows are filled with its backdrop, a band of
/// ``fillBandBytes`` at a time within the same budget (``InkLayer/filledRows``): at 7680×4320
/// faulting in and filling the new layer at once took 46 ms of the first frame. A band shows
/// nothing new — frames show the backdrop on unfilled rows — so it reports no dirty rectangle.
///
/// The owner keeps the layer and passes it to every ``advance(into:budget:clock:dirty:)``.
struct InkRebuild {
    /// Pixel memory per band of the fill: 2 MiB of fresh pages fault in and fill in about 0.7 ms
    /// here (133 MB took 46 ms), a small part of an 8 ms slice, and a band is few enough
    /// (64 at 8K) that the per-band paint call and clock read cost nothing measurable.
    static let fillBandBytes = 2 << 20

    /// What the rebuild draws, oldest first: the completed strokes when it began, then those that
    /// ended since, less those taken out.
    private(set) var strokes: [Stroke]
    /// The next stroke to draw into the layer.
    private(set) var strokeIndex = 0
    /// The first point of `strokes[strokeIndex]` whose segment is not in the layer yet.
    private(set) var pointIndex = 0
    /// Bounds of strokes taken out after some of their ink was drawn.
    private var repairs: [Rect] = []

    /// The layer's top-left corner, in the owner's coordinates.
    let origin: Point

    init(strokes: [Stroke], origin: Point) {
        self.strokes = strokes
        self.origin = origin
    }

    /// Everything is drawn and repaired.
    var isFinished: Bool { strokeIndex >= strokes.count && repairs.isEmpty }

    /// `stroke` ended during the rebuild: it goes on top of everything, as it would have.
    mutating func append(_ stroke: Stroke) {
        strokes.append(stroke)
    }

    /// `stroke` left the drawing. Returns whether any of its ink is in the layer (its rows are
    /// then repaired at the next slice; the owner invalidates them). Searched from the newest,
    /// where undo takes strokes.
    @discardableResult
    mutating func remove(_ stroke: Stroke) -> Bool {
        guard let index = strokes.lastIndex(where: { $0 === stroke }) else { return false }
        let drawn = index < strokeIndex || (index == strokeIndex && pointIndex > 0)
        strokes.remove(at: index)
        if index < strokeIndex {
            strokeIndex -= 1
        } else if index == strokeIndex {
            pointIndex = 0
        }
        if drawn { repairs.append(stroke.bounds) }
        return drawn
    }

    /// Draws the next slice into `layer`: first bands of the layer's fill while rows remain
    /// unfilled (at least one band), then the pending repairs, then strokes from the cursor until
    /// the budget is spent (at least one segment, unless the fill took the slice, so every slice
    /// makes progress). `dirty` hears each rectangle the slice may have changed. Returns whether
    /// the layer is filled and ``isFinished``.
    mutating func advance(into layer: InkLayer, budget: InkPaintBudget, clock: @escaping () -> Double,
                          since: Double? = nil, dirty: (Rect) -> Void) -> Bool {
        var meter = InkPaintMeter(budget, clock: clock, since: since)
        if budget == .unlimited {
            layer.fillRemainingRows()
        }
        while layer.hasUnfilledRows, !meter.isExhausted {
            layer.fillNextRows(bytes: Self.fillBandBytes)
            meter.spendFillBand()
        }
        // Strokes go on the backdrop: none is drawn before the last band.
        guard !layer.hasUnfilledRows else { return false }
        // Repairs are not sliced: each clears a band of rows and redraws the strokes drawn so far
        // that cross it, which is bounded by what this rebuild has already drawn.
        for rect in repairs {
            dirty(layer.repair(covering: rect) { band in redrawDrawn(into: layer, within: band) })
        }
        repairs.removeAll()
        while strokeIndex < strokes.count, !meter.isExhausted {
            let stroke = strokes[strokeIndex]
            let count = stroke.samples.count
            let end = pointIndex + min(count - pointIndex, meter.allowance)  // an unlimited allowance is Int.max
            if pointIndex == 0, end == count {
                dirty(layer.drawSegments(of: stroke, from: 0))
            } else {
                dirty(layer.drawSegments(of: StrokePrefix(stroke: stroke, count: end), from: pointIndex))
            }
            meter.spend(end - pointIndex)
            if end >= count {
                strokeIndex += 1
                pointIndex = 0
            } else {
                pointIndex = end
            }
        }
        return isFinished
    }

    /// What the layer holds of the rebuild, within `band`, in order (a repair's redraw).
    private func redrawDrawn(into layer: InkLayer, within band: Rect) {
        for stroke in strokes[..<strokeIndex] where stroke.bounds.intersects(band) {
            layer.drawSegments(of: stroke, from: 0, within: band)
        }
        if pointIndex > 0, strokeIndex < strokes.count, strokes[strokeIndex].bounds.intersects(band) {
            layer.drawSegments(of: StrokePrefix(stroke: strokes[strokeIndex], count: pointIndex), from: 0, within: band)
        }
    }
}

/// The first `count` points of a stroke, drawn as the whole stroke draws them: same style, same
/// widths at the same indices. ``InkLayer/drawSegments(of:from:within:)`` draws to the end of a
/// stroke, so this is how a slice stops in the middle of one.
struct StrokePrefix: InkStroke {
    let stroke: Stroke
    let count: Int

    var inkPoints: LazyMapCollection<ArraySlice<StrokeSample>, Point> {
        stroke.samples[..<min(count, stroke.samples.count)].lazy.map { $0.location }
    }
    var inkStyle: InkStyle { stroke.inkStyle }
    var hasVariableWidth: Bool { stroke.hasVariableWidth }
    func inkWidth(at index: Int) -> Double { stroke.inkWidth(at: index) }
}
