import Foundation

/// One property of one view moving from `from` to `to`, sampled by the window's clock.
@MainActor
final class PropertyAnimation {
    let from: AnimatableValue
    let to: AnimatableValue
    let startTime: TimeInterval
    let duration: TimeInterval
    let curve: TimingCurve
    let transaction: AnimationTransaction
    /// The presentation value as of the last sample; starts at `from` so the old value stays on
    /// screen until the first frame is drawn.
    private(set) var current: AnimatableValue

    init(from: AnimatableValue, to: AnimatableValue, startTime: TimeInterval,
         duration: TimeInterval, curve: TimingCurve, transaction: AnimationTransaction) {
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
        self.curve = curve
        self.transaction = transaction
        self.current = from
    }

    /// Updates `current` for `now` and answers whether the animation has reached its end.
    func sample(at now: TimeInterval) -> Bool {
        let progress = duration > 0 ? (now - startTime) / duration : 1
        if progress >= 1 {
            current = to
            return true
        }
        current = from.interpolated(to: to, fraction: curve.value(at: max(0, progress)))
        return false
    }
}
