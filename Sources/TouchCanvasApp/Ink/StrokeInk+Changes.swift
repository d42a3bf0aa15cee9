import Rendering
import TouchKit

/// What the scene did to its strokes (began, extended, ended, cancelled, undone, erased, cleared),
/// turned into ink: each change draws or takes out only the pixels it touches.
extension StrokeInk {
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
    func restore(_ stroke: Stroke) {
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
    func undo(_ stroke: Stroke) {
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
    func clearCompleted() {
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
}
