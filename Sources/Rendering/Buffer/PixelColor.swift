/// The colour of one pixel as a person would pick it: 8-bit red, green, blue and alpha,
/// **not** premultiplied.
///
/// ```swift
/// #expect(buffer.pixel(x: 250, y: 200) == PixelColor(rgb: 0xAAAAAA))
/// ```
///
/// A struct rather than an `(r, g, b, a)` tuple so results can be compared with `==`,
/// printed as `#RRGGBBAA`, and checked with a tolerance for antialiased edges.
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`, as docs/architecture.md's visual contract writes them.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16),
                  green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb),
                  alpha: alpha)
    }

    public static let white = PixelColor(rgb: 0xFFFFFF)
    public static let black = PixelColor(rgb: 0x000000)

    /// `0xRRGGBB`, ignoring alpha.
    public var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// The largest difference of any channel, for "close enough" checks on antialiased pixels.
    public func distance(to other: PixelColor) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
            abs(Int(blue) - Int(other.blue)), abs(Int(alpha) - Int(other.alpha)))
    }

    public var description: String {
        let hex = String(rgb | 0x100_0000, radix: 16, uppercase: true).dropFirst()
        return alpha == 255 ? "#\(hex)" : "#\(hex)" + String(Int(alpha) | 0x100, radix: 16, uppercase: true).dropFirst()
    }

    /// Decodes one stored pixel, undoing premultiplication for `argb8888`.
    init(stored value: UInt32, format: PixelFormat) {
        let r = UInt8(truncatingIfNeeded: value >> 16)
        let g = UInt8(truncatingIfNeeded: value >> 8)
        let b = UInt8(truncatingIfNeeded: value)
        guard format.hasAlpha else {
            self.init(red: r, green: g, blue: b)
            return
        }
        let a = UInt8(truncatingIfNeeded: value >> 24)
        switch a {
        case 0: self.init(red: 0, green: 0, blue: 0, alpha: 0)
        case 255: self.init(red: r, green: g, blue: b)
        default:
            // Same rounding as cairo's own unpremultiply when it writes PNGs.
            func straight(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) }
            self.init(red: straight(r), green: straight(g), blue: straight(b), alpha: a)
        }
    }
}
