import TouchKit

/// How a repair too big for one frame is cut: bands of whole pixel rows, top to bottom.
///
/// ``InkLayer/repair(covering:redraw:)`` clears the rows a rectangle touches (and one more above
/// and below) and redraws what crosses them, clipped to them; cairo rasterises a shape cut at a
/// horizontal pixel edge exactly as the whole shape, so the rows come out as an unsliced repair
/// (or a rebuild) would make them, whatever the rows around them hold. Repairing a rectangle
/// band by band therefore ends in the same pixels as repairing it at once; the bands overlap by
/// the two margin rows, which are redrawn identically.
enum InkRepairBands {
    /// Layer pixel rows per band: a band crosses few strokes (a segment is a few dozen rows
    /// tall), so one costs a few milliseconds over 10 000 strokes at 4K, while segments crossing
    /// two bands, drawn twice clipped, stay a minority.
    static let rows = 32.0

    /// The first band of `rect`, and what is left below it (nil when the band is all of it).
    static func next(of rect: Rect, scale: Double) -> (band: Rect, rest: Rect?) {
        let r = rect.standardized
        let height = rows / (scale.isFinite && scale > 0 ? scale : 1)
        guard r.height > height else { return (r, nil) }
        return (Rect(x: r.minX, y: r.minY, width: r.width, height: height),
                Rect(x: r.minX, y: r.minY + height, width: r.width, height: r.height - height))
    }
}
