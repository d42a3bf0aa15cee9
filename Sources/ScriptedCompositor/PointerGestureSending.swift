internal import WaylandServer

/// Touchpad gestures (`zwp_pointer_gestures_v1`) to a seat's pointer focus.
///
/// Like `Input.swift`, these keep the protocol's order, so a test of a client's gesture handling
/// is not a test of its anomaly detection by accident: a begin needs a pointer focus
/// (`pointerEnter` first) and no gesture in progress on the seat, since the protocol allows one
/// at a time; an update or end needs a gesture of its kind in progress. A refused call sends
/// nothing and returns false. To break the order on purpose, see `PointerGestureMisbehaviour.swift`.
///
/// A begin reaches the gesture objects of its kind that the focus's client made from a
/// `wl_pointer` of the seat; the update and end reach those same objects and no others, so one
/// made mid-gesture hears nothing until the next begin, as in Smithay (Smithay/smithay#1114)
/// — otherwise it would get an update with no begin. The gesture stays with them if the pointer
/// leaves meanwhile: a test that wants it ended says so.
///
/// Begin and end each take a fresh serial, as `wl_pointer.button` does; every event carries the
/// event clock's time (`eventTime`, remembered in `lastEventTime`). No `zwp_input_timestamps_v1`
/// stamp precedes them: a client subscribes to those for `wl_pointer` events, and these are the
/// gesture objects' events, so a stamp would attach to the pointer's next event instead.
///
/// Every event sent, with how many objects heard it, is appended to `sentPointerGestures`.
/// `dx` and `dy` are surface-local deltas; `scale` is relative to the begin (1 is unchanged),
/// `rotation` degrees clockwise since the previous event.
extension ScriptedCompositor {
    // MARK: Swipe

    @discardableResult
    public func swipeBegin(fingers: UInt32, seat name: String = "seat0") -> Bool {
        beginPointerGesture(.swipe, fingers: fingers, seat: name)
    }

    @discardableResult
    public func swipeUpdate(dx: Double, dy: Double, seat name: String = "seat0") -> Bool {
        updatePointerGesture(.swipe, dx: dx, dy: dy, scale: nil, rotation: nil, seat: name)
    }

    @discardableResult
    public func swipeEnd(cancelled: Bool = false, seat name: String = "seat0") -> Bool {
        endPointerGesture(.swipe, cancelled: cancelled, seat: name)
    }

    // MARK: Pinch

    @discardableResult
    public func pinchBegin(fingers: UInt32 = 2, seat name: String = "seat0") -> Bool {
        beginPointerGesture(.pinch, fingers: fingers, seat: name)
    }

    @discardableResult
    public func pinchUpdate(dx: Double = 0, dy: Double = 0, scale: Double, rotation: Double = 0,
                            seat name: String = "seat0") -> Bool {
        updatePointerGesture(.pinch, dx: dx, dy: dy, scale: scale, rotation: rotation, seat: name)
    }

    @discardableResult
    public func pinchEnd(cancelled: Bool = false, seat name: String = "seat0") -> Bool {
        endPointerGesture(.pinch, cancelled: cancelled, seat: name)
    }

    // MARK: Hold

    /// Heard only by clients of a version 3 manager: below it no client can make a hold object, and
    /// the hold is recorded with no recipients, so a test can still end it and go on.
    @discardableResult
    public func holdBegin(fingers: UInt32, seat name: String = "seat0") -> Bool {
        beginPointerGesture(.hold, fingers: fingers, seat: name)
    }

    @discardableResult
    public func holdEnd(cancelled: Bool = false, seat name: String = "seat0") -> Bool {
        endPointerGesture(.hold, cancelled: cancelled, seat: name)
    }

    // MARK: State

    /// The gesture between its begin and end on the seat, if any.
    public func pointerGestureInProgress(seat name: String = "seat0") -> PointerGestureKind? {
        pointerGestures.active[name]?.kind
    }

    /// Every gesture event sent, oldest first, misbehaving ones included (and marked).
    public var sentPointerGestures: [SentPointerGesture] { pointerGestures.sent }

