/// One touchpad gesture event, free of Wayland types: what `zwp_pointer_gestures_v1` reports
/// for a swipe, a pinch or a hold, for ``Window/sendTouchpadGesture(_:)``.
///
/// The Wayland glue turns each `zwp_pointer_gesture_{swipe,pinch,hold}_v1` event into one of
/// these, with the pointer's current surface location (gesture events carry none) and the
/// event's time on the same input clock as touches (seconds; ``TouchInputMachine``'s
/// `handle(_:time:seat:)` unwraps the 32-bit milliseconds for you):
///
/// | Wayland event | value |
/// |---|---|
/// | `swipe.begin(fingers)` | `.swipe`, `.began`, `fingers` |
/// | `swipe.update(dx, dy)` | `.swipe`, `.changed`, `delta` = (dx, dy) |
/// | `swipe.end(cancelled)` | `.swipe`, `.ended`, or `.cancelled` when `cancelled` is 1 |
/// | `pinch.begin(fingers)` | `.pinch`, `.began`, `fingers` |
/// | `pinch.update(dx, dy, scale, rotation)` | `.pinch`, `.changed`, `delta`, `scale`, `rotation` (degrees) |
/// | `pinch.end(cancelled)` | `.pinch`, `.ended` or `.cancelled` |
/// | `hold.begin(fingers)` / `hold.end(cancelled)` | `.hold`, `.began` / `.ended` or `.cancelled` |
///
/// `cancelled` on an end means the gesture was taken back (libinput: the fingers turned into
/// another gesture, or the compositor claimed it): the recognizers it drove go to `cancelled`,
/// never `ended`, so a pinch that is cancelled rolls back.
public struct TouchpadGesture: Sendable, Hashable {
    /// Which touchpad gesture the event belongs to.
    public enum Kind: String, Sendable, Hashable {
        /// Three or more fingers moving together: drives ``PanGestureRecognizer``.
        case swipe
        /// Two or more fingers spreading or turning: drives ``PinchGestureRecognizer`` and
        /// ``RotationGestureRecognizer``.
        case pinch
        /// Fingers resting without motion (pointer gestures v3): stops an in-flight pan.
        case hold
    }

    /// Where in its life the gesture is.
    public enum Phase: String, Sendable, Hashable {
        /// `began` and `changed` from begin and update events; `ended` or `cancelled` from the end
        /// event's `cancelled` flag.
        case began, changed, ended, cancelled
    }

    /// Swipe, pinch or hold: which recognizers it drives.
    public var kind: Kind
    /// Where the gesture is; an end with `cancelled` set is `.cancelled`.
    public var phase: Phase
    /// Fingers on the touchpad, from the `begin` event; repeat it on later events.
    public var fingers: Int
    /// The pointer's location in window coordinates: the view under it gets the gesture.
    public var location: Point
    /// Seconds on the input clock (the clock of ``Touch/timestamp``).
    public var time: Double
    /// Swipe and pinch updates: the motion since the previous event, in logical pixels
    /// (unaccelerated deltas are the glue's choice; TouchKit takes what it is given).
    public var delta: Point
    /// Pinch updates: the scale relative to the gesture's start (1 at begin), as the protocol
    /// sends it, absolute rather than a step.
    public var scale: Double
    /// Pinch updates: degrees turned clockwise since the previous event, as the protocol sends it.
    public var rotation: Double

    /// An event with every motion field neutral, so a begin or end needs only its kind, phase,
    /// fingers and place.
    public init(kind: Kind, phase: Phase, fingers: Int, location: Point, time: Double,
                delta: Point = .zero, scale: Double = 1, rotation: Double = 0) {
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.location = location
        self.time = time
        self.delta = delta
        self.scale = scale
        self.rotation = rotation
    }
}
