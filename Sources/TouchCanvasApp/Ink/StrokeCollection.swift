/// The completed strokes of a drawing plus the one being drawn (seed 001's `StrokeCollection`).
public final class StrokeCollection {
    /// Completed strokes, oldest first.
    public private(set) var strokes: [Stroke] = []
    /// The stroke a finger is drawing now, if any.
    public var activeStroke: Stroke?

    public init() {}

    /// Moves the active stroke, if any, to the end of ``strokes``.
    public func acceptActiveStroke() {
        if let stroke = activeStroke {
            strokes.append(stroke)
            activeStroke = nil
        }
    }

    /// Adds a completed stroke (a multitouch view completes several strokes at once).
    public func append(_ stroke: Stroke) {
        strokes.append(stroke)
    }

    /// Removes and returns the newest completed stroke: undo.
    @discardableResult
    public func removeLastStroke() -> Stroke? {
        strokes.popLast()
    }

    /// Removes every completed stroke; the active one, if any, goes on.
    public func removeAllStrokes() {
        strokes.removeAll()
    }
}
