import TouchKit

/// One point of a stroke, as seed 001's `StrokeSample`: where the finger was, and whether the
/// sample came from the coalesced touches between two deliveries rather than being the touch
/// the delivery reported.
public struct StrokeSample: Hashable, Sendable {
    /// View coordinates, never rounded.
    public let location: Point
    /// True for every coalesced touch of a delivery except the last (which is the touch itself).
    public let coalesced: Bool

    public init(location: Point, coalesced: Bool = false) {
        self.location = location
        self.coalesced = coalesced
    }
}
