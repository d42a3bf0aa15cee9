import Foundation

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
    /// Radians the fingers must turn before it begins (see the class's thresholds).
    public var hysteresis = 0.1
    private let tracker = TwoFingerTransformTracker()
    private var carried = 0.0
    private var current = 0.0
    private var velocityFit = GestureVelocity()

    /// Radians turned since the gesture began, positive clockwise.
    public var rotation: Double {
        get { carried + current }
        set { carried = newValue.isFinite ? newValue - current : 0 }
    }

    /// Radians per second, over the last 100 ms.
    public var velocity: Double {
        velocityFit.velocity(at: currentTime).x
    }

    /// A finger joining re-bases the measure, keeping the rotation so far.
    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        rebase { tracker.began(touches, in: nil) }
    }

    /// Updates the rotation; past the hysteresis, begins.
    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let transform = tracker.transform(in: nil) else { return }
        current = transform.rotation
        velocityFit.add(Point(x: rotation, y: 0), at: touches.map(\.timestamp).max() ?? currentTime)
        if state == .possible {
            guard abs(current) > hysteresis else { return }
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

    /// The system took fingers: a rotation under way is cancelled, a waiting one fails.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        rebase { tracker.ended(touches, in: nil) }
        state = TwoFingerGestureStates.afterCancel(state)
    }

    /// Takes every touchpad pinch: its rotation drives this recognizer.
    open override func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool {
        kind == .pinch
    }

    /// Sums the touchpad's rotation steps; its end ends or (when cancelled) cancels it.
    open override func touchpadGesture(_ gesture: TouchpadGesture) {
        switch gesture.phase {
        case .began:
            velocityFit.add(Point(x: rotation, y: 0), at: gesture.time)
        case .changed:
            if gesture.rotation.isFinite { current += gesture.rotation * .pi / 180 }
            velocityFit.add(Point(x: rotation, y: 0), at: gesture.time)
        case .ended, .cancelled:
            break
        }
        if let next = TwoFingerGestureStates.after(gesture.phase, from: state) { state = next }
    }

    /// Back to no rotation for the next gesture.
    open override func reset() {
        super.reset()
        tracker.removeAll()
        carried = 0
        current = 0
        velocityFit.reset()
    }

    private func rebase(_ change: () -> Void) {
        carried += current
        current = 0
        change()
    }
}
