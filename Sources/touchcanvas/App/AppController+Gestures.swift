import TouchCanvasApp
import TouchKit

/// Gesture recognizers in the shell: one deadline for their time-outs, and `--log gestures`.
extension AppController {
    func connectGestures() {
        if options.log.contains(.gestures) {
            session.onGestureStateChange = { [unowned self] recognizer, state in
                StandardOutput.writeLine(GestureLog.line(for: recognizer, state: state, time: session.window.gestureTime))
            }
        }
    }

    /// Arms the deadline of the recognizers' next time-out (a double tap's wait, a long press),
    /// after every batch of events and every frame: the window's clock is the app's clock.
    func armGestureDeadline() {
        guard let due = session.nextGestureDeadline else { return }
        deadlines.reschedule(.gestureTimeout, after: max(0, due - session.window.clock()))
    }
}
