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
    /// Points the fingers' distance must change by before it begins (see the class's thresholds).
    public var hysteresis = 10.0
    private let tracker = TwoFingerTransformTracker()
    /// The scale carried over from before the fingers last changed (and from `scale`'s setter).
    private var carried = 1.0
    /// The tracker's scale since the fingers last changed.
    private var current = 1.0
    private var velocityFit = GestureVelocity()

    /// The scale since the gesture began: above 1 when the fingers spread.
    public var scale: Double {
        get { carried * current }
        set { carried = current > 0 && newValue.isFinite ? newValue / current : 1 }
    }

    /// The scale's rate of change per second, over the last 100 ms.
    public var velocity: Double {
        velocityFit.velocity(at: currentTime).x
    }

    /// A finger joining re-bases the measure, keeping the scale so far.
    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        rebase { tracker.began(touches, in: nil) }
    }

    /// Updates the scale; past the hysteresis, begins.
    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let transform = tracker.transform(in: nil) else { return }
        current = transform.scale
        velocityFit.add(Point(x: scale, y: 0), at: touches.map(\.timestamp).max() ?? currentTime)
        if state == .possible {
            guard let span = tracker.beginSpan, span * abs(current - 1) > hysteresis else { return }
            state = .began
        } else if state.isInProgress {
            state = .changed
        }
    }

    /// Ends when fewer than two fingers remain; fails if they lift before it began.
    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        rebase { tracker.ended(touches, in: nil) }
        if let next = TwoFingerGestureStates.afterLift(state, remaining: tracker.count) { state = next }
    }

    /// The system took fingers: a pinch under way is cancelled, a waiting one fails.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        rebase { tracker.ended(touches, in: nil) }
        state = TwoFingerGestureStates.afterCancel(state)
    }

    /// Takes every touchpad pinch, whatever its finger count.
    open override func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool {
        kind == .pinch
    }

    /// The touchpad's scale becomes the scale; its end ends or (when cancelled) cancels it.
    open override func touchpadGesture(_ gesture: TouchpadGesture) {
        switch gesture.phase {
        case .began:
            velocityFit.add(Point(x: scale, y: 0), at: gesture.time)
        case .changed:
            current = gesture.scale.isFinite && gesture.scale > 0 ? gesture.scale : current
            velocityFit.add(Point(x: scale, y: 0), at: gesture.time)
        case .ended, .cancelled:
            break
        }
        if let next = TwoFingerGestureStates.after(gesture.phase, from: state) { state = next }
    }

    /// Back to scale 1 for the next pinch.
    open override func reset() {
        super.reset()
        tracker.removeAll()
        carried = 1
        current = 1
        velocityFit.reset()
    }

    /// The fingers change: what they did so far is carried into the scale.
    private func rebase(_ change: () -> Void) {
        carried *= current
        current = 1
        change()
    }
}
