/// A width and height in logical pixels.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

extension Size: CustomStringConvertible {
    public var description: String { "\(width)×\(height)" }
}
