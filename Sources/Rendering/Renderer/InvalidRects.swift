import TouchKit

/// What a view changed since the renderer last asked, as the answer to
/// ``CairoDrawing/takeInvalidatedRects(_:)`` wants it: a few rectangles apart, or "all of it".
///
/// Kept apart so two small changes across the window repaint two small areas, not the box
/// round both, and a long diagonal stroke repaints a chain of small boxes along it, not the
/// half of the window its bounding box would be. The list is bounded: past ``limit``, nearby
/// rectangles are merged, cheapest first, down to three quarters of it, so a window that draws
/// no frame for a while (hidden, or the compositor withholding frame callbacks) while input
/// keeps arriving, or several long strokes ending at once, keeps boxes that still follow what
/// changed, at a cost per rectangle added that does not grow with how many were.
///
/// The renderer trusts the answer: a view keeping one must add a rectangle (or call
/// ``invalidateAll()``) for every change it draws, since after the first frame a bare
/// `setNeedsDisplay()` with nothing added repaints nothing. Geometry changes need nothing: the
/// renderer damages a moved or resized view whole by itself.
public struct InvalidRects: Sendable {
    /// Past this many rectangles, nearby ones are merged. As many as a commit sends
    /// (`DamageRegion.maximumRectCount`): a stroke ending after crossing a 4K window is a chain
    /// of up to this many boxes along its ink.
    public static let limit = DamageRegion.maximumRectCount

    /// How far apart in the list two rectangles may be to be merged. Changes come in the order
    /// they were made, so what lies close together was added close together: a stroke's boxes
    /// follow each other, and ten fingers drawing at once add theirs in turn, ten apart. Looking
    /// no further keeps a merge round at ``limit`` times this many comparisons instead of the
    /// square of ``limit``.
    public static let mergeWindow = 16

    private var rects: [Rect] = []
    /// Starts true: nothing of a new view has been drawn.
    private var wholeView = true
    /// Scratch for merging, kept so that merging allocates only the first time: each
    /// rectangle's cheapest partner ahead of it, and which rectangles grew in this round.
    private var partners: [(cost: Double, index: Int, partner: Int)] = []
    private var grew: [Bool] = []

    public init() {}

    /// Nothing recorded since the last ``take(_:)``.
    public var isEmpty: Bool { !wholeView && rects.isEmpty }

    /// Records a changed rectangle, in the view's bounds coordinates. Empty ones change nothing.
    public mutating func add(_ rect: Rect) {
        guard !wholeView, !rect.isEmpty else { return }
        rects.append(rect)
        if rects.count > Self.limit { mergeNearbyRects(downTo: Self.limit - Self.limit / 4) }
    }

    /// The whole view changed; rectangles added before the next take are redundant.
    public mutating func invalidateAll() {
        wholeView = true
        rects.removeAll(keepingCapacity: true)
    }

    /// Reports each recorded rectangle and forgets them. Returns `false` for "all of it", and
    /// `true` with nothing reported when nothing visible changed, as the renderer reads it.
    public mutating func take(_ report: (Rect) -> Void) -> Bool {
        defer {
            rects.removeAll(keepingCapacity: true)
            wholeView = false
        }
        if wholeView { return false }
        for rect in rects { report(rect) }
        return true
    }

    /// Merges rectangles with their cheapest partner at most ``mergeWindow`` ahead (the one whose
    /// union box adds the least area to what the two cover), cheapest pairs first and each
    /// rectangle in at most one pair a round, until `target` remain. What was covered stays
    /// covered. A round costs ``limit`` × ``mergeWindow`` comparisons and a sort, and one round
    /// nearly always suffices: a quarter of ``limit`` adds pay for it.
    private mutating func mergeNearbyRects(downTo target: Int) {
        let target = max(1, target)
        while rects.count > target {
            partners.removeAll(keepingCapacity: true)
            for i in rects.indices.dropLast() {
                var best = (cost: Double.infinity, index: i, partner: i + 1)
                for j in (i + 1)..<min(rects.count, i + 1 + Self.mergeWindow) {
                    let cost = Self.addedArea(rects[i], rects[j])
                    if cost < best.cost { best = (cost, i, j) }
                }
                partners.append(best)
            }
            partners.sort { $0.cost < $1.cost }
            grew.removeAll(keepingCapacity: true)
            grew.append(contentsOf: repeatElement(false, count: rects.count))
            var remaining = rects.count
            // A rectangle merged into its partner becomes `.zero` (none in the list is empty
            // otherwise), and is dropped after the round.
            for pair in partners where remaining > target {
                let a = rects[pair.index], b = rects[pair.partner]
                guard !a.isEmpty, !b.isEmpty, !grew[pair.index], !grew[pair.partner] else { continue }
                rects[pair.index] = a.union(b)
                rects[pair.partner] = .zero
                grew[pair.index] = true
                remaining -= 1
            }
            rects.removeAll { $0.isEmpty }
        }
    }

    /// The area `a.union(b)` covers beyond what `a` and `b` do.
    private static func addedArea(_ a: Rect, _ b: Rect) -> Double {
        area(a.union(b)) - area(a) - area(b) + area(a.intersection(b))
    }

    private static func area(_ rect: Rect) -> Double {
        rect.isEmpty ? 0 : rect.width * rect.height
    }
}
