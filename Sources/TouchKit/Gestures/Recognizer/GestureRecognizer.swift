/// Turns touches into one gesture and tells its targets, as `UIGestureRecognizer`.
///
/// Attach it to a view with ``View/addGestureRecognizer(_:)``. The recognizers of the view a
/// touch lands in, and of that view's ancestors, see the touch before the view does (see
/// ``Window/sendEvent(_:)``); the first to recognize wins the touches (the others fail or are
/// cancelled unless a ``GestureRecognizerDelegate`` lets them work together) and, with
/// ``cancelsTouchesInView``, takes them from the view with `touchesCancelled`.
///
/// ```swift
/// let pan = PanGestureRecognizer()
/// pan.addTarget { pan in
///     placard.center = placard.center + pan.translation(in: placard.superview)
///     pan.setTranslation(.zero, in: placard.superview)
/// }
/// placard.addGestureRecognizer(pan)
/// ```
///
/// To write your own (the Event Handling Guide's "custom gesture recognizer"), subclass it,
/// override the four touch hooks and ``reset()``, and set ``state`` as the touches decide:
/// `ended` or `failed` for a discrete gesture, `began`, `changed`, then `ended` or `cancelled`
/// for a continuous one. ``CircleDetector`` is a building block for one. Time-outs come from
/// ``scheduleTimeout(at:_:)``, which runs on the window's gesture clock rather than a system
/// timer, so recognizers are tested without sleeping.
@MainActor
open class GestureRecognizer {
    /// Identifies one target added with ``addTarget(_:)``, to remove it again.
    public struct TargetToken: Hashable, Sendable {
        let value: Int
    }

    var storedState: State = .possible
    /// A recognition that waits for recognizers it must see fail (`require(toFail:)`).
    var pendingState: State?
    /// What it waits for, as found when it began waiting: recognizers a delegate named stay
    /// required after the touches they shared have ended.
    var awaitedFailures: [WeakRecognizer] = []
    private var targets: [(token: TargetToken, action: (GestureRecognizer) -> Void)] = []
    private var nextToken = 0
    /// Touches this recognizer received and still follows, in the order they began.
    var trackedTouches: [Touch] = []
    /// Set once the recognizer saw any input since its last reset: only then can it hold up a
    /// recognizer that requires its failure.
    var isParticipating = false
    /// The fingers and location of the touchpad gesture driving it, if one is.
    var touchpadContact: (fingers: Int, location: Point)?
    /// Where the touches last were, for ``location(in:)`` once they lifted.
    var lastWindowLocation: Point = .zero
    var failureRequirements: [WeakRecognizer] = []

    /// The view it is attached to; set by ``View/addGestureRecognizer(_:)``.
    public internal(set) weak var view: View?
    /// Decides simultaneity, failure requirements and whether to begin or receive a touch.
    public weak var delegate: GestureRecognizerDelegate?
    /// A name for logs and the HUD (`--log gestures`'s `"recognizer"`).
    public var name: String?

    /// When true (the default) recognizing cancels the touches in the view: it gets
    /// `touchesCancelled` for them and nothing more, so a drag and a tap never both act.
    public var cancelsTouchesInView = true
    /// When true the view sees no touch of this recognizer until the recognizer fails; when it
    /// recognizes, the view never sees them. Default false, as UIKit.
    public var delaysTouchesBegan = false
    /// When true (the default) the view's `touchesEnded` waits until the recognizer decides:
    /// delivered if it fails, turned into `touchesCancelled` if it recognizes. That keeps a
    /// double tap's first tap from acting as a single tap in the view.
    public var delaysTouchesEnded = true
    /// The kinds of touch it sees (fingers, pens, the mouse and touchpad); others pass it by.
    public var allowedTouchTypes: Set<TouchType> = Set(TouchType.allCases)

    /// A recognizer with no targets; add them with ``addTarget(_:)``.
    public init() {}

    /// A recognizer whose one target is `action`, which gets the recognizer as its own class.
    public convenience init(action: @escaping @MainActor (Self) -> Void) {
        self.init()
        addTarget(action)
    }

    // MARK: State

    /// The recognizer's state. Only subclasses set it, from their touch hooks or time-outs.
    ///
    /// Moves UIKit does not allow are ignored (a finished recognizer stays finished until its
    /// reset). Leaving `possible` for `began` or `ended` first asks whether the recognizer may:
    /// it waits while a recognizer it requires to fail is still deciding, and fails if that
    /// one recognizes or the delegate says no.
    open var state: State {
        get { storedState }
        set { requestState(newValue) }
    }

