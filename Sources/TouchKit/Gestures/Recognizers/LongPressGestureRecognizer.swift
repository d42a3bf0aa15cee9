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
    public var minimumPressDuration = 0.5
    public var allowableMovement = 10.0
    public var numberOfTouchesRequired = 1
    public var numberOfTapsRequired = 0
    public var maximumIntervalBetweenTaps = 0.35

    private var starts: [Touch: Point] = [:]
    private var mostFingers = 0
    private var tapsDone = 0

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

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if state.isInProgress {
            state = .changed
        } else if touches.contains(where: strayed) {
            state = .failed
        }
    }

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

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = state.isInProgress ? .cancelled : .failed
    }

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
