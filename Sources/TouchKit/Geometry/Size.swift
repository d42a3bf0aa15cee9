/// A width and height in logical pixels.
public struct Size: Hashable, Sendable {
    /// The horizontal extent; may be negative inside a ``Rect`` (see ``Rect/standardized``).
    public var width: Double
    /// The vertical extent; may be negative inside a ``Rect``.
    public var height: Double

    /// A size from its two extents, kept exactly as given.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No extent: the size of a view made with no frame.
    public static let zero = Size(width: 0, height: 0)
}

extension Size: CustomStringConvertible {
    /// `width×height`, for logs and test failures.
    public var description: String { "\(width)×\(height)" }
}
