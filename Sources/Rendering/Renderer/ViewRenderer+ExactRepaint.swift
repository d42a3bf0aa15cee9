extension ViewRenderer {
    /// Widens each repaint rectangle sideways until no drawn shape crosses its left or right
    /// edge, so that a partial repaint produces exactly the pixels of a full one.
    ///
    /// Why: when a clip cuts a shape vertically, cairo's scan converter (tor) clips the polygon's
    /// edges and, in the rows where that adds vertices, switches from analytic to sampled
    /// coverage; antialiased pixels in those rows then differ from an unclipped render by up to
    /// ~9/255 — a faint seam that depends on the damage history. Horizontal cuts at whole rows
    /// change nothing, so widening is enough. The reported damage is unchanged: the extra pixels
    /// are repainted to the values they already had.
    ///
    /// Worst case (a window-wide custom-drawn view) a rectangle becomes a full-width band, which
    /// is cheap: rows are contiguous memory. Views that only copy or composite images, such as
    /// the drawing views' ink, say so (``CairoDrawing/drawsTheSameUnderAnyClip``) and are not
    /// widened around: a band across a 4K window is a hundred times a finger's box.
    func widenRepaintToWholeShapes(within bounds: PixelRect) {
        // Widening can make boxes merge, and a merged box spans new rows that may cut other
        // shapes: repeat until nothing moves (a few rounds at most in practice).
        for _ in 0..<8 {
            widenScratch.removeAll()
            for var rect in repaint.rects {
                widen(&rect)
                widenScratch.add(rect.intersection(bounds))
            }
            let settled = widenScratch == repaint
            (repaint, widenScratch) = (widenScratch, repaint)
            if settled { return }
        }
        // Not settled: full-width bands are exact by construction.
        widenScratch.removeAll()
        for rect in repaint.rects {
            widenScratch.add(PixelRect(x: bounds.minX, y: rect.minY, width: bounds.width, height: rect.height))
        }
        (repaint, widenScratch) = (widenScratch, repaint)
    }

    /// Grows `rect` sideways to cover every painting view it intersects, except views whose
    /// pixels do not depend on the clip (``DrawItem/isClipIndependent``).
    private func widen(_ rect: inout PixelRect) {
        var grew = true
        while grew {
            grew = false
            for item in drawList where !item.isClipIndependent {
                let shape = item.pixelRect
                guard shape.intersects(rect), shape.minX < rect.minX || shape.maxX > rect.maxX else { continue }
                let minX = min(rect.minX, shape.minX), maxX = max(rect.maxX, shape.maxX)
                rect = PixelRect(x: minX, y: rect.minY, width: maxX - minX, height: rect.height)
                grew = true
            }
        }
    }
}
