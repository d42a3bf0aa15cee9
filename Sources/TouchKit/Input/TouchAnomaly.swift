/// Something the compositor sent that the protocol does not lead us to expect. The machine
/// recovers from each one; the app logs them because showing them is half its purpose.
///
/// Each occurrence is reported once, through `TouchInputMachine.onAnomaly`, with the event that
/// showed it in `details`: `event` names it (`"up"`, `"motion"`, `"cancel"`, …), and `id`
/// (the wl touch id), `button` and `time` (milliseconds on the seat's input timeline, the
/// clock of the phase log's `"t"`; for `foreign-surface`, the raw stamp the glue passed) are
/// there when the event has them. Some kinds add more: see each category.
public struct TouchAnomaly: Sendable, Hashable {
    /// The kinds of anomaly; the raw value is the stable name logs use (`no-frame-after-up`).
    public enum Category: String, Sendable, CaseIterable {
        /// The socket was drained after an `up` (touch) or a button release (pointer) with no
        /// `frame`. Details: the last up's `event`, `id` or `button`, `time`, and `looksLike`:
        /// `"mutter"` when no touch is left down (GNOME sends no frame after the last up),
        /// otherwise `"unknown"`.
        case noFrameAfterUp = "no-frame-after-up"
        /// The socket was drained with other events still waiting for a `frame`. Details: the
        /// last waiting `event` (with its `id` and `time` when it has them) and `events`, how
        /// many were waiting.
        case eventsWithoutFrame = "events-without-frame"
        /// `motion`, `up`, `shape` or `orientation` for an id that is not down; ignored.
        case unknownTouchID = "unknown-touch-id"
        /// `down` for an id that is already down; the old touch is cancelled first.
        case duplicateDown = "duplicate-down"
        /// `cancel` while the seat had no touch down.
        case cancelWithoutTouches = "cancel-without-touches"
        /// A button press before the pointer ever entered the surface (no location known).
        case buttonWithoutLocation = "button-without-location"
        /// A touch has been down for `stuckTouchThreshold` with no event for it
        /// (`TouchInputMachine.checkForStuckTouches(now:)`). Details: its last `event`, `id`,
        /// `time`, and `idle`, the seconds since that event arrived.
        case possiblyStuck = "possibly-stuck"
        /// The touch capability or the seat went away while touches were active and the
        /// compositor had not cancelled them; the machine cancels them itself. Details: `event`
        /// (`"capability-lost"` or `"seat-removed"`), `touches` (how many) and `ids`.
        case lostWithoutCancel = "lost-without-cancel"
        /// Input for a surface that is not ours (the glue drops it and tells the machine
        /// through `TouchInputMachine.foreignSurfaceEvent`). Reported once per run of such
        /// events on a seat's device.
        case foreignSurface = "foreign-surface"
        /// A `down` came while `TouchInputMachine.maximumActiveTouches` fingers were down (all
        /// seats); it and that finger's later events are ignored. Details: the `down`'s `event`, `id`,
        /// `time`, and `limit`.
        case tooManyTouches = "too-many-touches"

        /// One sentence for people: the HUD and the docs.
        public var explanation: String {
            switch self {
            case .noFrameAfterUp:
                "A finger or button was released and no frame followed, so the release was delivered when the input ran dry (GNOME does this after the last finger)."
            case .eventsWithoutFrame:
                "Touch or pointer events arrived without the frame that should close them, so they were delivered when the input ran dry."
            case .unknownTouchID:
                "The compositor sent motion, shape, orientation or up for a touch id that is not down, and it was ignored."
            case .duplicateDown:
                "The compositor put down a touch id that was already down, so the old touch was cancelled."
            case .cancelWithoutTouches:
                "The compositor cancelled touches while none was down."
            case .buttonWithoutLocation:
                "A pointer button was pressed before the pointer entered the window, so there was nowhere to begin a touch."
            case .possiblyStuck:
                "A touch has been down for a long time without any event, so its release may have been lost."
            case .lostWithoutCancel:
                "The touchscreen or the seat went away while fingers were down without the compositor cancelling them, so the app cancelled them itself."
            case .foreignSurface:
                "Input arrived for a surface that is not this window's and was ignored."
            case .tooManyTouches:
                "A finger came down while more were down than any touch screen has, and it was ignored."
            }
        }
    }

    /// What kind of anomaly occurred.
    public let category: Category
    /// The seat whose input showed it.
    public let seat: SeatID
    /// The seat's `wl_seat.name` when the anomaly occurred (`seat@N` before it arrives).
    public let seatName: String
    /// Which device: "touch" or "pointer".
    public let device: String
    /// Free-form extra facts for the log (the wl id, the event name, …).
    public let details: [String: String]

    /// The stable spelling for logs (`{"anomaly":"no-frame-after-up",…}`).
    public var kind: String { category.rawValue }

    /// One sentence for people, for the HUD and the docs.
    public var explanation: String { category.explanation }

    /// Every kind the machine can report, in declaration order, for the README and the HUD.
    public static let allKinds: [String] = Category.allCases.map(\.rawValue)

    /// An anomaly as the machine reports it; public so that tests and replays can make their own.
    public init(category: Category, seat: SeatID, seatName: String, device: String,
                details: [String: String] = [:]) {
        self.category = category
        self.seat = seat
        self.seatName = seatName
        self.device = device
        self.details = details
    }
}
