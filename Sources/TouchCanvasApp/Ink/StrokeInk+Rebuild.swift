import Rendering
import TouchKit

/// The layers drawn again from the strokes after a resize or a scale change, a slice per frame
/// (the finished ink, the strokes in progress, the debug overlay's dots), and a band repaired
/// after ink was taken away.
extension StrokeInk {
    /// Everything from the model: `completed` (which holds the pending commits too) and `live`.
    /// The in-progress strokes are few and drawn at once; the completed ones are drawn by
    /// ``continueRebuild(bounds:scale:completed:invalidating:)``, in slices when there is a
    /// ``paintBudget``.
    func startRebuild(bounds: Rect, scale: Double, completed: [Stroke]) {
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
    func continueRebuild(bounds: Rect, scale: Double, completed: [Stroke], invalidating: Bool,
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
    func repairCompletedLayer(completed: [Stroke]) {
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
    func rebuildActive(bounds: Rect, scale: Double) {
        activeLayer.rebuild(from: live.lazy.map(\.stroke), rect: bounds, scale: scale)
        for i in live.indices { live[i].drawn = live[i].stroke.samples.count }
        activeRepairs.removeAll(keepingCapacity: true)
    }

    /// The dots of every stroke from the model (debug overlay turned on, cleared, or the ink
    /// rebuilt), in the drawing order: the completed strokes' by a ``DotsRebuild`` (at once
    /// without a budget, a slice per frame with one), then the in-progress strokes'.
    func rebuildDots(bounds: Rect, scale: Double, completed: [Stroke], invalidating: Bool = true) {
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
    func continueDotsRebuild(since: Double?, invalidating: Bool = true) {
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
    func drawDots(of stroke: Stroke, from index: Int) -> Int {
        let samples = stroke.samples
        guard let dotsLayer, index < samples.count else { return samples.count }
        for sample in samples[max(0, index)...] where sample.coalesced {
            dotsLayer.drawDot(at: sample.location, diameter: Self.sampleDotDiameter, color: Self.sampleDotColor)
        }
        return samples.count
    }
}
