/// Follows two fingers spreading or closing, as `UIPinchGestureRecognizer`; continuous.
///
/// ``scale`` is the fingers' distance now over their distance when they came down, kept
/// through fingers joining and lifting (``TwoFingerTransformTracker`` re-bases, and the scale
/// so far is carried over). Set it back to 1 in the action to get the step since the last one.
///
/// Thresholds:
/// - ``hysteresis`` 10 pt: the distance between the fingers must change by more than this
///   before it begins. UIKit documents none; 10 pt is TouchKit's one movement threshold
///   (taps, long presses and pans use it too), above the jitter of two resting fingers.
/// - It needs two fingers; it ends when fewer than two remain, and fails if they lift first.
///
/// A touchpad pinch (``Window/sendTouchpadGesture(_:)``) drives it too: it begins on the first
/// update and its scale is the touchpad's, relative to the gesture's start.
open class PinchGestureRecognizer: GestureRecognizer {
    private let gesture = TwoFingerGesture(.scale, hysteresis: 10)

    /// Points the fingers' distance must change by before it begins (see the class's thresholds).
    public var hysteresis: Double {
        get { gesture.hysteresis }
        set { gesture.hysteresis = newValue }
    }

    /// The scale since the gesture began: above 1 when the fingers spread.
    public var scale: Double {
        get { gesture.value }
        set { gesture.value = newValue }
    }

    /// The scale's rate of change per second, over the last 100 ms.
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

    /// Takes every touchpad pinch, whatever its finger count: its scale drives this recognizer.
    open override func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool {
        kind == .pinch
    }

    /// The touchpad's scale becomes the scale; its end ends or (when cancelled) cancels it.
    open override func touchpadGesture(_ gesture: TouchpadGesture) {
        if let next = self.gesture.touchpad(gesture, from: state) { state = next }
    }

    /// Back to scale 1 for the next gesture.
    open override func reset() {
        super.reset()
        gesture.reset()
    }
}