    /// Live gesture objects of all clients, for `waitUntil` before a test's first begin.
    public var pointerGestureObjectCount: Int { pointerGestures.objects.count { $0.isLive } }

    // MARK: In order

    private func beginPointerGesture(_ kind: PointerGestureKind, fingers: UInt32, seat name: String) -> Bool {
        guard let seat = seat(named: name), pointerGestures.active[name] == nil,
              let surface = seat.pointerFocus, surface.resource.isAlive else { return false }
        let listeners = pointerGestureObjects(kind, seat: seat, client: surface.client)
        pointerGestures.active[name] = ActivePointerGesture(kind: kind, listeners: listeners)
        let serial = display.nextSerial
        let time = stampEventTime()
        for listener in listeners {
            listener.gesture.sendBegin(serial: serial, time: time, surface: surface.resource, fingers: fingers)
        }
        record(kind, .begin(fingers: fingers), serial: serial, time: time, recipients: listeners.count, seat: name)
        return true
    }

    private func updatePointerGesture(_ kind: PointerGestureKind, dx: Double, dy: Double, scale: Double?,
                                      rotation: Double?, seat name: String) -> Bool {
        guard seat(named: name) != nil, let active = pointerGestures.active[name], active.kind == kind else { return false }
        sendPointerGestureUpdate(kind, to: active.listeners, dx: dx, dy: dy, scale: scale, rotation: rotation,
                                 seat: name, misbehaviour: false)
        return true
    }

    private func endPointerGesture(_ kind: PointerGestureKind, cancelled: Bool, seat name: String) -> Bool {
        guard seat(named: name) != nil, let active = pointerGestures.active[name], active.kind == kind else { return false }
        pointerGestures.active[name] = nil
        sendPointerGestureEnd(kind, to: active.listeners, cancelled: cancelled, seat: name, misbehaviour: false)
        return true
    }
}

/// Sending, shared with the misbehaviour calls.
extension ScriptedCompositor {
    /// The live objects of `kind` that `client` made from one of the seat's pointers.
    func pointerGestureObjects(_ kind: PointerGestureKind, seat: SeatState, client: OpaquePointer) -> [PointerGestureObject] {
        pointerGestures.objects(kind, client: client, pointers: seat.pointers(of: client))
    }

    func sendPointerGestureUpdate(_ kind: PointerGestureKind, to listeners: [PointerGestureObject], dx: Double,
                                  dy: Double, scale: Double?, rotation: Double?, seat: String, misbehaviour: Bool) {
        let time = stampEventTime()
        let live = listeners.filter(\.isLive)
        for listener in live {
            listener.gesture.sendUpdate(time: time, dx: dx, dy: dy, scale: scale ?? 1, rotation: rotation ?? 0)
        }
        let event = SentPointerGesture.Event.update(dx: dx, dy: dy, scale: kind == .pinch ? scale ?? 1 : nil,
                                                    rotation: kind == .pinch ? rotation ?? 0 : nil)
        record(kind, event, serial: nil, time: time, recipients: live.count, seat: seat, misbehaviour: misbehaviour)
    }

    func sendPointerGestureEnd(_ kind: PointerGestureKind, to listeners: [PointerGestureObject], cancelled: Bool,
                               seat: String, misbehaviour: Bool) {
        let serial = display.nextSerial
        let time = stampEventTime()
        let live = listeners.filter(\.isLive)
        for listener in live { listener.gesture.sendEnd(serial: serial, time: time, cancelled: cancelled) }
        record(kind, .end(cancelled: cancelled), serial: serial, time: time, recipients: live.count, seat: seat,
               misbehaviour: misbehaviour)
    }

    private func record(_ kind: PointerGestureKind, _ event: SentPointerGesture.Event, serial: UInt32?, time: UInt32,
                        recipients: Int, seat: String, misbehaviour: Bool = false) {
        pointerGestures.sent.append(SentPointerGesture(seat: seat, kind: kind, event: event, serial: serial, time: time,
                                                       recipients: recipients, isMisbehaviour: misbehaviour))
        display.flush()
    }
}
