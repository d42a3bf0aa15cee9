/// A location in a view's coordinate space, in logical pixels.
///
/// Components are `Double` and never rounded: compositors report sub-pixel positions and the seeds
/// insist that rounding touch coordinates loses precision.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance, used by tap counting and gesture thresholds.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
