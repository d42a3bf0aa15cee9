/// Moves something by the finger's movement since the last delivery, as Listing 3-3 of the
/// Event Handling Guide drags a view: the delta between `location(in:)` and
/// `previousLocation(in:)`, never the absolute position, so the grab point stays under the
/// finger wherever the view was touched.
///
/// The building block of ``PanGestureRecognizer``, whose translation sums these deltas over
/// its fingers; use it directly in a view that drags by hand.
///
/// ```swift
/// override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
///     guard let touch = touches.first else { return }
///     center = DragTracker.moved(center, by: touch, in: superview)
/// }
/// ```
public enum DragTracker {
    /// The finger's movement since the previous delivery, in `view`'s coordinates (the
    /// window's when nil). Use the coordinates of the view that holds what is dragged: the
    /// superview for a view's own `center`.
    @MainActor
    public static func delta(of touch: Touch, in view: View?) -> Point {
        let now = touch.location(in: view), before = touch.previousLocation(in: view)
        return Point(x: now.x - before.x, y: now.y - before.y)
    }

    /// `point` moved by the touch's delta in `view`'s coordinates.
    @MainActor
    public static func moved(_ point: Point, by touch: Touch, in view: View?) -> Point {
        let d = delta(of: touch, in: view)
        return Point(x: point.x + d.x, y: point.y + d.y)
    }
}
