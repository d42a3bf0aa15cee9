import Foundation

/// Decides whether one finger's path was a swipe, after Listing 3-2 of the Event Handling Guide:
/// far enough along the axis, close enough to it across, and quick.
///
/// The building block of ``SwipeGestureRecognizer``, which runs one per axis for each finger;
/// use it directly in a view that judges paths by hand.
///
/// Feed it from a view's handlers: `began` in `touchesBegan`, `moved` in `touchesMoved` (so a
/// path that wanders off the axis in the middle is caught, which the guide's listing leaves
/// out), and ask `ended` in `touchesEnded`.
///
/// ```swift
/// var swipe = SwipeDetector(axis: .horizontal)
/// override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
///     if let t = touches.first { swipe.began(at: t.location(in: self), time: t.timestamp) }
/// }
/// override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
///     if let t = touches.first, let direction = swipe.ended(at: t.location(in: self), time: t.timestamp) {
///         showArrow(direction)
///     }
/// }
/// ```
public struct SwipeDetector: Sendable {
    /// The line a swipe must follow: left-right or up-down.
    public enum Axis: Sendable { case horizontal, vertical }
    /// Which way a recognised swipe went; the raw value is the name, for logs.
    public enum Direction: String, Sendable { case left, right, up, down }

    /// The axis swipes are measured along; the finger must not stray across the other one.
    public var axis: Axis
    /// How far the finger must travel along the axis (the guide's `HORIZ_SWIPE_DRAG_MIN`, 12).
    public var minimumTravel: Double
    /// How far it may stray across the axis, at any point of the path (`VERT_SWIPE_DRAG_MAX`, 4).
    public var maximumDeviation: Double
    /// The slowest average speed along the axis, in points per second, that still counts as a
    /// swipe rather than a slow drag ("did the finger move quickly enough").
    public var minimumSpeed: Double

    private var start: (location: Point, time: TimeInterval)?
    private var strayed = false

    /// A detector for swipes along `axis`; the default thresholds are the guide's 12 and 4 points
    /// and a brisk 150 points per second.
    public init(axis: Axis, minimumTravel: Double = 12, maximumDeviation: Double = 4, minimumSpeed: Double = 150) {
        self.axis = axis
        self.minimumTravel = minimumTravel
        self.maximumDeviation = maximumDeviation
        self.minimumSpeed = minimumSpeed
    }

    /// Starts a new path; any earlier one is forgotten.
    public mutating func began(at location: Point, time: TimeInterval) {
        start = (location, time)
        strayed = false
    }

    /// A point in the middle of the path: once it strays across the axis, the path is no swipe.
    public mutating func moved(to location: Point, time: TimeInterval) {
        guard let start else { return }
        if across(from: start.location, to: location) > maximumDeviation { strayed = true }
    }

    /// The swipe's direction when the path ending at `location` was one, else nil. Ends the path.
    public mutating func ended(at location: Point, time: TimeInterval) -> Direction? {
        defer { start = nil }
        guard let start, !strayed, across(from: start.location, to: location) <= maximumDeviation else { return nil }
        let travel = along(from: start.location, to: location)
        guard abs(travel) >= minimumTravel else { return nil }
        let duration = time - start.time
        // A path with no measurable duration came in one event: as fast as can be.
        if duration > 0, abs(travel) / duration < minimumSpeed { return nil }
        switch axis {
        case .horizontal: return travel > 0 ? .right : .left
        case .vertical: return travel > 0 ? .down : .up
        }
    }

    /// Forgets the path (a cancelled touch is no swipe).
    public mutating func cancel() {
        start = nil
    }

    private func along(from a: Point, to b: Point) -> Double {
        axis == .horizontal ? b.x - a.x : b.y - a.y
    }

    private func across(from a: Point, to b: Point) -> Double {
        abs(axis == .horizontal ? b.y - a.y : b.x - a.x)
    }
}
