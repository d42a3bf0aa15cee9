/// A rectangle of whole buffer pixels: `x ..< x + width` by `y ..< y + height`.
///
/// Damage is integer because `wl_surface.damage_buffer` is, and because clipping cairo to
/// pixel-aligned rectangles lets it use its fast region path instead of antialiased masks.
/// Any rectangle with a non-positive width or height is empty; operations that can produce
/// nothing return ``zero``.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The canonical empty rectangle.
    public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Number of pixels covered; 0 when empty.
    public var area: Int { isEmpty ? 0 : width * height }

    /// The smallest rectangle containing both; an empty operand is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other.isEmpty ? .zero : other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The overlap of both, or ``zero`` when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0, !isEmpty, !other.isEmpty else { return .zero }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the two share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty
            && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether every pixel of `other` is in `self` (an empty `other` is contained).
    public func contains(_ other: PixelRect) -> Bool {
        if other.isEmpty { return true }
        return !isEmpty && minX <= other.minX && minY <= other.minY
            && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the pixel at (`x`, `y`) is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        !isEmpty && px >= minX && px < maxX && py >= minY && py < maxY
    }

    /// Shrinks (positive) or grows (negative) each side; ``zero`` if nothing is left.
    public func insetBy(dx: Int, dy: Int) -> PixelRect {
        let r = PixelRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
        return r.isEmpty ? .zero : r
    }

    public var description: String { "\(width)×\(height)+\(x)+\(y)" }
}
