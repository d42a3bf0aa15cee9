import FuzzSupport
import TouchKit

/// Builds the window an ``ArenaSetup`` describes and plays ``ArenaOperation``s into it through
/// a real ``TouchInputMachine`` (one seat of fingers, one mouse), stamping events with its
/// own millisecond clock; listens to the machine's deliveries and the window's recognizer
/// state changes, and checks them.
@MainActor
final class ArenaDriver {
    nonisolated static let width = 64.0
    nonisolated static let height = 48.0

    let window: Window
    let machine: TouchInputMachine
    let views: [WatchedView]
    let recognizers: [ScriptedRecognizer]
    /// Delegates are held weakly by their recognizers; the driver keeps them.
    private let delegates: [ScriptedDelegate]
    let deliveries = DeliveryLog()
    let states = GestureStates(hearsResets: true)
    private let context = ArenaContext()
    private let seat = SeatID(1)
    private var milliseconds: UInt32 = 1000
    private let clock = Clock()

    private final class Clock {
        var now = 1.0
    }

    init(_ setup: ArenaSetup) {
        let clock = clock
        window = Window(frame: Rect(x: 0, y: 0, width: Self.width, height: Self.height), clock: { clock.now })
        let frames = [
            Rect(x: 0, y: 0, width: Self.width, height: Self.height),
            Rect(x: 0, y: 0, width: Self.width / 2, height: Self.height),
            Rect(x: Self.width / 2, y: 0, width: Self.width / 2, height: Self.height),
            Rect(x: 4, y: 4, width: 16, height: 16),
        ]
        views = frames.enumerated().map { WatchedView(index: $0.offset, frame: $0.element) }
        for (index, view) in views.enumerated() {
            view.isMultipleTouchEnabled = setup.multipleTouch[index]
            view.isExclusiveTouch = setup.exclusiveTouch[index]
        }
        window.addSubview(views[0])
        views[0].addSubview(views[1])
        views[0].addSubview(views[2])
        views[1].addSubview(views[3])

        let context = context
        recognizers = setup.recognizers.enumerated().map { ScriptedRecognizer(index: $0.offset, setup: $0.element, context: context) }
        var delegates: [ScriptedDelegate] = []
        for (index, recognizer) in recognizers.enumerated() {
            let own = setup.recognizers[index]
            views[own.view].addGestureRecognizer(recognizer)
            if own.hasDelegate {
                let delegate = ScriptedDelegate(index: index, setup: setup)
                recognizer.delegate = delegate
                delegates.append(delegate)
            }
            for other in recognizers.indices where other != index
                && setup.requiresFailure & (1 << (index * ArenaSetup.maximumRecognizers + other)) != 0 {
                recognizer.require(toFail: recognizers[other])
            }
        }
        self.delegates = delegates

        machine = TouchInputMachine(window: window)
        machine.holdsMovesUntilDisplayFrame = setup.holdsMoves
        machine.onDeliver = { [deliveries] event in deliveries.hear(event) }
        window.onGestureStateChange = { [states] recognizer, state in
            Trace.print("  \(recognizer.name ?? "?") \(state.name)")
            if states.state(of: recognizer) == .possible, state == .began || state == .ended {
                (recognizer as? ScriptedRecognizer)?.noteRecognized()
            }
            states.heard(recognizer, state)
        }
        for recognizer in recognizers {
            // Weakly: the log keeps every recognizer it heard, and a cycle would outlive the input.
            recognizer.onReset = { [weak states] recognizer in
                Trace.print("  \(recognizer.name ?? "?") reset")
                states?.heardReset(of: recognizer)
            }
        }
    }

    func perform(_ operation: ArenaOperation) {
        switch operation {
        case let .down(id, location): feed(.down(id: id, time: milliseconds, location: location))
        case let .motion(id, location): feed(.motion(id: id, time: milliseconds, location: location))
        case let .up(id): feed(.up(id: id, time: milliseconds))
        case .frame: feed(RawTouchInput.frame)
        case .cancel: feed(RawTouchInput.cancel)
        case let .pointerMotion(location):
            // An enter first when the pointer is elsewhere, as a compositor sends it.
            if machine.pointerLocation(for: seat) == nil { feed(.enter(location: location)) }
            feed(.motion(time: milliseconds, location: location))
        case let .pointerButton(pressed): feed(.button(time: milliseconds, button: 0x110, pressed: pressed))
        case .pointerFrame: feed(RawPointerInput.frame)
        case .pointerLeave: feed(RawPointerInput.leave)
        case let .wait(step):
            milliseconds &+= UInt32(step)
            clock.now += Double(step) / 1000
        case .advanceGestures: window.advanceGestures()
        case .displayFrame:
            window.advanceAnimations()
            machine.deliverHeldMoves()
        case .flush: machine.flushPendingInput()
        case let .touchpad(kind, phase, fingers, location):
            if phase == .began, kind != .hold { context.touchpadSequence += 1 }
            window.sendTouchpadGesture(TouchpadGesture(kind: kind, phase: phase, fingers: fingers, location: location,
                                                       time: Double(milliseconds) / 1000, scale: 1))
        case let .toggleEnabled(index):
            guard recognizers.indices.contains(index) else { return }
            recognizers[index].isEnabled.toggle()
        case let .moveRecognizer(index, view):
            guard recognizers.indices.contains(index) else { return }
            let recognizer = recognizers[index]
            if let view { views[view].addGestureRecognizer(recognizer) } else { recognizer.view?.removeGestureRecognizer(recognizer) }
        case let .toggleView(index):
            let view = views[index]
            if view.superview != nil {
                view.removeFromSuperview()
            } else {
                // Back where it was: the container in the window, the others in their parent.
                let parent: View = switch index {
                case 0: window
                case 3: views[1]
                default: views[0]
                }
                parent.addSubview(view)
            }
        }
    }

    private func feed(_ input: RawTouchInput) {
        deliveries.noteInput()
        machine.handle(input, seat: seat)
    }

    private func feed(_ input: RawPointerInput) {
        deliveries.noteInput()
        machine.handle(input, seat: seat)
    }

    /// Every touch cancelled, as an app replacing its views does: nothing may stay live.
    func finish() {
        machine.cancelAllTouches()
        ArenaChecks.check(self)
        invariant(deliveries.live.isEmpty, "touches \(deliveries.live.keys.sorted()) live after every touch was cancelled")
    }
}
