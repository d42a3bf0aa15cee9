import TouchKit

/// Gesture recognizers in the session: touchpad gestures in (recorded as all input is), and
/// every recognizer's state change out, for `--log gestures` and the HUD.
extension AppSession {
    /// A touchpad swipe, pinch or hold of `seat` (`zwp_pointer_gestures_v1`), at the event's
    /// 32-bit milliseconds; its location is where the seat's pointer is.
    public func handle(_ gesture: TouchpadGesture, time: UInt32, seat: SeatID) {
        recorder?.touchpadGesture(gesture, time: time, seat: seat)
        observer?.touchpadGesture(gesture, seat: seat)
        inspector.noteInputEvent(isFrame: false)
        input.handleTouchpadGesture(gesture, time: time, seat: seat)
        setNeedsDisplay()
    }

    /// Fires the recognizers' time-outs that are due (a double tap that never came, a long
    /// press held long enough): the shell calls it at ``nextGestureDeadline``.
    public func advanceGestures() {
        // Recorded, so a replay fires them at the same time, not at its next display frame or
        // event: a long press at the end of a session has neither after it.
        recorder?.gestureTimeoutsFired()
        window.advanceGestures()
        setNeedsDisplay()
    }

    /// When the next recognizer time-out is due, in seconds on the window's clock; nil when none
    /// waits.
    public var nextGestureDeadline: Double? { window.nextGestureDeadline }
}
