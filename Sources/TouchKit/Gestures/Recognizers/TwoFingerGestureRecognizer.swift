/// The measure a ``TwoFingerGestureRecognizer`` follows (the scale, or the angle), kept across
/// fingers joining and lifting, its velocity, and the moves between states.
@MainActor
final class TwoFingerGesture {
    /// The scale combines by multiplying (1 is no change); the angle by adding (0 is none).
    enum Measure {
        case scale
        case rotation

        var identity: Double { self == .scale ? 1 : 0 }

        func combine(_ a: Double, _ b: Double) -> Double { self == .scale ? a * b : a + b }
    }

    let measure: Measure
    /// How far the measure must go before the gesture begins (points of distance for a
    /// pinch, radians for a rotation).
    var hysteresis: Double
    private let tracker = TwoFingerTransformTracker()
    /// The measure carried over from before the fingers last changed (and from the setter).
    private var carried: Double
    /// The tracker's measure since the fingers last changed.
    private var current: Double
    private var velocityFit = GestureVelocity()

    init(_ measure: Measure, hysteresis: Double) {
        self.measure = measure
        self.hysteresis = hysteresis
        carried = measure.identity
        current = measure.identity
    }

    /// The measure since the gesture began. Setting it (to 1 or 0 in an action, for the step
    /// since the last one) keeps what the fingers do next relative to the new value.
    var value: Double {
        get { measure.combine(carried, current) }
        set {
            switch measure {
            case .scale: carried = current > 0 && newValue.isFinite ? newValue / current : 1
            case .rotation: carried = newValue.isFinite ? newValue - current : 0
            }
        }
    }

    /// The measure's rate of change per second, over the last 100 ms.
    func velocity(at now: Double) -> Double { velocityFit.velocity(at: now).x }

    /// A finger joined: the measure is re-based, keeping what it is so far.
    func began(_ touches: Set<Touch>) {
        rebase { tracker.began(touches, in: nil) }
    }

    /// The fingers moved: the new measure, and the state it takes the recognizer to (nil: it
    /// stays), beginning only past the hysteresis.
    func moved(_ touches: Set<Touch>, from state: GestureRecognizer.State, now: Double) -> GestureRecognizer.State? {
        guard let transform = tracker.transform(in: nil) else { return nil }
        current = measure == .scale ? transform.scale : transform.rotation
        velocityFit.add(Point(x: value, y: 0), at: touches.map(\.timestamp).max() ?? now)
        if state == .possible {
            let moved: Double
            switch measure {
            case .scale:
                guard let span = tracker.beginSpan else { return nil }
                moved = span * abs(current - 1)
            case .rotation:
                moved = abs(current)
            }
            return moved > hysteresis ? .began : nil
        }
        return state.isInProgress ? .changed : nil
    }

    /// Fingers lifted: a gesture under way ends once fewer than two remain; one that never began
    /// fails when the last lifts.
    func ended(_ touches: Set<Touch>, from state: GestureRecognizer.State) -> GestureRecognizer.State? {
        rebase { tracker.ended(touches, in: nil) }
        if state.isInProgress, tracker.count < 2 { return .ended }
        if state == .possible, tracker.count == 0 { return .failed }
        return nil
    }

    /// The system took fingers: a gesture under way is cancelled, a waiting one fails.
    func cancelled(_ touches: Set<Touch>, from state: GestureRecognizer.State) -> GestureRecognizer.State {
        rebase { tracker.ended(touches, in: nil) }
        return Self.afterCancel(state)
    }

    /// A touchpad pinch event: its scale is the scale since its start, its rotation a step in
    /// degrees clockwise; an update begins or changes the gesture, its end ends or (when the
    /// compositor cancelled it) cancels it, and fails one that never began.
    func touchpad(_ gesture: TouchpadGesture, from state: GestureRecognizer.State) -> GestureRecognizer.State? {
        if gesture.phase == .changed {
            switch measure {
            case .scale: current = gesture.scale.isFinite && gesture.scale > 0 ? gesture.scale : current
            case .rotation: if gesture.rotation.isFinite { current += gesture.rotation * .pi / 180 }
            }
        }
        if gesture.phase == .began || gesture.phase == .changed {
            velocityFit.add(Point(x: value, y: 0), at: gesture.time)
        }
        switch gesture.phase {
        case .began: return nil
        case .changed: return state == .possible ? .began : .changed
        case .ended: return state.isInProgress ? .ended : .failed
        case .cancelled: return Self.afterCancel(state)
        }
    }

    /// Back to no change for the next gesture.
    func reset() {
        tracker.removeAll()
        carried = measure.identity
        current = measure.identity
        velocityFit.reset()
    }

    private static func afterCancel(_ state: GestureRecognizer.State) -> GestureRecognizer.State {
        state.isInProgress ? .cancelled : .failed
    }

    /// The fingers change: what they did so far is carried into the measure.
    private func rebase(_ change: () -> Void) {
        carried = measure.combine(carried, current)
        current = measure.identity
        change()
    }
}

/// What Pinch and Rotation share: a continuous recognizer that follows two fingers (or a
/// touchpad pinch) and one measure of them, kept through fingers joining and lifting, with its
/// velocity. It needs two fingers; it begins once the measure has moved past ``hysteresis``,
/// ends when fewer than two fingers remain, and fails if they lift before it began; the system
/// cancelling the fingers cancels it (or fails it, not yet begun). UIKit has no such class: it
/// exists so the two recognizers cannot drift apart. Use ``PinchGestureRecognizer`` or
/// ``RotationGestureRecognizer``.
open class TwoFingerGestureRecognizer: GestureRecognizer {
    /// Which measure a subclass follows, and how far it must move before the gesture begins.
    class var measure: TwoFingerGesture.Measure { .scale }
    class var defaultHysteresis: Double { 10 }

    lazy var gesture = TwoFingerGesture(Self.measure, hysteresis: Self.defaultHysteresis)

    /// How far the measure must move before the gesture begins: points of distance between the
    /// fingers for a pinch, radians of turn for a rotation.
    public var hysteresis: Double {
        get { gesture.hysteresis }
        set { gesture.hysteresis = newValue }
    }

    /// The measure's rate of change per second, over the last 100 ms.
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

    /// Takes every touchpad pinch, whatever its finger count: its scale drives a pinch, its
    /// rotation a rotation.
    open override func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool {
        kind == .pinch
    }

    /// The touchpad's pinch updates the measure; its end ends or (when cancelled) cancels it.
    open override func touchpadGesture(_ gesture: TouchpadGesture) {
        if let next = self.gesture.touchpad(gesture, from: state) { state = next }
    }

    /// Back to no change for the next gesture.
    open override func reset() {
        super.reset()
        gesture.reset()
    }
}
