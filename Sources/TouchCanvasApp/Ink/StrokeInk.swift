import Canvas
import TouchKit

/// The persistent ink behind a drawing view: completed strokes and in-progress strokes in two
/// ``InkLayer``s, kept up to date incrementally, so a frame's cost does not grow with the
/// drawing's history.
///
/// The owning view reports model changes as they happen (``begin(_:)``, ``extend(_:from:)``,
/// ``end(_:)``, ``cancel(_:)``, ``undo(_:)``, ``clearCompleted()``); each records what the next
/// frame must draw and which rectangles changed, which the view hands to the renderer through
/// ``takeInvalidatedRects(_:)``. The layers are only drawn into from ``draw(in:bounds:completed:)``,
/// once per frame and always at the frame's scale, then composited:
///
/// - **completed** — every completed stroke at full opacity. A stroke is drawn into it once,
///   when it ends. When the renderer gives the view an opaque backdrop (the scenes' root views
///   are white), the layer is opaque: its strokes are drawn on that colour and a frame *copies*
///   the repainted pixels from there, at a cost that does not depend on how much ink lies
///   beneath. Otherwise it is transparent and blended over what the renderer painted. A frame
///   with another backdrop (or none) than the last redraws it from the model.
/// - **active** — the in-progress strokes at full colour, composited at ``activeAlpha``. Each
///   frame adds only the segments that arrived since the last one. All in-progress strokes share
///   it, so where two of them cross the colour is the same 50 % as anywhere else. It is blended
///   only inside the in-progress strokes' bounds: it is transparent everywhere else. While they
///   all have one colour (always, in the app's views) it is a coverage layer: an alpha byte per
///   pixel, resident only where ink passed.
/// - **dots** (only while ``showsSampleDots``) — a dot on every coalesced sample, above both.
///
/// Per-frame cost: the new segments, plus copying the repainted area and blending the part of it
/// the in-progress strokes cover. Rarer events cost more, and say so: a stroke ending draws it
/// whole once; undo and cancel clear the rows the stroke
/// covered and redraw the strokes crossing them (a bounds test per completed stroke, then only
/// their segments in those rows); clear wipes a layer; a size or scale change rebuilds
/// everything from the model, and turning the dots on draws every stroke's dots once.
///
/// The rebuild, and the repair of a tall undo, grow with the drawing without bound (10 000
/// strokes at 4K: most of a second), so with a ``paintBudget`` they are drawn a slice per frame
/// (``InkRebuild``, ``InkRepairBands``): frames show the ink drawn so far, and
/// ``needsAnotherFrame`` asks the owning view for the next slice. So is the fill of a new opaque
/// layer with the backdrop (faulting in 133 MB at 8K took 46 ms): its first slices fill bands of
/// rows, which frames already showed as the backdrop.
///
/// Memory: the completed layer, an xrgb or ARGB surface the size of the view's buffer (3 MB at
/// 1024×768, 33 MB at 4K), and the active layer, a quarter of that in alpha strips of which only
/// what in-progress ink touched is resident (an ARGB layer if strokes of several colours are
/// drawn at once), plus an ARGB layer while the dots show. See BENCHMARKS.md, "Memory at 4K".
///
/// Its state is `@exclusivity(unchecked)`, as the renderer's is: read and written on every frame
/// on the main actor, never re-entered, and the runtime checks showed up in the frame's profile.
@MainActor
final class StrokeInk {
    /// A stroke drawn into a layer incrementally, and how much of it the layers hold.
    private struct Live {
        let stroke: Stroke
        /// Points whose segments the active layer holds.
        var drawn = 0
        /// Samples whose dots the dots layer holds.
        var dotted = 0
        /// For an ended stroke not yet drawn into the completed layer: whether what its end
        /// changes on screen is invalidated already (see ``settlePendingCommits()``).
        var invalidated = false
    }

    let completedLayer = InkLayer()
    let activeLayer = InkLayer()
    @exclusivity(unchecked) private(set) var dotsLayer: InkLayer?

