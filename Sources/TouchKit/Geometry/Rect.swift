/// An axis-aligned rectangle with CoreGraphics semantics.
///
/// A negative width or height is allowed and read as the same rectangle extending the other way,
/// so `minX`/`maxX`/`width` are always ordered and non-negative, as in `CGRect`.
public struct Rect: Hashable, Sendable {
    /// The corner the size is measured from: top-left unless the size is negative.
    public var origin: Point
    /// The extent from `origin`; either component may be negative (see ``standardized``).
    public var size: Size

    /// A rectangle from a corner and a size, stored as given (not standardized).
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its origin's coordinates and its size: the form most call sites read best.
    ///
    /// ```swift
    /// let spot = Rect(x: 0, y: 0, width: 1, height: 1)
    /// ```
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin: a view's default frame, where damage accumulation starts.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The smallest x inside the rectangle, whichever way the width points.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x: the right edge, excluded by ``contains(_:)``.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y inside the rectangle: the top edge.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y: the bottom edge, excluded by ``contains(_:)``.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The horizontal centre; a view's `center.x` in its superview is its frame's `midX`.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, never negative; `size.width` keeps the sign.
    public var width: Double { abs(size.width) }
    /// The height, never negative; `size.height` keeps the sign.
    public var height: Double { abs(size.height) }

    /// True when the rectangle covers no area; such rectangles are ignored by `union(_:)`.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative size.
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// Half-open on the max edges, so that tiling rectangles never both claim a boundary point.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// True when the rectangles share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        !intersection(other).isEmpty
    }

    /// The shared area, or `.zero` when there is none (`CGRect` would return `.null`; we have no
    /// null rectangle, and an empty one is what damage code wants to skip).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both. Empty rectangles are ignored so that damage can be
    /// accumulated starting from `.zero` without dragging the origin in.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let x0 = min(minX, other.minX), x1 = max(maxX, other.maxX)
        let y0 = min(minY, other.minY), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Shrinks by `dx` on both horizontal sides and `dy` on both vertical sides (negative grows).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        return Rect(x: r.minX + dx, y: r.minY + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
    }

    /// The same rectangle moved by `dx` and `dy`, its size (and its sign) unchanged.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
    }
}

extension Rect: CustomStringConvertible {
    /// `(x, y, width, height)` as stored, for logs and test failures.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
