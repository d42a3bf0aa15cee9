import Testing
import TouchKit
import TouchCanvasTesting

/// Random fingers, touchpad gestures and hovers over views with random recognizers: whatever
/// the recognizers decide, each view sees whole touch lives, and every recognizer is back in
/// `possible` once all is done.
@MainActor @Suite struct GestureInvariantTests {
    /// Checks the lives of the touches one view is told about.
    private final class LifeCheckingView: View {
        private enum Life { case live, over }
        private var lives: [Touch: Life] = [:]
        private(set) var violations: [String] = []
        private(set) var begun = 0
        private(set) var finished = 0

        var liveCount: Int { lives.values.count { $0 == .live } }

        private func see(_ touches: Set<Touch>, _ phase: TouchPhase) {
            for touch in touches {
                if touch.phase != phase { violations.append("\(phase.name) delivered showing \(touch.phase.name)") }
                switch (lives[touch], phase) {
                case (nil, .began):
                    lives[touch] = .live
                    begun += 1
                case (nil, _):
                    violations.append("\(phase.name) before began")
                case (.over, _):
                    violations.append("\(phase.name) after the end")
                case (.live, .began):
                    violations.append("began twice")
                case (.live, .ended), (.live, .cancelled):
                    lives[touch] = .over
                    finished += 1
                default:
                    break
                }
            }
        }

        override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) { see(touches, .began) }
        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) { see(touches, .moved) }
        override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) { see(touches, .ended) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) { see(touches, .cancelled) }
    }

    private func randomRecognizers(using rng: inout SplitMix64) -> [GestureRecognizer] {
        var recognizers: [GestureRecognizer] = []
        let makers: [() -> GestureRecognizer] = [
            { TapGestureRecognizer() },
            {
                let tap = TapGestureRecognizer()
                tap.numberOfTapsRequired = 2
                return tap
            },
            { LongPressGestureRecognizer() },
            { PanGestureRecognizer() },
            { PinchGestureRecognizer() },
            { RotationGestureRecognizer() },
            { SwipeGestureRecognizer() },
        ]
        for make in makers where Bool.random(using: &rng) {
            let recognizer = make()
            recognizer.cancelsTouchesInView = Bool.random(using: &rng)
            recognizer.delaysTouchesBegan = Int.random(in: 0..<4, using: &rng) == 0
            recognizer.delaysTouchesEnded = Bool.random(using: &rng)
            recognizers.append(recognizer)
        }
        if recognizers.count >= 2, Bool.random(using: &rng) {
            recognizers[0].require(toFail: recognizers[1])
        }
        return recognizers
    }

    private func run(seed: UInt64, steps: Int) -> [String] {
        var rng = SplitMix64(seed: seed)
        var now = 0.0
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), clock: { now })
        let left = LifeCheckingView(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        let right = LifeCheckingView(frame: Rect(x: 200, y: 0, width: 200, height: 300))
        left.isMultipleTouchEnabled = true
        for view in [left, right] {
            window.addSubview(view)
            for recognizer in randomRecognizers(using: &rng) { view.addGestureRecognizer(recognizer) }
            if Bool.random(using: &rng) { view.addGestureRecognizer(HoverGestureRecognizer()) }
        }
        let machine = TouchInputMachine(window: window)
        machine.holdsMovesUntilDisplayFrame = Bool.random(using: &rng)
        let seat = SeatID(1)
        var down: [Int32: Point] = [:]
        var ms: UInt32 = 0
        for _ in 0..<steps {
            ms += UInt32.random(in: 1...120, using: &rng)
            now = Double(ms) / 1000
            let id = Int32.random(in: 0..<3, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<3 where down[id] == nil:
                let point = Point(x: Double.random(in: 0..<400, using: &rng), y: Double.random(in: 0..<300, using: &rng))
                down[id] = point
                machine.handle(.down(id: id, time: ms, location: point), seat: seat)
            case 3..<7 where down[id] != nil:
                let point = Point(x: Double.random(in: 0..<400, using: &rng), y: Double.random(in: 0..<300, using: &rng))
                machine.handle(.motion(id: id, time: ms, location: point), seat: seat)
            case 7..<9 where down[id] != nil:
                down[id] = nil
                machine.handle(.up(id: id, time: ms), seat: seat)
            case 9 where Int.random(in: 0..<8, using: &rng) == 0:
                down.removeAll()
                machine.handle(.cancel, seat: seat)
            case 9:
                // Touchpad gestures and hovers in any order, well formed or not.
                let kinds: [TouchpadGesture.Kind] = [.swipe, .pinch, .hold]
                let phases: [TouchpadGesture.Phase] = [.began, .changed, .changed, .ended, .cancelled]
                let point = Point(x: Double.random(in: 0..<400, using: &rng), y: Double.random(in: 0..<300, using: &rng))
                window.sendTouchpadGesture(TouchpadGesture(
                    kind: kinds[Int.random(in: 0..<3, using: &rng)], phase: phases[Int.random(in: 0..<5, using: &rng)],
                    fingers: Int.random(in: 2...4, using: &rng), location: point, time: now,
                    delta: Point(x: 8, y: 3), scale: Double.random(in: 0.5...2, using: &rng), rotation: 5))
                window.sendHover(.pointer(seat), at: Bool.random(using: &rng) ? point : nil)
            default:
                if Bool.random(using: &rng) { window.advanceAnimations() }
            }
            machine.handle(RawTouchInput.frame, seat: seat)
            if Int.random(in: 0..<3, using: &rng) == 0 { machine.deliverHeldMoves() }
        }
        // Everything lifts; time runs out for every recognizer still waiting.
        for id in down.keys.sorted() { machine.handle(.up(id: id, time: ms + 1), seat: seat) }
        machine.handle(RawTouchInput.frame, seat: seat)
        machine.deliverHeldMoves()
        for kind in [TouchpadGesture.Kind.swipe, .pinch] {
            window.sendTouchpadGesture(TouchpadGesture(kind: kind, phase: .ended, fingers: 3, location: .zero, time: now))
        }
        window.sendHover(.pointer(seat), at: nil)
        now += 10
        window.advanceGestures()
        var violations = (left.violations + right.violations).map { "seed \(seed): \($0)" }
        for view in [left, right] where view.liveCount != 0 {
            violations.append("seed \(seed): \(view.liveCount) touches never ended in the view")
        }
        for view in [left, right] {
            for recognizer in view.gestureRecognizers where recognizer.state != .possible {
                violations.append("seed \(seed): a \(type(of: recognizer)) left \(recognizer.state.name)")
            }
        }
        return violations
    }

    /// Seconds on the main actor: it gives it back every few runs (`Task.yield`), so the other
    /// tests there, whose time limits are running, are not kept waiting behind all of it.
    @Test func viewsSeeWholeTouchLivesWhateverTheRecognizersDo() async {
        var violations: [String] = []
        for seed in UInt64(1)...400 {
            violations += run(seed: seed, steps: 150)
            if seed % 10 == 0 { await Task.yield() }
        }
        #expect(violations.isEmpty, "\(violations.prefix(10))")
    }
}
