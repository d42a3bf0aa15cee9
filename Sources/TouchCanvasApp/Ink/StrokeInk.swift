import Rendering
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
    struct Live {
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
    @exclusivity(unchecked) var dotsLayer: InkLayer?

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
    @exclusivity(unchecked) var live: [Live] = []
    /// Ended strokes not yet drawn into the completed layer (with their dots progress).
    @exclusivity(unchecked) var pendingCommits: [Live] = []
    /// Bounds of strokes to take out of the active layer, the completed layer, the dots.
    @exclusivity(unchecked) var activeRepairs: [Rect] = []
    @exclusivity(unchecked) var completedRepairs: [Rect] = []
    @exclusivity(unchecked) var dotRepairs: [Rect] = []
    @exclusivity(unchecked) var needsCompletedClear = false
    @exclusivity(unchecked) var needsDotsRebuild = false
    @exclusivity(unchecked) var needsRebuild = true
    /// Layer pixel rows of a tall repair's next band, learned from the bands before it
    /// (``InkRepairBands/adapted(_:share:)``): kept across repairs, as the machine and the
    /// drawing's density change slowly.
    @exclusivity(unchecked) var repairBandRows = InkRepairBands.rows
    /// The completed layer's rebuild while it spans frames; `nil` when the layer is whole.
    @exclusivity(unchecked) var rebuilding: InkRebuild?
    /// The dots' rebuild while it spans frames (it starts once the ink is whole).
    @exclusivity(unchecked) var dotsRebuilding: DotsRebuild?

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
    @exclusivity(unchecked) var activeBounds: [Rect] = []
    @exclusivity(unchecked) var invalid = InvalidRects()
    /// Whether the last frame copied the completed layer and composited the active one over it,
    /// as ``ShownInk`` reproduces them: then an ended stroke's pixels can be compared with what
    /// was shown (``settlePendingCommits()``).
    @exclusivity(unchecked) var lastFrameCopied = false
    /// What was shown along the strokes that ended, while they are drawn into the completed layer.
    let shown = ShownInk()

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
    func settlePendingCommits() {
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
    func drawActiveLayer(in context: GraphicsContext) {
        activeBounds.removeAll(keepingCapacity: true)
        for entry in live { activeBounds.append(entry.stroke.bounds) }
        context.draw(activeLayer, alpha: activeAlpha, clippedToPixelsCovering: activeBounds)
    }

    /// Returns whether it started a rebuild.
    func update(bounds: Rect, scale: Double, completed: [Stroke]) -> Bool {
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
}