    /// Opacity of in-progress strokes.
    let activeAlpha: Double
    static let sampleDotColor = Color(rgb: 0xFF9500)
    static let sampleDotDiameter = 5.0

    /// Draw coalesced samples as dots above the ink (rebuilds the dots once when turned on).
    var showsSampleDots = false {
        didSet {
            guard showsSampleDots != oldValue else { return }
            dotsLayer = nil
            dotsRebuilding = nil
            dotRepairs.removeAll()
            invalid.invalidateAll()
        }
    }

    /// In-progress strokes in the order they began.
    @exclusivity(unchecked) private var live: [Live] = []
    /// Ended strokes not yet drawn into the completed layer (with their dots progress).
    @exclusivity(unchecked) private var pendingCommits: [Live] = []
    /// Bounds of strokes to take out of the active layer, the completed layer, the dots.
    @exclusivity(unchecked) private var activeRepairs: [Rect] = []
    @exclusivity(unchecked) private var completedRepairs: [Rect] = []
    @exclusivity(unchecked) private var dotRepairs: [Rect] = []
    @exclusivity(unchecked) private var needsCompletedClear = false
    @exclusivity(unchecked) private var needsDotsRebuild = false
    @exclusivity(unchecked) private var needsRebuild = true
    /// Layer pixel rows of a tall repair's next band, learned from the bands before it
    /// (``InkRepairBands/adapted(_:share:)``): kept across repairs, as the machine and the
    /// drawing's density change slowly.
    @exclusivity(unchecked) private var repairBandRows = InkRepairBands.rows
    /// The completed layer's rebuild while it spans frames; `nil` when the layer is whole.
    @exclusivity(unchecked) private var rebuilding: InkRebuild?
    /// The dots' rebuild while it spans frames (it starts once the ink is whole).
    @exclusivity(unchecked) private var dotsRebuilding: DotsRebuild?

    /// How much of a rebuild or a repair one frame draws. Unlimited by default, as headless
    /// replays, `check` and tests want whole frames; the interactive app sets a time budget
    /// through its session.
    var paintBudget = InkPaintBudget.unlimited
    /// The clock a time budget is read from.
    var clock: () -> Double = MonotonicClock.now

    /// Testing hook: composite as before the opaque copy existed — blend the completed layer over
    /// what the renderer painted, and the active layer over the whole repaint — so tests can
    /// render the same drawing both ways and compare. The owning view then answers `false` to
    /// `paintsOwnBackdrop`.
    @exclusivity(unchecked) var blendsEverything = false

    /// Scratch for ``drawActiveLayer(in:)``, kept so a frame does not allocate it.
    @exclusivity(unchecked) private var activeBounds: [Rect] = []
    @exclusivity(unchecked) private var invalid = InvalidRects()
    /// Whether the last frame copied the completed layer and composited the active one over it,
    /// as ``ShownInk`` reproduces them: then an ended stroke's pixels can be compared with what
    /// was shown (``settlePendingCommits()``).
    @exclusivity(unchecked) private var lastFrameCopied = false
    /// What was shown along the strokes that ended, while they are drawn into the completed layer.
    private let shown = ShownInk()

    init(activeAlpha: Double) {
        self.activeAlpha = activeAlpha
    }

    /// The in-progress strokes, oldest first.
    var activeStrokes: [Stroke] { live.map(\.stroke) }

    /// Segments drawn into all layers so far (test and benchmark hook: the difference across
    /// a frame is the frame's drawing work).
    var drawnSegmentCount: Int {
        completedLayer.drawnSegmentCount + activeLayer.drawnSegmentCount
    }

    // MARK: Model changes

    /// A stroke started; its samples so far are drawn next frame.
    func begin(_ stroke: Stroke) {
        live.append(Live(stroke: stroke))
        invalidate(stroke.bounds)
    }

