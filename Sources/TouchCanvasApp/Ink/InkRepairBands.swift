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
    /// Layer pixel rows of a repair's first band: a band crosses few strokes (a segment is a few
    /// dozen rows tall), so one costs a few milliseconds over 10 000 strokes at 4K, while
    /// segments crossing two bands, drawn twice clipped, stay a minority.
    static let rows = 32.0
    /// The range ``adapted(_:share:)`` keeps a band's rows in.
    static let rowRange = 2.0...64.0

    /// The rows of the next band after one of `rows` rows took `share` of the slice's budget. A
    /// band cannot stop halfway, so one that took over 1.5 budgets (12 ms of a 60 Hz frame's
    /// 16.7 with the app's 8 ms) is halved, down to 2 rows: at scale 2, 32 rows over 10 000
    /// strokes took 19.6 ms. One that took under a quarter is doubled, up to 64, so a light
    /// repair goes in few bands. Thinner bands cost more in all (a segment crossing several is
    /// drawn, clipped, in each), so halving at one budget instead made that undo 2.5 times as
    /// long as the frozen one, against 1.7 (BENCHMARKS.md).
    static func adapted(_ rows: Double, share: Double) -> Double {
        if share > 1.5 { return max(rows / 2, rowRange.lowerBound) }
        if share < 0.25 { return min(rows * 2, rowRange.upperBound) }
        return rows
    }

    /// The first band of `rect`, `rows` layer pixel rows tall, and what is left below it (nil
    /// when the band is all of it).
    static func next(of rect: Rect, scale: Double, rows: Double = rows) -> (band: Rect, rest: Rect?) {
        let r = rect.standardized
        let height = rows / (scale.isFinite && scale > 0 ? scale : 1)
        guard r.height > height else { return (r, nil) }
        return (Rect(x: r.minX, y: r.minY, width: r.width, height: height),
                Rect(x: r.minX, y: r.minY + height, width: r.width, height: r.height - height))
    }
}
