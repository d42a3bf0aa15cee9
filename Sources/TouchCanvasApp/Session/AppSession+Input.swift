import TouchKit

/// Fingers, the mouse and seats reach the session here: recorded, counted for the inspector,
/// watched by the check, and handed to the input machine (pens are in AppSession+Pen.swift,
/// touchpad gestures in AppSession+Gestures.swift).
extension AppSession {
    public func handle(_ touch: RawTouchInput, seat: SeatID) {
        recorder?.touch(touch, seat: seat)
        inspector.noteInputEvent(isFrame: touch == .frame)
        observer?.received(touch, seat: seat)
        input.handle(touch, seat: seat)
        setNeedsDisplay()
    }

    public func handle(_ pointer: RawPointerInput, seat: SeatID) {
        recorder?.pointer(pointer, seat: seat)
        inspector.noteInputEvent(isFrame: false)
        input.handle(pointer, seat: seat)
        setNeedsDisplay()
    }

    public func setSeatName(_ name: String, for seat: SeatID) {
        recorder?.seatName(name, for: seat)
        input.setSeatName(name, for: seat)
    }

    /// The seat lost its touch device: what it had down is cancelled.
    public func touchCapabilityLost(seat: SeatID) {
        recorder?.touchCapabilityLost(seat: seat)
        input.touchCapabilityLost(seat: seat)
        setNeedsDisplay()
    }

    public func pointerCapabilityLost(seat: SeatID) {
        recorder?.pointerCapabilityLost(seat: seat)
        input.pointerCapabilityLost(seat: seat)
        setNeedsDisplay()
    }

    public func seatRemoved(_ seat: SeatID) {
        recorder?.seatRemoved(seat)
        input.seatRemoved(seat)
        setNeedsDisplay()
    }

    /// Delivers input still waiting for a `frame` that did not come (GNOME sends none after the
    /// last up); false when nothing was waiting.
    @discardableResult
    public func flushPendingInput() -> Bool {
        guard input.hasPendingInput else { return false }
        recorder?.flushedPendingInput()
        input.flushPendingInput()
        setNeedsDisplay()
        return true
    }

    /// Reports touches silent for too long; true while touches are active (check again later).
    public func checkForStuckTouches() -> Bool {
        input.checkForStuckTouches()
        guard input.activeTouchCount > 0 else { return false }
        refreshHUD()  // the ages go on while fingers rest
        return true
    }
}
