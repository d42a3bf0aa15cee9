import TouchKit

/// One point of a stroke, as the coalesced-touch sample's `StrokeSample`: where the finger was, and whether the
/// sample came from the coalesced touches between two deliveries rather than being the touch
/// the delivery reported.
public struct StrokeSample: Hashable, Sendable {
    /// View coordinates, never rounded.
    public let location: Point
    /// True for every coalesced touch of a delivery except the last (which is the touch itself).
    public let coalesced: Bool
    /// A pen's pressure, 0…1 (`force / maximumPossibleForce`); nil for a finger or the mouse,
    /// which have none. Values outside 0…1 are clamped, a NaN is none.
    public let pressure: Double?

    public init(location: Point, coalesced: Bool = false, pressure: Double? = nil) {
        self.location = location
        self.coalesced = coalesced
        self.pressure = pressure.flatMap { $0.isNaN ? nil : min(max($0, 0), 1) }
    }
}
