/// How Pinch and Rotation, the two recognizers that follow two fingers (or a touchpad pinch),
/// move between states when fingers lift, the system cancels, or the touchpad pinch ends: one
/// rule for both, so they cannot drift apart. Each answers nil when the state stays.
enum TwoFingerGestureStates {
    /// Fingers lifted and `remaining` are left: a gesture under way ends once fewer than two
    /// remain; one that never began fails when the last lifts.
    static func afterLift(_ state: GestureRecognizer.State, remaining: Int) -> GestureRecognizer.State? {
        if state.isInProgress, remaining < 2 { return .ended }
        if state == .possible, remaining == 0 { return .failed }
        return nil
    }

    /// The system took fingers: a gesture under way is cancelled, a waiting one fails.
    static func afterCancel(_ state: GestureRecognizer.State) -> GestureRecognizer.State {
        state.isInProgress ? .cancelled : .failed
    }

    /// A touchpad pinch event: an update begins or changes it; its end ends or (when the
    /// compositor cancelled it) cancels it, and fails one that never began.
    static func after(_ phase: TouchpadGesture.Phase, from state: GestureRecognizer.State) -> GestureRecognizer.State? {
        switch phase {
        case .began: nil
        case .changed: state == .possible ? .began : .changed
        case .ended: state.isInProgress ? .ended : .failed
        case .cancelled: afterCancel(state)
        }
    }
}
