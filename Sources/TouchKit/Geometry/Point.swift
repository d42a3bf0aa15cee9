/// A location in a view's coordinate space, in logical pixels.
///
/// Components are `Double` and never rounded: compositors report sub-pixel positions and UIKit's
/// *Handling Touches in Your View* insists that rounding touch coordinates loses precision.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards: the origin is top-left, as in UIKit.
    public var y: Double

    /// A point from its coordinates, kept exactly as given.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin of a coordinate space.
    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance, used by tap counting and gesture thresholds.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}

extension Point: CustomStringConvertible {
    /// `(x, y)` with full precision, for logs and test failures.
    public var description: String { "(\(x), \(y))" }
}
