import FuzzSupport
import TouchKit

/// A custom recognizer whose decisions the input makes: at every touch hook, touchpad event
/// and time-out it takes the next action of its tape (round and round), as a subclass written
/// against UIKit's rules may do at any of them — including asking for moves UIKit refuses,
/// which the recognizer must ignore.
///
/// It keeps what the checks need to know from the outside: the touches it received since its
/// last reset and those it held when it recognized (the arena's competitors shared one), and
/// each reset, which the window does not report.
@MainActor
final class ScriptedRecognizer: GestureRecognizer {
    enum Action: CaseIterable, Equatable {
        case nothing, begin, change, end, fail, cancel
        /// Stops following the lowest-numbered touch of the hook.
        case ignoreTouch
        /// Takes the next action again 50 ms later, on the gesture clock.
        case wait
    }

    let index: Int
    private let tape: [Action]
    private var position = 0
    private let setup: RecognizerSetup
    /// Shared with the driver: which touchpad gesture is under way.
    private let context: ArenaContext
    /// The touches received since the last reset, by number (touchpad gestures as the negative
    /// of their sequence number).
    private(set) var received: Set<Int> = []
    /// Those of ``received`` it held when it recognized (left `possible` for `began` or
    /// `ended`), less any it let go of since: the touches over which it competed then.
    private(set) var heldWhenRecognized: Set<Int> = []
    var onReset: ((ScriptedRecognizer) -> Void)?

    init(index: Int, setup: RecognizerSetup, context: ArenaContext) {
        self.index = index
        self.setup = setup
        self.context = context
        tape = setup.tape
        super.init()
        name = "recognizer \(index)"
        cancelsTouchesInView = setup.cancelsTouchesInView
        delaysTouchesBegan = setup.delaysTouchesBegan
        delaysTouchesEnded = setup.delaysTouchesEnded
        if setup.fingersOnly { allowedTouchTypes = [.direct] }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { received.insert(touch.number) }
        act(on: touches, event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        act(on: touches, event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        act(on: touches, event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        act(on: touches, event)
    }

    override func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool {
        setup.acceptsTouchpad
    }

    override func touchpadGesture(_ gesture: TouchpadGesture) {
        // A swipe's or pinch's begin starts the sequence the driver counted; the rest of its
        // events (an end the arena makes for the previous one too) belong to one already held.
        if gesture.kind != .hold, gesture.phase == .began { received.insert(-context.touchpadSequence) }
        act(on: [], nil)
    }

    override func canPrevent(_ other: GestureRecognizer) -> Bool { setup.canPrevent }
    override func canBePrevented(by other: GestureRecognizer) -> Bool { setup.canBePrevented }

    override func reset() {
        super.reset()
        received.removeAll()
        heldWhenRecognized.removeAll()
        onReset?(self)
    }

    /// The window reported it recognized.
    func noteRecognized() {
        heldWhenRecognized = received
    }

    private func act(on touches: Set<Touch>, _ event: TouchEvent?) {
        guard !tape.isEmpty else { return }
        let action = tape[position % tape.count]
        position += 1
        Trace.print("  \(name ?? "?") \(action) (\(state.name))")
        switch action {
        case .nothing: break
        case .begin: state = .began
        case .change: state = .changed
        case .end: state = .ended
        case .fail: state = .failed
        case .cancel: state = .cancelled
        case .ignoreTouch:
            guard let event, let touch = touches.min(by: { $0.number < $1.number }) else { return }
            ignore(touch, for: event)
            received.remove(touch.number)
            heldWhenRecognized.remove(touch.number)
        case .wait:
            scheduleTimeout(at: currentTime + 0.05) { [weak self] in self?.act(on: [], nil) }
        }
    }
}

/// What the driver and the recognizers share.
@MainActor
final class ArenaContext {
    /// Counts touchpad gestures begun, so recognizers tell one from the next.
    var touchpadSequence = 0
}
