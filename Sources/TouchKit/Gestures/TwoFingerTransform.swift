import Foundation

/// The translation, scale and rotation two fingers describe, from where they began to where
/// they are: what Listings 3-4 and 3-5 of the Event Handling Guide compute ("not shown") from
/// the begin points they cache per touch.
///
/// `translation` moves the midpoint of the begin points to the midpoint of the current ones;
/// `scale` is the ratio of the fingers' distances; `rotation` the angle (radians, clockwise on
/// screen, in -π…π) the line between them turned.
public struct FingerTransform: Equatable, Sendable {
    /// How far the midpoint between the fingers moved since they began.
    public var translation: Point
    /// The fingers' distance now over their distance when they began: above 1 when spreading.
    public var scale: Double
    /// The angle, in radians, the line between the fingers turned: positive clockwise on screen.
    public var rotation: Double

    /// No movement: zero translation, scale 1, no rotation.
    public static let identity = FingerTransform(translation: .zero, scale: 1, rotation: 0)

    /// A transform from its three parts, for tests and for composing transforms by hand.
    public init(translation: Point, scale: Double, rotation: Double) {
        self.translation = translation
        self.scale = scale
        self.rotation = rotation
    }

    /// From two begin points and the same two fingers' current points. Fingers that began on
    /// the same spot define no distance or angle: scale 1 and rotation 0 then.
    public init(from begin: (Point, Point), to current: (Point, Point)) {
        let b = Point(x: begin.1.x - begin.0.x, y: begin.1.y - begin.0.y)
        let c = Point(x: current.1.x - current.0.x, y: current.1.y - current.0.y)
        let bLength = (b.x * b.x + b.y * b.y).squareRoot()
        let cLength = (c.x * c.x + c.y * c.y).squareRoot()
        translation = Point(x: (current.0.x + current.1.x - begin.0.x - begin.1.x) / 2,
                            y: (current.0.y + current.1.y - begin.0.y - begin.1.y) / 2)
        guard bLength > 1e-9, cLength > 1e-9 else {
            scale = 1
            rotation = 0
            return
        }
        scale = cLength / bLength
        var angle = atan2(c.y, c.x) - atan2(b.y, b.x)
        if angle > .pi { angle -= 2 * .pi }
        if angle <= -.pi { angle += 2 * .pi }
        rotation = angle
    }
}

/// Caches where each finger began (Listing 3-4) and gives the transform of the first two
/// (Listing 3-5), in one view's coordinates — the guide uses the superview's, so the
/// transformed view's own movement does not feed back into the measure.
///
/// The building block of ``PinchGestureRecognizer`` and ``RotationGestureRecognizer``; use it
/// directly in a view that follows two fingers by hand.
///
/// ```swift
/// let tracker = TwoFingerTransformTracker()
/// var committed = 0.0   // the rotation when the fingers last changed
/// override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
///     committed = square.rotation
///     tracker.began(touches, in: superview)
/// }
/// override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
///     if let t = tracker.transform(in: superview) { square.rotation = committed + t.rotation }
/// }
/// // and in touchesEnded and touchesCancelled:
/// //     committed = square.rotation; tracker.ended(touches, in: superview)
/// ```
@MainActor
public final class TwoFingerTransformTracker {
    private var begins: [(touch: Touch, point: Point)] = []

    /// An empty tracker; make one per view that follows two fingers.
    public init() {}

    /// How many fingers are being tracked.
    public var count: Int { begins.count }

    /// Adds these touches, and re-bases every finger's begin point to where it is now (in
    /// `view`'s coordinates, the window's when nil): the transform counts from the moment the
    /// fingers last changed, so what one finger did alone before a second joined is no rotation.
    /// Fold the transform so far into your model before calling this.
    public func began(_ touches: Set<Touch>, in view: View?) {
        for touch in touches.sorted(by: { $0.number < $1.number }) where !begins.contains(where: { $0.touch === touch }) {
            begins.append((touch, touch.location(in: view)))
        }
        rebase(in: view)
    }

    /// Forgets these touches and re-bases the remaining fingers, so lifting one of three fingers
    /// does not make the shape jump.
    public func ended(_ touches: Set<Touch>, in view: View?) {
        begins.removeAll { entry in touches.contains(entry.touch) }
        rebase(in: view)
    }

    /// Forgets every finger, for a recognizer's reset (it no longer hears its touches end).
    func removeAll() {
        begins.removeAll()
    }

    private func rebase(in view: View?) {
        for index in begins.indices { begins[index].point = begins[index].touch.location(in: view) }
    }

    /// The distance between the two earliest fingers' begin points, or nil with fewer than two:
    /// what a pinch's hysteresis is measured against.
    var beginSpan: Double? {
        guard begins.count >= 2 else { return nil }
        return begins[0].point.distance(to: begins[1].point)
    }

    /// The transform of the two earliest fingers since they began, or nil with fewer than two.
    public func transform(in view: View?) -> FingerTransform? {
        guard begins.count >= 2 else { return nil }
        let first = begins[0], second = begins[1]
        return FingerTransform(from: (first.point, second.point),
                               to: (first.touch.location(in: view), second.touch.location(in: view)))
    }
}
