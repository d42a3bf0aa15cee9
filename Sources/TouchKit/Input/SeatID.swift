/// A seat, by the registry name of its `wl_seat` global: unique for the connection's life,
/// unlike `wl_seat.name`, which may arrive late or repeat.
public struct SeatID: Hashable, Sendable {
    public let raw: UInt32

    public init(_ raw: UInt32) {
        self.raw = raw
    }
}

extension SeatID: CustomStringConvertible {
    public var description: String { "seat@\(raw)" }
}
