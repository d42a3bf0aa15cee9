/// `zwp_pointer_gestures_v1`: touchpad swipes, pinches and holds, for the gesture recognizers.
extension TouchInputMachine {
    /// Feeds one touchpad gesture event of `seat` to ``Window/sendTouchpadGesture(_:)``, with
    /// its `time` (the event's 32-bit milliseconds) unwrapped on the seat's input clock, the
    /// clock of its touches, and its location set to where the seat's pointer is (gesture
    /// events carry none; the location given is kept if the pointer is not on the surface).
    ///
    /// ```swift
    /// // zwp_pointer_gesture_pinch_v1.end(serial, time, cancelled):
    /// input.handleTouchpadGesture(
    ///     TouchpadGesture(kind: .pinch, phase: cancelled != 0 ? .cancelled : .ended,
    ///                     fingers: fingers, location: .zero, time: 0),
    ///     time: time, seat: seat)
    /// ```
    public func handleTouchpadGesture(_ gesture: TouchpadGesture, time: UInt32, seat: SeatID) {
        let state = self.state(for: seat)
        var gesture = gesture
        gesture.time = state.timeline.seconds(for: time)
        if let location = state.pointerLocation { gesture.location = location }
        window.sendTouchpadGesture(gesture)
    }
}
