/// Something the compositor sent that the protocol does not lead us to expect. The machine
/// recovers from each one; the app logs them because showing them is half its purpose.
public struct TouchAnomaly: Sendable, Hashable {
    public enum Category: String, Sendable, CaseIterable {
        /// The socket was drained after an `up` with no `frame` (GNOME does this).
        case noFrameAfterUp = "no-frame-after-up"
        /// The socket was drained with other events still waiting for a `frame`.
        case eventsWithoutFrame = "events-without-frame"
        /// `motion`, `up`, `shape` or `orientation` for an id that is not down.
        case unknownTouchID = "unknown-touch-id"
        /// `down` for an id that is already down; the old touch is cancelled first.
        case duplicateDown = "duplicate-down"
        /// `cancel` while the seat had no touch down.
        case cancelWithoutTouches = "cancel-without-touches"
        /// A button press before the pointer ever entered the surface (no location known).
        case buttonWithoutLocation = "button-without-location"
    }

    public let category: Category
    public let seat: SeatID
    public let seatName: String
    /// Which device: "touch" or "pointer".
    public let device: String
    /// Free-form extra facts for the log (the wl id, the event name, …).
    public let details: [String: String]

    /// The stable spelling for logs (`{"anomaly":"no-frame-after-up",…}`).
    public var kind: String { category.rawValue }

    public init(category: Category, seat: SeatID, seatName: String, device: String,
                details: [String: String] = [:]) {
        self.category = category
        self.seat = seat
        self.seatName = seatName
        self.device = device
        self.details = details
    }
}
