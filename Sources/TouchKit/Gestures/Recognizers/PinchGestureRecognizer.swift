/// Follows two fingers spreading or closing, as `UIPinchGestureRecognizer`; continuous.
///
/// ``scale`` is the fingers' distance now over their distance when they came down, kept
/// through fingers joining and lifting (``TwoFingerTransformTracker`` re-bases, and the scale
/// so far is carried over). Set it back to 1 in the action to get the step since the last one.
///
/// Thresholds:
/// - ``TwoFingerGestureRecognizer/hysteresis`` 10 pt: the distance between the fingers must change by more than this
///   before it begins. UIKit documents none; 10 pt is TouchKit's one movement threshold
///   (taps, long presses and pans use it too), above the jitter of two resting fingers.
/// - It needs two fingers; it ends when fewer than two remain, and fails if they lift first.
///
/// A touchpad pinch (``Window/sendTouchpadGesture(_:)``) drives it too: it begins on the first
/// update and its scale is the touchpad's, relative to the gesture's start.
open class PinchGestureRecognizer: TwoFingerGestureRecognizer {
    override class var measure: TwoFingerGesture.Measure { .scale }
    override class var defaultHysteresis: Double { 10 }

    /// The scale since the gesture began: above 1 when the fingers spread.
    public var scale: Double {
        get { gesture.value }
        set { gesture.value = newValue }
    }
}
