/// Follows two fingers turning, as `UIRotationGestureRecognizer`; continuous.
///
/// ``rotation`` is in radians, positive clockwise on screen (y grows downwards), summed since
/// the fingers came down and kept through fingers joining and lifting
/// (``TwoFingerTransformTracker`` re-bases). Set it back to 0 in the action to get the step
/// since the last one.
///
/// Thresholds:
/// - ``TwoFingerGestureRecognizer/hysteresis`` 0.1 rad (about 6°) of turn before it begins. UIKit documents none; a
///   tenth of a radian is well above the wobble of two fingers pinching straight, and at the
///   fingers' usual 50–150 pt apart it is 5–15 pt of arc, near TouchKit's 10 pt movement
///   threshold.
/// - It needs two fingers; it ends when fewer than two remain, and fails if they lift first.
///
/// A touchpad pinch (``Window/sendTouchpadGesture(_:)``) drives it too: its rotation, degrees
/// clockwise per event in the protocol, is summed here in radians; it begins on the first update.
open class RotationGestureRecognizer: TwoFingerGestureRecognizer {
    override class var measure: TwoFingerGesture.Measure { .rotation }
    override class var defaultHysteresis: Double { 0.1 }

    /// Radians turned since the gesture began, positive clockwise.
    public var rotation: Double {
        get { gesture.value }
        set { gesture.value = newValue }
    }
}
