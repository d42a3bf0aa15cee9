import TouchKit

/// The gesture-arena fuzz target's window (Fuzz/Sources/GestureArenaFuzz), for the tests that
/// replay what it found: a 64×48 container, its left and right halves, and a 16 px square inside
/// the left half, fed by a machine that holds moves for the display frame.
@MainActor
struct FuzzArenaWindow {
    let window = Window(frame: Rect(x: 0, y: 0, width: 64, height: 48), clock: { 1 })
    let views = [Rect(x: 0, y: 0, width: 64, height: 48), Rect(x: 0, y: 0, width: 32, height: 48),
                 Rect(x: 32, y: 0, width: 32, height: 48), Rect(x: 4, y: 4, width: 16, height: 16)].map { RecordingView(frame: $0) }
    let machine: TouchInputMachine
    let seat = SeatID(1)
    /// Every state change the window reported, as `name state`.
    var reported: [String] { states.all }
    private let states = StateLog()

    private final class StateLog {
        var all: [String] = []
    }

    init(multipleTouch: [Bool] = [true, true, true, true], exclusiveTouch: Bool = false) {
        window.addSubview(views[0])
        views[0].addSubview(views[1])
        views[0].addSubview(views[2])
        views[1].addSubview(views[3])
        for (view, multiple) in zip(views, multipleTouch) {
            view.isMultipleTouchEnabled = multiple
            view.isExclusiveTouch = exclusiveTouch
        }
        machine = TouchInputMachine(window: window)
        machine.holdsMovesUntilDisplayFrame = true
        window.onGestureStateChange = { [states] recognizer, state in
            states.all.append("\(recognizer.name ?? "?") \(state.name)")
        }
    }
}

/// Begins with its first touches, and lets go of them when they are cancelled.
final class LettingGoRecognizer: GestureRecognizer {
    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { state = .began }
    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { ignore(touch, for: event) }
    }
}

/// A recognizer that decides nothing itself: its state is set from outside.
final class UndecidedRecognizer: GestureRecognizer {}

/// Takes the next step of its tape at each touch hook and time-out, as the fuzz target's
/// recognizers do: asks for a state (UIKit may refuse it), or asks again 50 ms later.
final class TapedRecognizer: GestureRecognizer {
    enum Step {
        case nothing
        case ask(State)
        case wait
    }

    private var tape: [Step]
    private let prevents: Bool

    init(_ name: String, tape: [Step] = [], canPrevent: Bool = true) {
        self.tape = tape
        prevents = canPrevent
        super.init()
        self.name = name
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { next() }
    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { next() }
    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { next() }
    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { next() }
    override func canPrevent(_ other: GestureRecognizer) -> Bool { prevents }

    private func next() {
        guard !tape.isEmpty else { return }
        switch tape.removeFirst() {
        case .nothing: break
        case let .ask(state): self.state = state
        case .wait: scheduleTimeout(at: currentTime + 0.05) { [weak self] in self?.next() }
        }
    }
}
