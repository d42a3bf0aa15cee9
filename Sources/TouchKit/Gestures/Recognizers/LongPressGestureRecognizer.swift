/// Recognizes fingers held still, as `UILongPressGestureRecognizer`; continuous: `began` once
/// they have been down long enough, `changed` as they move, `ended` when one lifts.
///
/// Thresholds, UIKit's documented defaults:
/// - ``minimumPressDuration`` 0.5 s, counted from when the last required finger came down;
///   the time-out runs on the window's gesture clock, so it fires at the next input event,
///   display frame or ``Window/advanceGestures()`` after it falls due.
/// - ``allowableMovement`` 10 pt a finger may stray before the press fails; once it has begun,
///   the fingers may move freely.
/// - ``numberOfTouchesRequired`` 1 and ``numberOfTapsRequired`` 0: taps (each within the
///   movement allowance, each beginning within ``maximumIntervalBetweenTaps`` 0.35 s of the
///   last, as ``TapGestureRecognizer``'s) that must come before the press.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the fingers must stay down, still, before it begins (UIKit: 0.5).
    public var minimumPressDuration = 0.5
    /// Points a finger may stray before it begins without failing it (UIKit: 10).
    public var allowableMovement = 10.0
    /// Fingers that must press together (UIKit: 1); one more fails it.
    public var numberOfTouchesRequired = 1
    /// Taps before the press, as in tap-and-hold (UIKit: 0).
    public var numberOfTapsRequired = 0
    /// Seconds after a tap within which the next tap or the press must begin.
    public var maximumIntervalBetweenTaps = 0.35

    private var starts: [Touch: Point] = [:]
    private var mostFingers = 0
    private var tapsDone = 0

    /// Starts the press's clock once the required fingers are down; a finger too many fails a press
    /// not yet begun, and is ignored by one under way.
    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        if starts.isEmpty {
            cancelTimeouts()
            mostFingers = 0
        }
        for touch in touches {
            if state.isInProgress || starts.count >= numberOfTouchesRequired {
                // A finger beyond those required: a press that began keeps going without it.
                if state == .possible { state = .failed }
                ignore(touch, for: event)
                continue
            }
            starts[touch] = touch.location(in: nil)
        }
        mostFingers = max(mostFingers, starts.count)
        guard state == .possible, tapsDone >= numberOfTapsRequired,
              starts.count == numberOfTouchesRequired else { return }
        let downAt = touches.map(\.timestamp).max() ?? currentTime
        scheduleTimeout(at: downAt + minimumPressDuration) { [weak self] in
            guard let self, state == .possible else { return }
            state = .began
        }
    }

    /// Straying fails a press still waiting; a press under way follows the fingers.
    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if state.isInProgress {
            state = .changed
        } else if touches.contains(where: strayed) {
            state = .failed
        }
    }

    /// Ends a press under way; before that, a lift is either one of the required taps or a press
    /// too short.
    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if state.isInProgress {
            state = .ended
            return
        }
        if touches.contains(where: strayed) || tapsDone >= numberOfTapsRequired {
            // Lifted before the press was long enough.
            state = .failed
            return
        }
        for touch in touches { starts[touch] = nil }
        guard starts.isEmpty else { return }
        guard mostFingers == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsDone += 1
        let lifted = touches.map(\.timestamp).max() ?? currentTime
        scheduleTimeout(at: lifted + maximumIntervalBetweenTaps) { [weak self] in self?.state = .failed }
    }

    /// The system took the fingers: a press under way is cancelled, a waiting one fails.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = state.isInProgress ? .cancelled : .failed
    }

    /// Forgets the fingers and the taps counted.
    open override func reset() {
        super.reset()
        starts.removeAll()
        mostFingers = 0
        tapsDone = 0
    }

    private func strayed(_ touch: Touch) -> Bool {
        guard let start = starts[touch] else { return false }
        return touch.location(in: nil).distance(to: start) > allowableMovement
    }
}
