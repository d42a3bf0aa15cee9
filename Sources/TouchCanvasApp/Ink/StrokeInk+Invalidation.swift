import Rendering
import TouchKit

/// What a change must repaint: a stroke taken out of the layer of strokes in progress or out of
/// the debug overlay's dots, and the rectangles the next frame redraws.
extension StrokeInk {
    /// The stroke's ink leaves the active layer: its pixels change (to completed ink, or to
    /// what lies beneath), and nothing else of the layer does, but for the strokes redrawn in the
    /// rows the repair clears. `invalidatingIt` false leaves the stroke's own pixels to the caller.
    func takeOutOfActiveLayer(_ stroke: Stroke, invalidatingIt: Bool = true) {
        activeRepairs.append(stroke.bounds)
        if invalidatingIt { invalidateFootprint(of: stroke) }
        // The in-progress strokes crossing the cleared rows are redrawn one after the other
        // instead of interleaved as they were drawn: where they overlap, rounding may differ.
        let band = activeLayer.repairBand(covering: stroke.bounds)
        for entry in live where entry.stroke.bounds.intersects(band) {
            invalidateFootprint(of: entry.stroke, within: band)
        }
    }

    func takeOutOfDots(_ stroke: Stroke) {
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
    func dotsBounds(of stroke: Stroke) -> Rect {
        stroke.bounds.insetBy(dx: -Self.sampleDotDiameter / 2, dy: -Self.sampleDotDiameter / 2)
    }

    func invalidate(_ rect: Rect) {
        invalid.add(rect)
    }

    /// Invalidates where `stroke`'s ink lies (within `area`): a chain of boxes along it, not its
    /// bounding box, which for a stroke across the window is most of it (``StrokeFootprint``).
    func invalidateFootprint(of stroke: Stroke, within area: Rect? = nil) {
        StrokeFootprint.forEachRect(of: stroke, within: area) { invalid.add($0) }
    }
}
