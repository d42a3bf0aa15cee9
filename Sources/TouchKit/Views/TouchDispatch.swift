/// The working storage of `Window.sendEvent(_:)`: the event's touches in order, and for one
/// phase at a time the views to call with the set of their touches.
///
/// Kept by the window and emptied with `removeAll(keepingCapacity:)` after each use, so that a
/// steady stream of deliveries allocates nothing: the arrays, and the `Set<Touch>` handed to
/// each handler, are storage from earlier deliveries. A handler that keeps its set gets to keep
/// it unchanged; the next delivery then allocates a new one in its place.
@MainActor
struct TouchDispatch {
    /// The phases that are dispatched, in dispatch order (`stationary` never is).
    static let phases: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    /// One view's touches in the phase being dispatched.
    struct Group {
        var view: View?
        var touches: Set<Touch>
    }

    /// The event's touches that belong to the window, in order of their number.
    private(set) var touches: [Touch] = []
    private var groups: [Group] = []
    /// How many of `groups` the current phase uses; the rest keep their storage for later.
    private(set) var groupCount = 0

    /// Loads the touches of `event` that belong to `window` (or to no window yet), ordered by
    /// number. Insertion into place rather than a sort: the standard sort allocates a buffer
    /// beyond 20 elements, and a delivery holds a handful of touches.
    mutating func load(_ event: TouchEvent, for window: Window) {
        touches.removeAll(keepingCapacity: true)
        for touch in event.allTouches where touch.window == nil || touch.window === window {
            let index = touches.firstIndex { $0.number > touch.number } ?? touches.endIndex
            touches.insert(touch, at: index)
        }
    }

    /// Groups the loaded touches in `phase` by their view, views in order of their lowest touch
    /// number; touches bound to no view, and those `isExcluded` (held back by the gesture
    /// arena), are left out.
    mutating func group(_ phase: TouchPhase, excluding isExcluded: (Touch) -> Bool = { _ in false }) {
        for touch in touches where touch.phase == phase && !isExcluded(touch) {
            guard let view = touch.view else { continue }
            if let index = groupIndex(of: view) {
                groups[index].touches.insert(touch)
            } else if groupCount < groups.count {
                groups[groupCount].view = view
                groups[groupCount].touches.insert(touch)
                groupCount += 1
            } else {
                groups.append(Group(view: view, touches: [touch]))
                groupCount += 1
            }
        }
    }

    private func groupIndex(of view: View) -> Int? {
        for index in 0..<groupCount where groups[index].view === view { return index }
        return nil
    }

    /// The `index`-th group of the current phase.
    func group(at index: Int) -> (view: View, touches: Set<Touch>)? {
        guard index < groupCount, let view = groups[index].view else { return nil }
        return (view, groups[index].touches)
    }

    /// Empties the groups, keeping their storage, and lets go of their views and touches.
    mutating func clearGroups() {
        for index in 0..<groupCount {
            groups[index].view = nil
            groups[index].touches.removeAll(keepingCapacity: true)
        }
        groupCount = 0
    }

    /// Lets go of everything, keeping the storage.
    mutating func clear() {
        clearGroups()
        touches.removeAll(keepingCapacity: true)
    }
}