    /// `stroke` gained samples from index `oldCount` on.
    func extend(_ stroke: Stroke, from oldCount: Int) {
        let samples = stroke.samples
        guard oldCount < samples.count else { return }
        let style = stroke.inkStyle
        var dirty = Rect.zero
        for i in max(0, oldCount)..<samples.count {
            let end = samples[i].location
            let start = i == 0 ? end : samples[i - 1].location
            // A pen's segment is as wide as its wider end.
            let width = stroke.isPressureSensitive ? max(stroke.width(at: i), stroke.width(at: max(i - 1, 0))) : style.width
            let reach = showsSampleDots ? max(width, Self.sampleDotDiameter) : width
            dirty = dirty.union(InkStyle(color: style.color, width: reach).bounds(from: start, to: end))
        }
        invalidate(dirty)
    }

    /// `stroke` ended and is now completed: it moves from the active layer to the completed one.
    func end(_ stroke: Stroke) {
        guard let index = live.firstIndex(where: { $0.stroke === stroke }) else { return }
        let ended = live.remove(at: index)
        if rebuilding != nil {
            // Drawn after every stroke before it, as the unsliced rebuild would; its dots come
            // with the dots' rebuild when the ink's ends.
            rebuilding?.append(stroke)
            takeOutOfActiveLayer(stroke)
        } else {
            pendingCommits.append(ended)
            // What its end changes on screen is settled when the renderer asks.
            takeOutOfActiveLayer(stroke, invalidatingIt: false)
        }
    }

    /// `stroke` was abandoned: its ink disappears.
    func cancel(_ stroke: Stroke) {
        guard let index = live.firstIndex(where: { $0.stroke === stroke }) else { return }
        live.remove(at: index)
        takeOutOfActiveLayer(stroke)
        if showsSampleDots { takeOutOfDots(stroke) }
    }

    /// Undo for a view: takes the newest completed stroke out of `strokes` and out of the ink
    /// together, so the model and the layers cannot disagree. `false` when there is none.
    func undoLastStroke(of strokes: StrokeCollection) -> Bool {
        switch strokes.undo() {
        case .removed(let stroke):
            undo(stroke)
        case .restored(let restored):
            for stroke in restored { restore(stroke) }
        case nil:
            return false
        }
        return true
    }

    /// The eraser for a view: whole completed strokes within `radius` of the eraser's segment
    /// leave `strokes` and the ink together. Returns whether any did.
    @discardableResult
    func erase(from start: Point, to end: Point, radius: Double, of strokes: StrokeCollection) -> Bool {
        let erased = strokes.erase(from: start, to: end, radius: radius)
        for stroke in erased { undo(stroke) }
        return !erased.isEmpty
    }

    /// `stroke`, which an eraser had taken out, is back in the drawing in its old place: its
    /// rows are redrawn from the model, in the drawing order.
    private func restore(_ stroke: Stroke) {
        // Mid-rebuild its old place may or may not be drawn yet: start over (undoing an erase is rare).
        if rebuilding != nil {
            needsRebuild = true
            invalid.invalidateAll()
        }
        completedRepairs.append(stroke.bounds)
        invalidateFootprint(of: stroke)
        if showsSampleDots { needsDotsRebuild = true }
    }

    /// Clear for a view: every completed stroke leaves `strokes` and the ink; strokes being
    /// drawn go on.
    func clearCompletedStrokes(of strokes: StrokeCollection) {
        strokes.removeAllStrokes()
        clearCompleted()
    }

    /// `stroke`, which had completed, was removed from the drawing.
    private func undo(_ stroke: Stroke) {
        if let index = pendingCommits.firstIndex(where: { $0.stroke === stroke }) {
            // Never reached the completed layer; its active ink is already being removed, and
            // that is what changes on screen.
            if !pendingCommits[index].invalidated { invalidateFootprint(of: stroke) }
            pendingCommits.remove(at: index)
        } else if rebuilding != nil {
            // Dropped from the rebuild; if some of it was drawn, its rows are repaired there.
            if rebuilding?.remove(stroke) == true { invalidateFootprint(of: stroke) }
        } else {
            completedRepairs.append(stroke.bounds)
            // The completed layer is redrawn in the original order, so only the stroke's own
            // pixels change: along it, not in its bounding box.
            invalidateFootprint(of: stroke)
        }
        if showsSampleDots { takeOutOfDots(stroke) }
    }

