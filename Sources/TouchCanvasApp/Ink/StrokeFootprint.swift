import Rendering
import TouchKit

/// The rectangles a stroke's ink lies in, following the stroke: what to invalidate when all of
/// a stroke's pixels change at once — it ends (its in-progress ink turns into completed ink), is
/// cancelled, undone or erased.
///
/// Why not the stroke's bounds: a finger drawn across a 4K window from (400, 400) to
/// (3400, 1800) has a bounding box of half the buffer while its ink covers under 1 % of it, and
/// a compositor uploads every damaged pixel again: 17 MB for one lift where 0.3 MB changed.
///
/// Consecutive segments are gathered into runs, and each run is reported as its box. A run
/// takes the next segment while its box stays within a slack times the area its ink covers
/// (each segment's length times its width, grown by the renderer's antialias margin, plus the
/// caps), so a straight run along an axis stays one box whatever its length, and a diagonal, a
/// circle or a zigzag becomes a chain of small boxes along the ink. The slack starts at
/// ``slack``; for a stroke so long that this gives more than `limit` boxes, it is the smallest
/// that gives no more, found by bisection (each try is one walk over the samples, no storage).
///
/// The segments are the ones ``InkLayer`` draws: a dot at the first point, then one segment per
/// later point, none between two equal points; a pen's segment is as wide as its wider end.
enum StrokeFootprint {
    /// How much larger than the ink it holds a run's box may grow, at most, when the stroke is
    /// short enough. Two makes a 45° diagonal's boxes about twice the width of its ink, close to
    /// the best any chain of boxes does for it (a box spanning more of the line wastes more of
    /// its square, a shorter one more of its overlap with the next), while a straight horizontal
    /// or vertical run stays one box.
    static let slack = 2.0

    /// Calls `report` with the box of each run of `stroke`'s segments, at most `limit` of them,
    /// in the view's logical coordinates, without the antialias margin (as
    /// ``InkStyle/bounds(from:to:)``; the renderer adds it). With `area`, only segments that meet
    /// it count, and each box is cut to it: the part of the stroke inside a band an ink layer
    /// redrew.
    static func forEachRect(of stroke: Stroke, within area: Rect? = nil, limit: Int = InvalidRects.limit,
                            _ report: (Rect) -> Void) {
        let limit = max(1, limit)
        var chosen = slack
        if runs(of: stroke, within: area, slack: chosen, { _ in }) > limit {
            // The runs' count falls as the slack grows, down to one run for the stroke's whole
            // box; bisect between a slack that gives too many and one that does not.
            // (A stroke that leaves and re-enters `area` more than `limit` times keeps a run per
            // visit whatever the slack: the doubling stops at 2⁴¹, and the caller's list merges.)
            var low = chosen, high = chosen * 2, doublings = 0
            while doublings < 40, runs(of: stroke, within: area, slack: high, { _ in }) > limit {
                low = high
                high *= 2
                doublings += 1
            }
            // To within 1 %: a dozen walks for a stroke that needs a slack of a few.
            while high - low > low * 0.01 {
                let middle = (low + high) / 2
                if runs(of: stroke, within: area, slack: middle, { _ in }) > limit { low = middle } else { high = middle }
            }
            chosen = high
        }
        runs(of: stroke, within: area, slack: chosen, report)
    }

    /// Reports the runs `slack` gives and returns how many there were.
    @discardableResult
    private static func runs(of stroke: Stroke, within area: Rect?, slack: Double, _ report: (Rect) -> Void) -> Int {
        let samples = stroke.samples
        let margin = ViewRenderer.antialiasMargin
        var count = 0
        var run = Rect.zero
        var covered = 0.0
        func finishRun() {
            guard !run.isEmpty else { return }
            report(area.map { run.intersection($0) } ?? run)
            count += 1
            run = .zero
        }
        for i in samples.indices {
            let end = samples[i].location
            let start = i == 0 ? end : samples[i - 1].location
            if i > 0, start == end { continue }
            let width = stroke.isPressureSensitive ? max(stroke.width(at: i), stroke.width(at: max(i - 1, 0))) : stroke.width
            let box = InkStyle(color: stroke.color, width: width).bounds(from: start, to: end)
            guard !box.isEmpty else { continue }
            if let area, !box.insetBy(dx: -margin, dy: -margin).intersects(area) {
                // Outside the band: the run before it ends here.
                finishRun()
                continue
            }
            let reach = width + 2 * margin
            let dx = end.x - start.x, dy = end.y - start.y
            let ink = (dx * dx + dy * dy).squareRoot() * reach
            if !run.isEmpty {
                let joined = run.union(box)
                if grownArea(joined, margin) <= slack * (covered + ink) {
                    run = joined
                    covered += ink
                    continue
                }
                finishRun()
            }
            // A run starts with its first segment's round caps: a square of the width at most.
            run = box
            covered = ink + reach * reach
        }
        finishRun()
        return count
    }

    /// The area of `rect` grown by `margin` on every side.
    private static func grownArea(_ rect: Rect, _ margin: Double) -> Double {
        (rect.width + 2 * margin) * (rect.height + 2 * margin)
    }
}
