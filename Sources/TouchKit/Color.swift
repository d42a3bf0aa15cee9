/// An sRGB colour with straight (non-premultiplied) alpha.
///
/// Components are clamped to 0...1 on creation so the renderer can hand them to Cairo unchecked.
public struct Color: Hashable, Sendable {
    /// The red component, 0...1.
    public let red: Double
    /// The green component, 0...1.
    public let green: Double
    /// The blue component, 0...1.
    public let blue: Double
    /// The opacity, 0 (invisible) ... 1 (opaque); not premultiplied into the other components.
    public let alpha: Double

    /// A colour from its components, clamped to 0...1 (NaN becomes 0) rather than trapped.
    ///
    /// Use it for colours computed at run time; ``init(rgb:alpha:)`` reads better for fixed ones.
    ///
    /// ```swift
    /// let halfRed = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
    /// ```
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// Lets the visual contract's hex values (`#AAAAAA`) be written as they appear in docs/architecture.md.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255,
                  green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255,
                  alpha: alpha)
    }

    /// The same colour at another opacity, as the trace scene's in-progress strokes need.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Opaque white: the background of the visual contract.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque black: the draw scene's ink.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Fully transparent; a view with this background draws nothing but still takes touches.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    private static func clamp(_ value: Double) -> Double {
        // NaN compares false both ways; treat it as 0 rather than let it reach Cairo.
        guard value > 0 else { return 0 }
        return min(value, 1)
    }
}