    /// Whether it takes part at all. Turning it off mid-gesture cancels the gesture (fails it,
    /// if still possible); a disabled recognizer sees no touches.
    public var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled else { return }
            if storedState.isInProgress {
                state = .cancelled
            } else if storedState == .possible, isParticipating {
                pendingState = nil
                state = .failed
            }
        }
    }

    // MARK: Targets

    /// Calls `action` with the recognizer, as its own class, at every state change the targets
    /// hear (began, changed, ended, cancelled; never failed).
    ///
    /// ```swift
    /// pan.addTarget { pan in square.center = start + pan.translation(in: nil) }
    /// ```
    @discardableResult
    public func addTarget(_ action: @escaping @MainActor (Self) -> Void) -> TargetToken {
        let token = TargetToken(value: nextToken)
        nextToken += 1
        targets.append((token, { recognizer in
            guard let recognizer = recognizer as? Self else { return }
            action(recognizer)
        }))
        return token
    }

    /// Stops calling the target `token` names; unknown tokens are ignored.
    public func removeTarget(_ token: TargetToken) {
        targets.removeAll { $0.token == token }
    }

    func sendActions() {
        for target in targets { target.action(self) }
    }

    // MARK: Failure requirements

    /// Makes this recognizer wait, once it would recognize, until `other` fails; if `other`
    /// recognizes, this one fails. The classic use: a single tap that must not fire on the
    /// first tap of a double tap.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    // MARK: Touches

    /// The touches it follows, or the touchpad's fingers while a touchpad gesture drives it.
    public var numberOfTouches: Int {
        touchpadContact?.fingers ?? trackedTouches.count
    }

    /// The centroid of its touches in `view`'s coordinates (the window's when `nil`), or the
    /// pointer's place for a touchpad gesture; where they last were once they lifted.
    open func location(in view: View?) -> Point {
        let windowPoint = currentWindowLocation()
        return convert(windowPoint, to: view)
    }

    /// The location of its `index`-th touch (in the order they began); the centroid when out of
    /// range rather than a trap, since input decides how many there are.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard trackedTouches.indices.contains(index) else { return location(in: view) }
        return trackedTouches[index].location(in: view)
    }

    func currentWindowLocation() -> Point {
        if let touchpadContact { return touchpadContact.location }
        guard !trackedTouches.isEmpty else { return lastWindowLocation }
        var x = 0.0, y = 0.0
        for touch in trackedTouches {
            let point = touch.location(in: nil)
            x += point.x
            y += point.y
        }
        let count = Double(trackedTouches.count)
        return Point(x: x / count, y: y / count)
    }

    func convert(_ windowPoint: Point, to target: View?) -> Point {
        guard let target else { return windowPoint }
        return target.convert(windowPoint, from: nil)
    }

    /// Stops following `touch`: this recognizer sees nothing more of it, and no longer holds
    /// it back from the view. For touches that turn out not to be part of the gesture.
    public func ignore(_ touch: Touch, for event: TouchEvent) {
        trackedTouches.removeAll { $0 === touch }
        view?.window?.gestureArena.recognizer(self, ignores: touch)
    }

    // MARK: Subclass hooks

    /// New touches for this recognizer, before the view sees them.
    open func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {}
    /// Its touches that moved.
    open func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {}
    /// Its touches that lifted.
    open func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {}
    /// Its touches that the system took away; a recognizer in progress usually cancels.
    open func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {}

    /// Whether a touchpad gesture of `kind` with `fingers` fingers is for this recognizer.
    /// Default false: only pan, pinch and rotation take touchpad gestures.
    open func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool { false }
    /// A touchpad gesture this recognizer accepted: its begin, updates and end.
    open func touchpadGesture(_ gesture: TouchpadGesture) {}

    /// Clears the recognizer's own state; called when it returns to `possible` after
    /// finishing and all its touches are done. Subclasses call `super`.
    open func reset() {}

    /// Whether this recognizer, by recognizing, stops `other`. Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other`, by recognizing, stops this recognizer. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// A subclass's own "wait for `other` to fail", beside ``require(toFail:)``. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// A subclass's own "make `other` wait for me to fail". Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Time

    /// Now, on the window's gesture clock: the input clock of ``Touch/timestamp``.
    public var currentTime: Double {
        view?.window?.gestureArena.clock.now ?? 0
    }

    /// Calls `handler` once the window's gesture clock reaches `time` (seconds on the input
    /// clock), unless the recognizer is reset first. The window reaches it from input
    /// timestamps, ``Window/advanceGestures(to:)`` and every display frame.
    public func scheduleTimeout(at time: Double, _ handler: @escaping @MainActor () -> Void) {
        view?.window?.gestureArena.schedule(at: time, for: self, handler)
    }

    /// Drops every time-out this recognizer scheduled.
    public func cancelTimeouts() {
        view?.window?.gestureArena.cancelTimeouts(for: self)
    }
}

/// A reference that does not keep a recognizer alive (failure requirements).
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
}
