import Foundation

/// Recognises a circle drawn with one finger, after the circle recipe of the "touches" article
/// (Dr. Dobb's circle recipe): a path that closes on itself, goes once around a centre, and keeps roughly the
/// same distance from it. The result gives what the article's Figure 3 shows: the centre (a
/// dot) and the bounding ellipse.
///
/// The building block for a custom ``GestureRecognizer`` subclass, the Event Handling Guide's
/// example of writing your own: feed it from the recognizer's `touchesMoved` and set `ended`
/// or `failed` from ``detect()`` in `touchesEnded` (TouchKit's tests carry such a recognizer).
///
/// ```swift
/// var circle = CircleDetector()
/// // touchesBegan: circle.reset(); touchesMoved: circle.add(touch.location(in: self))
/// // touchesEnded: if let found = circle.detect() { showCircle(found) }
/// ```
public struct CircleDetector: Sendable {
    /// A detected circle.
    public struct Circle: Equatable, Sendable {
        /// The mean of the path's points.
        public var center: Point
        /// The mean distance of the path from `center`.
        public var radius: Double
        /// The path's bounding box: the ellipse to draw.
        public var bounds: Rect
        /// 1 for a perfect circle, falling towards 0 as the distance from the centre varies
        /// (1 minus the deviation of the distances relative to their mean).
        public var roundness: Double
    }

    /// Paths rounder than this count (0…1).
    public var minimumRoundness: Double
    /// Smaller circles are taken for a tap or a scribble.
    public var minimumRadius: Double
    /// How far apart the ends may be, relative to the radius, for the path to be closed.
    public var closureTolerance: Double

    /// The path so far, in the order ``add(_:)`` received it; for drawing the attempt.
    public private(set) var points: [Point] = []

    /// A detector with an empty path and the given tolerances; the defaults accept a careful
    /// finger-drawn circle.
    public init(minimumRoundness: Double = 0.75, minimumRadius: Double = 15, closureTolerance: Double = 0.6) {
        self.minimumRoundness = minimumRoundness
        self.minimumRadius = minimumRadius
        self.closureTolerance = closureTolerance
    }

    /// Forgets the path; call it when the finger that draws begins (and after a cancellation).
    public mutating func reset() { points.removeAll(keepingCapacity: true) }

    /// Appends a point of the path; call it with each location, or each coalesced location, of the
    /// drawing finger.
    public mutating func add(_ point: Point) { points.append(point) }

    /// The circle the path so far describes, or nil when it is not one.
    public func detect() -> Circle? {
        guard points.count >= 8, let first = points.first, let last = points.last else { return nil }
        let n = Double(points.count)
        let center = Point(x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
        let distances = points.map { $0.distance(to: center) }
        let radius = distances.reduce(0, +) / n
        guard radius >= minimumRadius else { return nil }
        let variance = distances.reduce(0) { $0 + ($1 - radius) * ($1 - radius) } / n
        let roundness = max(0, 1 - variance.squareRoot() / radius)
        guard roundness >= minimumRoundness else { return nil }
        guard first.distance(to: last) <= closureTolerance * radius else { return nil }
        // Once around: the angle swept about the centre adds up to about a full turn (an arc
        // that doubles back, or a path wound twice, does not).
        var swept = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            var step = atan2(b.y - center.y, b.x - center.x) - atan2(a.y - center.y, a.x - center.x)
            if step > .pi { step -= 2 * .pi }
            if step < -.pi { step += 2 * .pi }
            swept += step
        }
        guard abs(swept) >= 1.6 * .pi, abs(swept) <= 2.5 * .pi else { return nil }
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? center.x, maxX = xs.max() ?? center.x
        let minY = ys.min() ?? center.y, maxY = ys.max() ?? center.y
        return Circle(center: center, radius: radius,
                      bounds: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY),
                      roundness: roundness)
    }
}
