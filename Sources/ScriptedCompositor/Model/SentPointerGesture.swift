/// The three touchpad gestures of `zwp_pointer_gestures_v1`, so drivers need not import the
/// generated bindings to name one.
public enum PointerGestureKind: String, Sendable, Hashable, CaseIterable {
    case swipe
    case pinch
    /// Since version 3 of the manager: a client of an older one cannot make a hold object.
    case hold
}

/// One touchpad gesture event as the compositor sent it: the truth an end-to-end test holds the
/// client's log against, as `PresentationRecord` is for presentation.
///
/// Values are kept as the script gave them; on the wire `dx`, `dy`, `scale` and `rotation` are
/// `wl_fixed` (1/256 steps), so compare what a client received within 1/512.
public struct SentPointerGesture: Sendable, Equatable {
    public enum Event: Sendable, Equatable {
        case begin(fingers: UInt32)
        /// A swipe's update has no `scale` or `rotation`: they are nil.
        case update(dx: Double, dy: Double, scale: Double?, rotation: Double?)
        case end(cancelled: Bool)
    }

    public var seat: String
    public var kind: PointerGestureKind
    public var event: Event
    /// `begin` and `end` carry one; `update` none.
    public var serial: UInt32?
    public var time: UInt32
    /// How many gesture objects heard it: 0 when the client made none of this kind on the seat
    /// (or could not: no hold object below version 3), which is still a gesture that happened.
    public var recipients: Int
    /// Sent by a deliberate misbehaviour call (`PointerGestureMisbehaviour.swift`), which breaks
    /// the begin–update–end order on purpose.
    public var isMisbehaviour: Bool
}
