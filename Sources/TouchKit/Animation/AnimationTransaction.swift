import Foundation

/// The animations started by one `View.animate` call, so its completion runs once, after the
/// last of them stops, with `true` only if none was interrupted.
@MainActor
final class AnimationTransaction {
    struct Change {
        let view: View
        let property: AnimatableProperty
        let from: AnimatableValue
    }

    let duration: TimeInterval
    let curve: TimingCurve
    private let completion: ((Bool) -> Void)?
    private var changes: [Change] = []
    private var running = 0
    private var allFinished = true
    private var completed = false
    /// Where the completion is queued; the window whose clock drives these animations.
    private weak var window: Window?

    init(duration: TimeInterval, curve: TimingCurve, completion: ((Bool) -> Void)?) {
        self.duration = duration
        self.curve = curve
        self.completion = completion
    }

    /// Remembers the value before the first change of a property inside the block; later
    /// changes of the same property in the same block only move the target.
    func record(_ view: View, _ property: AnimatableProperty, from value: AnimatableValue) {
        guard !changes.contains(where: { $0.view === view && $0.property == property }) else { return }
        changes.append(Change(view: view, property: property, from: value))
    }

    /// Turns the recorded changes into running animations once the block has returned.
    /// Views outside a window have no clock, so their changes apply at once.
    func commit() {
        for change in changes {
            let view = change.view
            let target = view.modelValue(for: change.property)
            if let window = view.window, duration > 0, change.from != target {
                let animation = PropertyAnimation(from: change.from, to: target,
                                                  startTime: window.clock(), duration: duration,
                                                  curve: curve, transaction: self)
                running += 1
                self.window = window
                view.install(animation, for: change.property, in: window)
            } else {
                view.removeAnimation(for: change.property, finished: false)
            }
        }
        changes.removeAll()
        if running == 0 {
            // Nothing to wait for: UIKit would call back on the next run-loop turn; we have no
            // run loop here, and the block has returned, so calling now is equally safe.
            complete()
        }
    }

    /// Called once per animation when it reaches its end (`finished`) or is interrupted.
    func animationDidStop(finished: Bool) {
        running -= 1
        if !finished { allFinished = false }
        guard running == 0 else { return }
        // Deferred to the window's next `advanceAnimations()` so a completion never runs in the
        // middle of a touch handler that happened to interrupt an animation.
        window?.enqueueCompletion(self)
    }

    func complete() {
        guard !completed else { return }
        completed = true
        completion?(allFinished)
    }
}
