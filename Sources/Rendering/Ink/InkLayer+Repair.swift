import CCairo
import Foundation
import TouchKit

/// Ink taken away (an undo, an eraser, a clear of some strokes): a band of the layer painted
/// blank and the strokes still there redrawn into it.
extension InkLayer {
    /// The band of whole pixel rows that ``repair(covering:redraw:)`` clears for `rect`: every
    /// row `rect` touches plus one more above and below, across the layer's full width, in
    /// logical coordinates. `.zero` when the layer holds no pixels or `rect` misses it.
    public func repairBand(covering rect: Rect) -> Rect {
        guard let rows = rows(covering: rect) else { return .zero }
        return Rect(x: self.rect.minX, y: self.rect.minY + Double(rows.lowerBound) / scale,
                    width: self.rect.width, height: Double(rows.count) / scale)
    }

    /// Removes ink under `rect` by blanking the rows of ``repairBand(covering:)`` (transparent, or
    /// the ``backdrop``) and calling
    /// `redraw` with that band, during which all drawing is clipped to it. `redraw` draws again
    /// whatever should remain there — the strokes whose bounds intersect the band, in their
    /// original order. Returns the band (`.zero` if nothing was cleared).
    ///
    /// Whole rows, never a column: cairo's rasteriser gives the same pixels for a shape cut by a
    /// horizontal pixel edge as for the whole shape, but not for one cut vertically, so this
    /// leaves no seam. Cost: the band's area plus whatever `redraw` draws; the owner walks its
    /// strokes' bounds to decide what that is, which is the only part that grows with history.
    @discardableResult
    public func repair(covering rect: Rect, redraw: (_ band: Rect) -> Void) -> Rect {
        guard let rows = rows(covering: rect) else { return .zero }
        let band = repairBand(covering: rect)
        if let strips {
            // Pages holding ink are zeroed, and given back once the redraw left them blank: see
            // CoverageStrips.
            strips.clearForRedraw(rows: rows)
            repairRows = rows
            redraw(band)
            repairRows = nil
            strips.releaseBlankPages(rows: rows)
        } else if let cairo {
            // The band is painted and redrawn as a whole layer's would be: on filled rows.
            fillRemainingRows()
            cairo.save()
            cairo.identityMatrix()
            cairo.newPath()
            cairo.rectangle(0, Double(rows.lowerBound), Double(pixelWidth), Double(rows.count))
            cairo.clip()
            paintBlank(cairo)
            cairo.setOperator(CAIRO_OPERATOR_OVER)
            cairo.scale(scale, scale)
            cairo.translate(-self.rect.minX, -self.rect.minY)
            // Segments are written by the layer itself (SegmentCoverage), outside cairo's clip.
            repairRows = rows
            redraw(band)
            repairRows = nil
            cairo.restore()
        }
        checkError()
        return band
    }
}
