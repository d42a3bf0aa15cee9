import TouchKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PixelRect {
    /// The buffer pixels touched by a rectangle in logical coordinates drawn at `scale`,
    /// rounded outward so every partly covered (antialiased) pixel is included.
    ///
    /// ```swift
    /// PixelRect(enclosing: Rect(x: 10.2, y: 0, width: 5, height: 5), scale: 1.5)  // 13…23 × 0…8
    /// ```
    ///
    /// Never traps on outside data: non-finite input or a non-positive scale gives ``zero``,
    /// and coordinates are clamped to ±2²⁸ so areas cannot overflow.
    public init(enclosing rect: Rect, scale: Double) {
        let r = rect.standardized
        guard scale.isFinite, scale > 0, !r.isEmpty,
              r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite
        else {
            self = .zero
            return
        }
        let x0 = Self.clamped(floor(Self.snapped(r.minX * scale)))
        let y0 = Self.clamped(floor(Self.snapped(r.minY * scale)))
        let x1 = Self.clamped(ceil(Self.snapped(r.maxX * scale)))
        let y1 = Self.clamped(ceil(Self.snapped(r.maxY * scale)))
        self = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        if isEmpty { self = .zero }
    }

    /// The buffer pixels a logical rectangle covers exactly, or `nil` when an edge falls inside
    /// a pixel at `scale` (within floating-point noise), the rectangle is empty, or the input is
    /// not finite. Such a rectangle is drawn without antialiased edges.
    ///
    /// ```swift
    /// PixelRect(aligned: Rect(x: 10, y: 0, width: 5, height: 4), scale: 2)    // 10×8+20+0
    /// PixelRect(aligned: Rect(x: 10, y: 0, width: 5, height: 4), scale: 1.5) // nil: right edge at 22.5
    /// ```
    public init?(aligned rect: Rect, scale: Double) {
        let r = rect.standardized
        guard Self.isWhole(r.minX * scale), Self.isWhole(r.minY * scale),
              Self.isWhole(r.maxX * scale), Self.isWhole(r.maxY * scale)
        else { return nil }
        let enclosing = PixelRect(enclosing: r, scale: scale)
        guard !enclosing.isEmpty else { return nil }
        self = enclosing
    }

    private static func isWhole(_ value: Double) -> Bool {
        let snapped = snapped(value)
        return snapped.isFinite && snapped == snapped.rounded()
    }

    /// Coordinates beyond this are clamped; far outside any buffer yet safe to multiply.
    static let coordinateLimit = 1 << 28

    /// Treats values within floating-point noise of an integer as that integer, so an edge at
    /// 199.99999999999997 does not widen the damage by a pixel.
    private static func snapped(_ value: Double) -> Double {
        let nearest = value.rounded()
        return abs(value - nearest) < 1e-7 ? nearest : value
    }

    private static func clamped(_ value: Double) -> Int {
        let limit = Double(coordinateLimit)
        return Int(min(max(value, -limit), limit))
    }

    /// The logical rectangle these buffer pixels show at `scale`.
    public func logicalRect(scale: Double) -> Rect {
        guard scale.isFinite, scale > 0 else { return .zero }
        return Rect(x: Double(x) / scale, y: Double(y) / scale,
                    width: Double(width) / scale, height: Double(height) / scale)
    }
}
