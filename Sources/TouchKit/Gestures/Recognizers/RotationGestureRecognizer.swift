/// Follows two fingers turning, as `UIRotationGestureRecognizer`; continuous.
///
/// ``rotation`` is in radians, positive clockwise on screen (y grows downwards), summed since
/// the fingers came down and kept through fingers joining and lifting
/// (``TwoFingerTransformTracker`` re-bases). Set it back to 0 in the action to get the step
/// since the last one.
///
/// Thresholds:
/// - ``hysteresis`` 0.1 rad (about 6°) of turn before it begins. UIKit documents none; a
///   tenth of a radian is well above the wobble of two fingers pinching straight, and at the
///   fingers' usual 50–150 pt apart it is 5–15 pt of arc, near TouchKit's 10 pt movement
///   threshold.
/// - It needs two fingers; it ends when fewer than two remain, and fails if they lift first.
///
/// A touchpad pinch (``Window/sendTouchpadGesture(_:)``) drives it too: its rotation, degrees
/// clockwise per event in the protocol, is summed here in radians; it begins on the first update.
open class RotationGestureRecognizer: GestureRecognizer {
    private let gesture = TwoFingerGesture(.rotation, hysteresis: 0.1)

    /// Radians the fingers must turn before it begins (see the class's thresholds).
    public var hysteresis: Double {
        get { gesture.hysteresis }
        set { gesture.hysteresis = newValue }
    }

    /// Radians turned since the gesture began, positive clockwise.
    public var rotation: Double {
        get { gesture.value }
        set { gesture.value = newValue }
    }

    /// Radians per second, over the last 100 ms.
    public var velocity: Double { gesture.velocity(at: currentTime) }

    /// A finger joining re-bases the measure, keeping what it is so far.
    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        gesture.began(touches)
    }

    /// Updates the measure; past the hysteresis, begins.
    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if let next = gesture.moved(touches, from: state, now: currentTime) { state = next }
    }

    /// Ends when fewer than two fingers remain; fails if they lift before it began.
    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if let next = gesture.ended(touches, from: state) { state = next }
    }

    /// The system took fingers: a gesture under way is cancelled, a waiting one fails.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = gesture.cancelled(touches, from: state)
    }

    /// Takes every touchpad pinch, whatever its finger count: its rotation drives this recognizer.
    open override func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool {
        kind == .pinch
    }

    /// Sums the touchpad's rotation steps; its end ends or (when cancelled) cancels it.
    open override func touchpadGesture(_ gesture: TouchpadGesture) {
        if let next = self.gesture.touchpad(gesture, from: state) { state = next }
    }

    /// Back to no rotation for the next gesture.
    open override func reset() {
        super.reset()
        gesture.reset()
    }
}
