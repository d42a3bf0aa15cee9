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
        /// A tablet tool sent `motion`, `up`, an axis or a button while out of proximity (no
        /// `proximity_in` since its `proximity_out`); ignored. Details: the `event` and `tool`.
        case toolEventOutsideProximity = "tool-event-outside-proximity"
        /// A tablet tool sent `down` while out of proximity; no touch begins. Details: `tool`.
        case downWithoutProximity = "down-without-proximity"
        /// A tablet tool sent `motion` after `up` with no `frame` between them; the touch ends
        /// where the up was, and the motion moves only the hover. Details: `tool`.
        case motionAfterUp = "motion-after-up"
        /// The socket was drained with a tablet tool's events still waiting for a `frame`; they
        /// were delivered as if it had come. Details: the last waiting `event`, `events` (how
        /// many), `up` ("true" when an up was among them) and `tool`.
        case toolEventsWithoutFrame = "tool-events-without-frame"
        /// A tablet tool came into proximity over a surface that is not ours (the glue says so
        /// through `TouchInputMachine.tabletToolProximityInForeignSurface`); its events are
        /// ignored until its next proximity. Details: `event` and `tool`.
        case foreignSurfaceProximity = "foreign-surface-proximity"
        /// A tablet tool left proximity while its tip was down, with no `up`; its touch is
        /// cancelled. Details: `event` and `tool`.
        case proximityOutWhileDown = "proximity-out-while-down"
        /// A tablet tool, its tablet or its seat went away while the tip was down; the touch is
        /// cancelled. Details: `event` (`"tool-removed"`, `"tablet-removed"` or
        /// `"seat-removed"`) and `tool`.
        case removedWhileDown = "removed-while-down"
        /// A tablet tool sent an axis (`pressure`, `tilt`, `distance`, `rotation`) it did not
        /// announce as a capability; the value is used anyway. Reported once per tool and axis.
        /// Details: `event` (the axis) and `tool`.
        case unannouncedAxis = "unannounced-axis"

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
            case .toolEventOutsideProximity:
                "A pen sent motion, an axis, a button or a lift while out of range of the tablet, and it was ignored."
            case .downWithoutProximity:
                "A pen touched down without first coming into range of the tablet, so no touch began."
            case .motionAfterUp:
                "A pen moved after lifting with no frame in between, so the stroke ended where the pen lifted."
            case .toolEventsWithoutFrame:
                "Pen events arrived without the frame that should close them, so they were delivered when the input ran dry."
            case .foreignSurfaceProximity:
                "A pen came into range over a surface that is not this window's, so its input there was ignored."
            case .proximityOutWhileDown:
                "A pen went out of range while touching without lifting first, so its touch was cancelled."
            case .removedWhileDown:
                "A pen, its tablet or its seat went away while the pen was touching, so its touch was cancelled."
            case .unannouncedAxis:
                "A pen sent a value such as pressure that it had not said it could measure, and the value was used anyway."
            }
        }
    }

    /// What kind of anomaly occurred.
    public let category: Category
    /// The seat whose input showed it.
    public let seat: SeatID
    /// The seat's `wl_seat.name` when the anomaly occurred (`seat@N` before it arrives).
    public let seatName: String
    /// Which device: "touch", "pointer" or "tablet-tool".
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
    package init(category: Category, seat: SeatID, seatName: String, device: String,
                details: [String: String] = [:]) {
        self.category = category
        self.seat = seat
        self.seatName = seatName
        self.device = device
        self.details = details
    }
}
