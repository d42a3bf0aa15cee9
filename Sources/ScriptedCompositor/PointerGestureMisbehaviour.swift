internal import WaylandServer

/// Deliberate touchpad-gesture misbehaviour, for tests of a client's anomaly detection.
///
/// The ordinary calls (`PointerGestureSending.swift`) send only begin–update–end in order, to the
/// objects that heard the begin. A compositor that sends a gesture's later events to whatever
/// gesture objects the focused client has at the time gets this wrong for an object made
/// mid-gesture, which then hears an update or an end with no begin — what Smithay guards against
/// (Smithay/smithay#1114) and what a client must survive without inventing a gesture, or ending
/// one it has.
///
/// Each call goes to every gesture object of its kind that the pointer focus's client made on the
/// seat, is recorded in `sentPointerGestures` with `isMisbehaviour` set, and changes nothing in
/// the compositor's own idea of the gesture in progress. It returns false, sending nothing, when
/// there is no one to offend (an unknown seat, no pointer focus) or when the event would not be an
/// anomaly after all (a gesture of that kind is in progress), so a test never mistakes a no-op
/// for an offence.
extension ScriptedCompositor {
    /// `update` for a swipe or pinch that never began (false for `.hold`, which has no update).
    /// A swipe ignores `scale` and `rotation`.
    @discardableResult
    public func strayPointerGestureUpdate(_ kind: PointerGestureKind, dx: Double, dy: Double, scale: Double = 1,
                                          rotation: Double = 0, seat name: String = "seat0") -> Bool {
        guard kind != .hold, let listeners = strayGestureTarget(kind, seat: name) else { return false }
        sendPointerGestureUpdate(kind, to: listeners, dx: dx, dy: dy, scale: scale, rotation: rotation,
                                 seat: name, misbehaviour: true)
        return true
    }

    /// `end` for a gesture that never began (or already ended: a second end).
    @discardableResult
    public func strayPointerGestureEnd(_ kind: PointerGestureKind, cancelled: Bool = false,
                                       seat name: String = "seat0") -> Bool {
        guard let listeners = strayGestureTarget(kind, seat: name) else { return false }
        sendPointerGestureEnd(kind, to: listeners, cancelled: cancelled, seat: name, misbehaviour: true)
        return true
    }

    /// The focus client's objects of `kind`, if no gesture of that kind is in progress.
    private func strayGestureTarget(_ kind: PointerGestureKind, seat name: String) -> [PointerGestureObject]? {
        guard let seat = seat(named: name), pointerGestures.active[name]?.kind != kind,
              let surface = seat.pointerFocus, surface.resource.isAlive else { return nil }
        return pointerGestureObjects(kind, seat: seat, client: surface.client)
    }
}
