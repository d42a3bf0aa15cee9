import Foundation

/// The root of a view tree, after `UIWindow`: it owns the clock that drives animations and is
/// the single funnel through which every touch delivery reaches a view.
///
/// Make one per surface, add your views to it, and give it to a ``TouchInputMachine``; each
/// display frame call ``advanceAnimations()`` before drawing (it also fires the gesture
/// recognizers' time-outs; between frames, arm a timer at ``nextGestureDeadline`` and call
/// ``advanceGestures()``). The window is also a ``View``: it is the root of hit-testing and
/// its coordinates are the surface's.
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
/// window.addSubview(MyTouchView(frame: window.bounds))
/// let input = TouchInputMachine(window: window)
/// // for every wl_touch event: input.handle(raw, seat: seat)
/// // every display frame: input.deliverHeldMoves(); window.advanceAnimations(); draw
/// ```
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
    /// `sendEvent`'s storage, reused from one delivery to the next.
    private var dispatch = TouchDispatch()
    /// The referee between gesture recognizers and views; consulted only for touches that
    /// recognizers took.
    lazy var gestureArena = GestureArena(window: self)
    /// The hover recognizers each hovering pointer or tool is over (``sendHover(_:at:distance:)``).
    var hoveringRecognizers: [HoverSource: [HoverGestureRecognizer]] = [:]

    /// A window covering `frame`, its animations timed by `clock`.
    ///
    /// The app makes one per Wayland surface, at the surface's logical size, and hands it to a
    /// ``TouchInputMachine``. Tests pass a clock they advance by hand, so animations and their
    /// completions run without sleeping.
    ///
    /// ```swift
    /// var now = 0.0
    /// let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600), clock: { now })
    /// ```
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

    /// True between balanced begin/end calls on this window or on ``Application/shared``:
    /// touches beginning meanwhile are bound to no view (for the rest of their life), as UIKit's
    /// `beginIgnoringInteractionEvents`.
    public var isIgnoringInteractionEvents: Bool {
        ignoringDepth > 0 || Application.shared.isIgnoringInteractionEvents
    }

    /// Stops this window binding new touches until the matching ``endIgnoringInteractionEvents()``.
    ///
    /// Touches that begin meanwhile reach no view for their whole life; bound touches go on.
    /// Calls nest. Use ``Application/beginIgnoringInteractionEvents()`` for every window at once.
    public func beginIgnoringInteractionEvents() {
        ignoringDepth += 1
    }

    /// Balances one ``beginIgnoringInteractionEvents()``; extra calls are ignored, the count never
    /// goes below zero.
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
    ///
    /// Gesture recognizers (``View/addGestureRecognizer(_:)``) of the hit view and its ancestors
    /// take a touch when it begins, even one the view declines for `isMultipleTouchEnabled`.
    /// Such touches go to the recognizers first, every phase, and then to the view, less what
    /// the recognizers keep from it: a recognizer that recognizes with `cancelsTouchesInView`
    /// sends the view `touchesCancelled` and nothing more; `delaysTouchesBegan` holds the view's
    /// `touchesBegan` until the recognizer fails (and drops it if it recognizes);
    /// `delaysTouchesEnded` holds `touchesEnded` until it decides. Held deliveries arrive later
    /// in an event of their own, with no coalesced samples. Recognizer time-outs due by the
    /// event's timestamp fire before it is dispatched. Touches no recognizer took, and every
    /// touch of a tree without recognizers, are dispatched exactly as described above.
    ///
    /// The sets handed to the handlers are valid during the call, as in UIKit; they are reused
    /// by later deliveries unless the handler keeps them (see `TouchDispatch`).
    ///
    /// ```swift
    /// final class LoggingWindow: Window {
    ///     override func sendEvent(_ event: TouchEvent) {
    ///         for touch in event.allTouches where touch.phase != .stationary {
    ///             print(touch.number, touch.phase.name, touch.location(in: nil))
    ///         }
    ///         super.sendEvent(event)
    ///     }
    /// }
    /// ```
    open func sendEvent(_ event: TouchEvent) {
        // Taken out of the window for the length of the dispatch: a handler that sends another
        // event meanwhile gets storage of its own instead of emptying this.
        var dispatch = TouchDispatch()
        swap(&dispatch, &self.dispatch)
        defer {
            dispatch.clear()
            self.dispatch = dispatch
        }
        dispatch.load(event, for: self)
        // Time-outs that fell due before this event fire first (a late second tap meets a
        // double tap that already failed).
        gestureArena.eventArrived(at: event.timestamp)
        for touch in dispatch.touches where touch.phase == .began && !touch.isRouted {
            route(touch, with: event)
        }
        // Touches that recognizers took go to them first; the views then hear what the
        // recognizers leave them. Other touches go the plain way, untouched.
        let arbitrated = gestureArena.isInvolved(in: dispatch.touches)
        if arbitrated {
            gestureArena.deliverToRecognizers(dispatch.touches, with: event)
            gestureArena.prepareViewDelivery(dispatch.touches)
        }
        for phase in TouchDispatch.phases {
            if arbitrated {
                dispatch.group(phase) { [gestureArena] in gestureArena.isWithheld($0) }
            } else {
                dispatch.group(phase)
            }
            var index = 0
            while let group = dispatch.group(at: index) {
                switch phase {
                case .began: group.view.touchesBegan(group.touches, with: event)
                case .moved: group.view.touchesMoved(group.touches, with: event)
                case .ended: group.view.touchesEnded(group.touches, with: event)
                case .cancelled: group.view.touchesCancelled(group.touches, with: event)
                case .stationary: break
                }
                index += 1
            }
            dispatch.clearGroups()
        }
        if arbitrated { gestureArena.finishEvent(dispatch.touches) } else { gestureArena.endEvent() }
        trackedTouches.removeAll { $0.phase.isTerminal && event.allTouches.contains($0) }
    }

    private func route(_ touch: Touch, with event: TouchEvent) {
        touch.isRouted = true
        touch.window = self
        // Joins the tracked touches unbound; `view` is set last, so the checks below see only
        // the views of the touches tracked before it.
        trackedTouches.append(touch)
        guard !isIgnoringInteractionEvents,
              let hit = hitTest(touch.location(in: self), with: event) else { return }
        if hit.isExclusiveTouch, isTracking(where: { $0 !== hit }) { return }
        if isTracking(where: { $0.isExclusiveTouch && $0 !== hit }) { return }
        // Recognizers see every touch over their view, even one the view itself declines
        // for want of `isMultipleTouchEnabled` (a pinch works on a single-touch view, as in UIKit).
        gestureArena.touchBegan(touch, over: hit)
        if !hit.isMultipleTouchEnabled, isTracking(where: { $0 === hit }) { return }
        touch.view = hit
    }

    /// Whether a view bound to a tracked touch satisfies `predicate`.
    private func isTracking(where predicate: (View) -> Bool) -> Bool {
        trackedTouches.contains { touch in touch.view.map(predicate) ?? false }
    }
}
