/// Recognises a double tap from UIKit's own tap count, as the MoveMe sample does: a touch
/// whose `tapCount` reaches `requiredTaps` (the taps come within `TouchInputMachine`'s tap
/// interval and distance of each other, so no timer is needed here).
///
/// ```swift
/// let doubleTap = DoubleTapDetector()
/// override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
///     if touches.contains(where: doubleTap.isComplete) { cycleLanguage() }
/// }
/// ```
public struct DoubleTapDetector: Sendable {
    /// 2 for a double tap, 3 for a triple one.
    public var requiredTaps: Int

    /// A detector for `requiredTaps` taps in a row: 2 for a double tap.
    public init(requiredTaps: Int = 2) {
        self.requiredTaps = requiredTaps
    }

    /// True for the touch that completes the taps: it ended (was not cancelled) with the count.
    @MainActor
    public func isComplete(_ touch: Touch) -> Bool {
        touch.phase == .ended && touch.tapCount == requiredTaps
    }
}
