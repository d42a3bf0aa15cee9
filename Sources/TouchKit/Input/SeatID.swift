/// A seat, by the registry name of its `wl_seat` global: unique for the connection's life,
/// unlike `wl_seat.name`, which may arrive late or repeat.
public struct SeatID: Hashable, Sendable {
    /// The `wl_registry` name of the seat's global.
    public let raw: UInt32

    /// The seat whose `wl_seat` global has registry name `raw`; the glue makes one when it binds
    /// the seat.
    public init(_ raw: UInt32) {
        self.raw = raw
    }
}

extension SeatID: CustomStringConvertible {
    /// `seat@N`, the name logs use until `wl_seat.name` arrives.
    public var description: String { "seat@\(raw)" }
}