    /// Every completed stroke was removed; in-progress strokes go on.
    private func clearCompleted() {
        pendingCommits.removeAll()
        completedRepairs.removeAll()
        needsCompletedClear = true
        // The rebuild's strokes are gone; what remains (nothing, or an undone clear) starts over.
        if rebuilding != nil { needsRebuild = true }
        if showsSampleDots { needsDotsRebuild = true }
        invalid.invalidateAll()
    }

    /// Forgets the layers and the in-progress strokes; the next frame rebuilds from the model
    /// (the completed strokes passed to ``draw(in:bounds:completed:)`` and `active`).
    func reset(active: [Stroke]) {
        live = active.map { Live(stroke: $0) }
        pendingCommits.removeAll()
        needsRebuild = true
        invalid.invalidateAll()
    }

    // MARK: Frames

    /// Answers the renderer's question for the owning view and forgets the answer.
    func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        // A slice that changed no pixel must still bring the next frame's draw, or the rebuild
        // would stop: a frame with no damage draws nothing.
        if let rebuilding { invalid.add(Rect(origin: rebuilding.origin, size: Size(width: 1, height: 1))) }
        if dotsRebuilding != nil, let origin = dotsLayer?.rect.origin {
            invalid.add(Rect(origin: origin, size: Size(width: 1, height: 1)))
        }
        settlePendingCommits()
        return invalid.take(report)
    }

    /// Invalidates what the strokes that ended since the last frame change on screen, before the
    /// renderer collects this frame's damage: their ink leaves the active layer for the completed
    /// one.
    ///
    /// Where the last frame can be reproduced (``ShownInk``), they are drawn into the completed
    /// layer now, and only the pixels that then differ from what was shown are invalidated:
    /// every pixel of the stroke where in-progress ink is fainter than completed ink (the trace
    /// and canvas scenes), next to none where it is shown at full opacity (the draw scene). Boxes
    /// that an in-progress stroke crosses are invalidated whole: the frame changes its ink there
    /// too. Otherwise — a rebuild, repair or clear under way, the dots shown, the last frame
    /// blended — each stroke's footprint is invalidated, and the frame draws it as before.
    private func settlePendingCommits() {
        guard pendingCommits.contains(where: { !$0.invalidated }) else { return }
        guard lastFrameCopied, !needsRebuild, rebuilding == nil, !needsCompletedClear, completedRepairs.isEmpty,
              dotsLayer == nil, dotsRebuilding == nil, !pendingCommits.contains(where: { $0.invalidated }),
              ShownInk.canReproduce(completed: completedLayer, inProgress: activeLayer)
        else {
            for i in pendingCommits.indices where !pendingCommits[i].invalidated {
                invalidateFootprint(of: pendingCommits[i].stroke)
                pendingCommits[i].invalidated = true
            }
            return
        }
        let margin = ViewRenderer.antialiasMargin
        for commit in pendingCommits {
            StrokeFootprint.forEachRect(of: commit.stroke) { rect in
                let reach = rect.insetBy(dx: -margin, dy: -margin)
                if live.contains(where: { $0.stroke.bounds.insetBy(dx: -margin, dy: -margin).intersects(reach) })
                    || !shown.keep(rect, completed: completedLayer, inProgress: activeLayer, opacity: activeAlpha) {
                    invalidate(rect)
                }
            }
        }
        for commit in pendingCommits { completedLayer.drawSegments(of: commit.stroke, from: 0) }
        pendingCommits.removeAll(keepingCapacity: true)
        shown.forEachChange(in: completedLayer) { invalidate($0) }
    }

    /// A rebuild or a repair is under way, or its last slice is not on screen yet: the owning view
    /// must be drawn again (call `setNeedsDisplay()` after ``draw(in:bounds:completed:)``).
    var needsAnotherFrame: Bool {
        rebuilding != nil || dotsRebuilding != nil || !completedRepairs.isEmpty || !invalid.isEmpty
    }

    /// Whether a rebuild spans frames now (tests).
    var isRebuilding: Bool { rebuilding != nil }

    /// Brings the layers up to date and composites them. Call from the owning view's
    /// `draw(in:rect:)` with its bounds and its completed strokes, oldest first.
    ///
    /// When the context has a backdrop this paints every pixel of `bounds` (the owning view may
    /// answer `true` to `paintsOwnBackdrop`): the completed ink is copied, flattened on the
    /// backdrop, or — if that copy cannot be had — drawn over a fill of the backdrop.
    func draw(in context: GraphicsContext, bounds: Rect, completed: [Stroke]) {
        // When the frame began, for the slice's budget: read only while a rebuild is under way
        // (one that starts in this frame draws no slice in it), not on every frame.
        let began = (rebuilding != nil || dotsRebuilding != nil) && paintBudget != .unlimited ? clock() : nil
        // Before the update: a different backdrop drops the completed layer's pixels, and the
        // update redraws them on the new one.
        completedLayer.backdrop = blendsEverything ? nil : context.backdrop
        let started = update(bounds: bounds, scale: context.scale, completed: completed)
        if blendsEverything {
            lastFrameCopied = false
            context.draw(completedLayer)
            if !live.isEmpty { context.draw(activeLayer, alpha: activeAlpha) }
        } else {
            lastFrameCopied = context.copy(completedLayer)
            if !lastFrameCopied {
                if let backdrop = context.backdrop {
                    context.setColor(backdrop)
                    context.fill(bounds)
                }
                context.draw(completedLayer)
            }
            if !live.isEmpty { drawActiveLayer(in: context) }
        }
        // A rebuild's next slice, after the compositing and within what is left of the budget
        // once it is done: a frame into a new buffer copies the whole layer (7 ms at 8K), and a
        // slice on top of that would hold the loop for over a refresh. What the slice draws is
        // invalidated, so the next frame shows it. The frame that starts a rebuild draws none
        // when sliced: it already allocates the new layers and repaints the whole buffer.
        if rebuilding != nil, !started {
            continueRebuild(bounds: bounds, scale: context.scale, completed: completed, invalidating: true, since: began)
        } else if dotsRebuilding != nil {
            // The same for the dots, once the ink is whole: a slice after the compositing, shown
            // by the next frame.
            continueDotsRebuild(since: began)
        }
        if let dotsLayer { context.draw(dotsLayer) }
    }

    /// The in-progress ink, blended only over the in-progress strokes: everywhere else the active
    /// layer is transparent (repairs have taken out the strokes that ended), so blending there
    /// would cost time and change nothing.
    private func drawActiveLayer(in context: GraphicsContext) {
        activeBounds.removeAll(keepingCapacity: true)
        for entry in live { activeBounds.append(entry.stroke.bounds) }
        context.draw(activeLayer, alpha: activeAlpha, clippedToPixelsCovering: activeBounds)
    }

    /// Returns whether it started a rebuild.
    private func update(bounds: Rect, scale: Double, completed: [Stroke]) -> Bool {
        if let color = live.first?.stroke.inkStyle.color {
            // Alpha strips while the in-progress strokes share one colour (a change rebuilds
            // the active layer from them: see the next lines).
            var shared: Color? = color
            for entry in live where entry.stroke.inkStyle.color != color { shared = nil }
            activeLayer.coverageColor = shared
        }
        let starting = needsRebuild || !completedLayer.matches(rect: bounds, scale: scale)
        if starting {
            startRebuild(bounds: bounds, scale: scale, completed: completed)
        } else if !activeLayer.matches(rect: bounds, scale: scale) {
            rebuildActive(bounds: bounds, scale: scale)
        }
        if rebuilding != nil, paintBudget == .unlimited {
            // Whole frames (replays, saves, tests): the rebuild is drawn all at once, before the
            // compositing, so this frame shows it and asks for no second one; what a rebuild left
            // mid-way draws now (a save's picture) is invalidated for the window's next frame.
            // With a budget the slices come after the compositing (`draw(in:bounds:completed:)`),
            // the completed layer's backdrop filled in by the first ones, before its strokes.
            continueRebuild(bounds: bounds, scale: scale, completed: completed, invalidating: !starting)
        }
        if needsCompletedClear {
            completedLayer.clear()
            needsCompletedClear = false
        }
        if showsSampleDots, rebuilding == nil,
           needsDotsRebuild || !(dotsLayer?.matches(rect: bounds, scale: scale) ?? false) {
            rebuildDots(bounds: bounds, scale: scale, completed: completed)
        }
        // New segments of the strokes being drawn (their dots wait while the dots are rebuilt:
        // they come after every completed stroke's, as an unsliced rebuild draws them).
        for i in live.indices {
            let stroke = live[i].stroke
            activeLayer.drawSegments(of: stroke, from: live[i].drawn)
            live[i].drawn = stroke.samples.count
            if dotsRebuilding == nil { live[i].dotted = drawDots(of: stroke, from: live[i].dotted) }
        }
        // Strokes that ended, whole, on top of the completed ones (those the renderer has not
        // asked about yet, as a save's picture does not, change the next frame).
        for commit in pendingCommits {
            completedLayer.drawSegments(of: commit.stroke, from: 0)
            if dotsRebuilding != nil {
                dotsRebuilding?.append(commit.stroke)
            } else {
                _ = drawDots(of: commit.stroke, from: commit.dotted)
            }
            if !commit.invalidated { invalidateFootprint(of: commit.stroke) }
        }
        pendingCommits.removeAll(keepingCapacity: true)
        // Ink taken away: clear its rows and redraw what crosses them, in the original order.
        for rect in activeRepairs {
            activeLayer.repair(covering: rect) { band in
                for entry in live where entry.stroke.bounds.intersects(band) {
                    activeLayer.drawSegments(of: entry.stroke, from: 0, within: band)
                }
            }
        }
        activeRepairs.removeAll(keepingCapacity: true)
        repairCompletedLayer(completed: completed)
        if let dotsLayer {
            for rect in dotRepairs {
                dotsLayer.repair(covering: rect) { band in
                    for stroke in completed where stroke.bounds.intersects(band) {
                        _ = drawDots(of: stroke, from: 0)
                    }
                    for entry in live where entry.stroke.bounds.intersects(band) {
                        _ = drawDots(of: entry.stroke, from: 0)
                    }
                }
            }
        }
        dotRepairs.removeAll(keepingCapacity: true)
        return starting
    }

    /// Everything from the model: `completed` (which holds the pending commits too) and `live`.
    /// The in-progress strokes are few and drawn at once; the completed ones are drawn by
    /// ``continueRebuild(bounds:scale:completed:invalidating:)``, in slices when there is a
    /// ``paintBudget``.
    private func startRebuild(bounds: Rect, scale: Double, completed: [Stroke]) {
        rebuilding = completedLayer.reset(rect: bounds, scale: scale) ? InkRebuild(strokes: completed, origin: bounds.origin) : nil
        rebuildActive(bounds: bounds, scale: scale)
        // The rebuild draws them from the model; their ink left the active layer all the same.
        for commit in pendingCommits where !commit.invalidated { invalidateFootprint(of: commit.stroke) }
        pendingCommits.removeAll(keepingCapacity: true)
        completedRepairs.removeAll(keepingCapacity: true)
        needsCompletedClear = false
        needsRebuild = false
        // The dots follow once the completed ink is whole.
        dotsLayer = nil
        dotsRebuilding = nil
    }

    /// One slice of the rebuild, its rectangles invalidated for the next frame when `invalidating`,
    /// its time budget counted from `since` when given; when it is the last, the dots are rebuilt too.
    private func continueRebuild(bounds: Rect, scale: Double, completed: [Stroke], invalidating: Bool,
                                 since: Double? = nil) {
        guard var rebuild = rebuilding else { return }
        rebuilding = nil  // not held twice while it draws: its strokes array is not copied
        let finished = rebuild.advance(into: completedLayer, budget: paintBudget, clock: clock, since: since) { dirty in
            if invalidating { invalidate(dirty) }
        }
        guard finished else {
            rebuilding = rebuild
            return
        }
        if showsSampleDots { rebuildDots(bounds: bounds, scale: scale, completed: completed) }
    }

    /// Undo and the eraser: the rows the removed strokes covered are cleared and what crosses
    /// them redrawn, in the drawing order. With a budget, a tall repair over a big drawing (a
    /// stroke from top to bottom redraws nearly every stroke) goes a band of rows at a time,
    /// a band per frame or more; each band's rows come out exact whatever happened before, so
    /// strokes ending meanwhile need no care. What a band changed is invalidated for the next
    /// frame; the undo invalidated the whole stroke already for this one.
    private func repairCompletedLayer(completed: [Stroke]) {
        guard !completedRepairs.isEmpty else { return }
        let redraw = { [completedLayer] (band: Rect) in
            for stroke in completed where stroke.bounds.intersects(band) {
                completedLayer.drawSegments(of: stroke, from: 0, within: band)
            }
        }
        guard paintBudget != .unlimited else {
            for rect in completedRepairs { completedLayer.repair(covering: rect, redraw: redraw) }
            completedRepairs.removeAll(keepingCapacity: true)
            return
        }
        var meter = InkPaintMeter(paintBudget, clock: clock)
        while let rect = completedRepairs.last, !meter.isExhausted {
            let (band, rest) = InkRepairBands.next(of: rect, scale: completedLayer.scale, rows: repairBandRows)
            let before = completedLayer.drawnSegmentCount, started = meter.now
            completedLayer.repair(covering: band, redraw: redraw)
            let drawn = max(1, completedLayer.drawnSegmentCount - before)
            repairBandRows = InkRepairBands.adapted(repairBandRows, share: meter.share(ofSegments: drawn, since: started))
            meter.spend(drawn)
            invalidate(band)
            completedRepairs.removeLast()
            if let rest { completedRepairs.append(rest) }
        }
    }

    /// The in-progress strokes from the model (with the rest, or alone when only the active
    /// layer's kind changed).
    private func rebuildActive(bounds: Rect, scale: Double) {
        activeLayer.rebuild(from: live.lazy.map(\.stroke), rect: bounds, scale: scale)
        for i in live.indices { live[i].drawn = live[i].stroke.samples.count }
        activeRepairs.removeAll(keepingCapacity: true)
    }

    /// The dots of every stroke from the model (debug overlay turned on, cleared, or the ink
    /// rebuilt), in the drawing order: the completed strokes' by a ``DotsRebuild`` (at once
    /// without a budget, a slice per frame with one), then the in-progress strokes'.
    private func rebuildDots(bounds: Rect, scale: Double, completed: [Stroke], invalidating: Bool = true) {
        let dots = dotsLayer ?? InkLayer()
        dotsLayer = dots
        dots.reset(rect: bounds, scale: scale)
        for i in live.indices { live[i].dotted = 0 }
        // Pending commits are among `completed`: the rebuild dots them.
        for i in pendingCommits.indices { pendingCommits[i].dotted = pendingCommits[i].stroke.samples.count }
        dotRepairs.removeAll(keepingCapacity: true)
        needsDotsRebuild = false
        dotsRebuilding = DotsRebuild(strokes: completed)
        // Whole, it is drawn before the compositing and shown by this frame, which repaints all
        // it covers already (a new size, the overlay turned on, a clear).
        if paintBudget == .unlimited { continueDotsRebuild(since: nil, invalidating: false) }
    }

    /// One slice of the dots' rebuild, what it drew invalidated for the next frame when
    /// `invalidating`; after the last, the in-progress strokes' dots.
    private func continueDotsRebuild(since: Double?, invalidating: Bool = true) {
        guard var rebuild = dotsRebuilding, let dotsLayer else {
            dotsRebuilding = nil
            return
        }
        dotsRebuilding = nil  // not held twice while it draws
        let finished = rebuild.advance(budget: paintBudget, clock: clock, since: since, dot: { location in
            dotsLayer.drawDot(at: location, diameter: Self.sampleDotDiameter, color: Self.sampleDotColor)
        }, dirty: { if invalidating { invalidate($0) } })
        guard finished else {
            dotsRebuilding = rebuild
            return
        }
        for i in live.indices {
            live[i].dotted = drawDots(of: live[i].stroke, from: 0)
            if invalidating { invalidate(dotsBounds(of: live[i].stroke)) }
        }
    }

    /// Dots on the coalesced samples of `stroke` from `index` on; returns the new dotted count.
    private func drawDots(of stroke: Stroke, from index: Int) -> Int {
        let samples = stroke.samples
        guard let dotsLayer, index < samples.count else { return samples.count }
        for sample in samples[max(0, index)...] where sample.coalesced {
            dotsLayer.drawDot(at: sample.location, diameter: Self.sampleDotDiameter, color: Self.sampleDotColor)
        }
        return samples.count
    }

    // MARK: Invalidation

    /// The stroke's ink leaves the active layer: its pixels change (to completed ink, or to
    /// what lies beneath), and nothing else of the layer does, but for the strokes redrawn in the
    /// rows the repair clears. `invalidatingIt` false leaves the stroke's own pixels to the caller.
    private func takeOutOfActiveLayer(_ stroke: Stroke, invalidatingIt: Bool = true) {
        activeRepairs.append(stroke.bounds)
        if invalidatingIt { invalidateFootprint(of: stroke) }
        // The in-progress strokes crossing the cleared rows are redrawn one after the other
        // instead of interleaved as they were drawn: where they overlap, rounding may differ.
        let band = activeLayer.repairBand(covering: stroke.bounds)
        for entry in live where entry.stroke.bounds.intersects(band) {
            invalidateFootprint(of: entry.stroke, within: band)
        }
    }

    private func takeOutOfDots(_ stroke: Stroke) {
        let reach = dotsBounds(of: stroke)
        // Mid-rebuild a repair could dot a stroke the rebuild has yet to reach: start over.
        if dotsRebuilding != nil {
            needsDotsRebuild = true
            invalidate(reach)
            return
        }
        dotRepairs.append(reach)
        // Debug only: the whole band, since dots of every stroke in it are redrawn.
        let band = dotsLayer?.repairBand(covering: reach) ?? .zero
        invalidate(band.isEmpty ? reach : band)
    }

    /// Where a stroke's dots can be: they reach further from a sample than its ink does.
    private func dotsBounds(of stroke: Stroke) -> Rect {
        stroke.bounds.insetBy(dx: -Self.sampleDotDiameter / 2, dy: -Self.sampleDotDiameter / 2)
    }

    private func invalidate(_ rect: Rect) {
        invalid.add(rect)
    }

    /// Invalidates where `stroke`'s ink lies (within `area`): a chain of boxes along it, not its
    /// bounding box, which for a stroke across the window is most of it (``StrokeFootprint``).
    private func invalidateFootprint(of stroke: Stroke, within area: Rect? = nil) {
        StrokeFootprint.forEachRect(of: stroke, within: area) { invalid.add($0) }
    }
}
