import TouchKit

/// What a view changed since the renderer last asked, as the answer to
/// ``CairoDrawing/takeInvalidatedRects(_:)`` wants it: a few rectangles apart, or "all of it".
///
/// Kept apart so two small changes across the window repaint two small areas, not the box
/// round both. The list is bounded: a window that draws no frame for a while (hidden, or the
/// compositor withholding frame callbacks) while input keeps arriving collapses it into one
/// bounding box instead of growing without limit.
///
/// The renderer trusts the answer: a view keeping one must add a rectangle (or call
/// ``invalidateAll()``) for every change it draws, since after the first frame a bare
/// `setNeedsDisplay()` with nothing added repaints nothing. Geometry changes need nothing: the
/// renderer damages a moved or resized view whole by itself.
public struct InvalidRects: Sendable {
    /// Beyond this many rectangles the list collapses into their bounding box. Sixty-four is
    /// ten fingers' worth of segments over several frames, and far below the point where
    /// clipping to each costs more than repainting their union.
    public static let limit = 64

    private var rects: [Rect] = []
    /// Starts true: nothing of a new view has been drawn.
    private var wholeView = true

    public init() {}

    /// Nothing recorded since the last ``take(_:)``.
    public var isEmpty: Bool { !wholeView && rects.isEmpty }

    /// Records a changed rectangle, in the view's bounds coordinates. Empty ones change nothing.
    public mutating func add(_ rect: Rect) {
        guard !wholeView, !rect.isEmpty else { return }
        if rects.count >= Self.limit {
            let all = rects.reduce(rect) { $0.union($1) }
            rects.removeAll(keepingCapacity: true)
            rects.append(all)
        } else {
            rects.append(rect)
        }
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
}
