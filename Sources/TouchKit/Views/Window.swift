import Foundation

/// The root of a view tree, after `UIWindow`: it owns the clock that drives animations and is
/// the single funnel through which every touch delivery reaches a view.
@MainActor
open class Window: View {
    /// Monotonic seconds. Injected so tests advance time by hand instead of sleeping.
    public let clock: () -> TimeInterval

    /// Incremented by every visible change in the tree (geometry, appearance, hierarchy,
    /// animation progress, `setNeedsDisplay()`), so a renderer can skip identical frames.
    public private(set) var changeCount: UInt64 = 0

    var animatingViews: [View] = []
    private var pendingCompletions: [AnimationTransaction] = []

    /// Touches that began in this window and have not ended yet, bound to a view or not;
    /// the binding rules need to know who is tracking what.
    var trackedTouches: [Touch] = []
    private var ignoringDepth = 0

    public init(frame: Rect, clock: @escaping () -> TimeInterval = MonotonicClock.now) {
        self.clock = clock
        super.init(frame: frame)
    }

    func noteVisualChange() {
        changeCount &+= 1
    }

    // MARK: Animation completions

    var hasPendingCompletions: Bool { !pendingCompletions.isEmpty }

    func enqueueCompletion(_ transaction: AnimationTransaction) {
        pendingCompletions.append(transaction)
    }

    func runPendingCompletions() {
        let due = pendingCompletions
        pendingCompletions.removeAll()
        for transaction in due { transaction.complete() }
    }

    // MARK: Ignoring interaction

    /// True between balanced begin/end calls: touches beginning meanwhile are bound to no view
    /// (for the rest of their life), as UIKit's `beginIgnoringInteractionEvents`.
    public var isIgnoringInteractionEvents: Bool { ignoringDepth > 0 }

    public func beginIgnoringInteractionEvents() {
        ignoringDepth += 1
    }

    public func endIgnoringInteractionEvents() {
        ignoringDepth = max(0, ignoringDepth - 1)
    }

    // MARK: The funnel

    /// Binds newly began touches to views and calls each view's handler once per phase with that
    /// view's touches. Override to watch every event; call `super` or no view hears anything.
    ///
    /// Binding happens once, when a touch is first seen in phase `began`: the view is
    /// `hitTest(_:with:)` at its location, unless the window ignores interaction, the view
    /// already holds a touch and `isMultipleTouchEnabled` is false, or `isExclusiveTouch` forbids
    /// it — then the touch is bound to no view and is never dispatched. `stationary` touches are
    /// never dispatched. Phases are dispatched in the order began, moved, ended, cancelled.
    open func sendEvent(_ event: TouchEvent) {
        let touches = event.allTouches.filter { $0.window == nil || $0.window === self }
            .sorted { $0.number < $1.number }
        for touch in touches where touch.phase == .began && !touch.isRouted {
            route(touch, with: event)
        }
        for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
            for (view, viewTouches) in Self.group(touches, in: phase) {
                switch phase {
                case .began: view.touchesBegan(viewTouches, with: event)
                case .moved: view.touchesMoved(viewTouches, with: event)
                case .ended: view.touchesEnded(viewTouches, with: event)
                case .cancelled: view.touchesCancelled(viewTouches, with: event)
                case .stationary: break
                }
            }
        }
        trackedTouches.removeAll { $0.phase.isTerminal && event.allTouches.contains($0) }
    }

    private func route(_ touch: Touch, with event: TouchEvent) {
        touch.isRouted = true
        touch.window = self
        let others = trackedTouches.compactMap(\.view)
        trackedTouches.append(touch)
        guard !isIgnoringInteractionEvents,
              let hit = hitTest(touch.location(in: self), with: event) else { return }
        if !hit.isMultipleTouchEnabled, others.contains(where: { $0 === hit }) { return }
        if hit.isExclusiveTouch, others.contains(where: { $0 !== hit }) { return }
        if others.contains(where: { $0.isExclusiveTouch && $0 !== hit }) { return }
        touch.view = hit
    }

    /// Touches of one phase grouped by their view, views in order of their lowest touch number.
    private static func group(_ touches: [Touch], in phase: TouchPhase) -> [(View, Set<Touch>)] {
        var groups: [(View, Set<Touch>)] = []
        for touch in touches where touch.phase == phase {
            guard let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.0 === view }) {
                groups[index].1.insert(touch)
            } else {
                groups.append((view, [touch]))
            }
        }
        return groups
    }
}
