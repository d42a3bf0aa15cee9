import TouchKit

/// The generated seeds of `Fuzz/Corpus/gesture-arena`: windows whose recognizers do what the
/// common recognizers do (a tap, a pan that a tap waits for, two that work together, one that
/// holds touches back, one driven by the touchpad, one that waits on the clock), each fed the
/// touches it is made for.
extension GestureArenaFuzz {
    /// Each seed's bytes, checked to decode to the script they were written from.
    public static var seeds: [(name: String, bytes: [UInt8])] {
        scripts.map { name, script in
            let bytes = script.bytes
            precondition(ArenaScript(decoding: bytes) == script, "the seed \(name) does not decode to its script")
            return (name, bytes)
        }
    }

    private static var scripts: [(name: String, script: ArenaScript)] {
        [
            ("tap", ArenaScript(ArenaSetup(recognizers: [RecognizerSetup(view: 1, tape: [.nothing, .end])]), tap(at: 10, 20))),
            ("pan-and-waiting-tap", ArenaScript(panAndTap, drag(id: 0, from: 40, 20) + tap(at: 40, 20))),
            ("simultaneous-pair", ArenaScript(simultaneousPair, twoFingers)),
            ("delayed-touches", ArenaScript(delayed, tap(at: 8, 8) + drag(id: 1, from: 10, 10))),
            ("touchpad", ArenaScript(touchpad, touchpadPinch)),
            ("time-outs", ArenaScript(timeouts, [.down(id: 0, at(20, 20)), .frame, .wait(milliseconds: 60), .advanceGestures,
                                            .wait(milliseconds: 60), .up(id: 0), .frame, .wait(milliseconds: 200), .advanceGestures])),
            ("window-changes", ArenaScript(panAndTap, [.down(id: 0, at(40, 20)), .frame, .toggleView(2), .motion(id: 0, at(44, 20)),
                                                  .frame, .displayFrame, .toggleView(2), .moveRecognizer(0, view: nil),
                                                  .toggleEnabled(recognizer: 1), .up(id: 0), .frame, .moveRecognizer(0, view: 2),
                                                  .pointerMotion(at(30, 30)), .pointerButton(pressed: true), .pointerFrame,
                                                  .pointerLeave, .pointerFrame])),
        ]
    }

    private static func at(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    private static func tap(at x: Double, _ y: Double) -> [ArenaOperation] {
        [.down(id: 0, at(x, y)), .frame, .wait(milliseconds: 40), .up(id: 0), .frame, .wait(milliseconds: 40)]
    }

    private static func drag(id: Int32, from x: Double, _ y: Double) -> [ArenaOperation] {
        var operations: [ArenaOperation] = [.down(id: id, at(x, y)), .frame]
        for step in 1...5 {
            operations += [.wait(milliseconds: 8), .motion(id: id, at(x + Double(step) * 3, y)), .frame, .displayFrame]
        }
        return operations + [.up(id: id), .frame, .displayFrame]
    }

    private static var twoFingers: [ArenaOperation] {
        [.down(id: 0, at(10, 10)), .down(id: 1, at(50, 30)), .frame, .wait(milliseconds: 8),
         .motion(id: 0, at(8, 8)), .motion(id: 1, at(54, 34)), .frame, .displayFrame,
         .motion(id: 0, at(6, 6)), .frame, .cancel, .down(id: 2, at(30, 30)), .frame, .up(id: 2), .frame]
    }

    private static var touchpadPinch: [ArenaOperation] {
        [.touchpad(.pinch, .began, fingers: 2, at(40, 20)), .touchpad(.pinch, .changed, fingers: 2, at(40, 20)),
         .touchpad(.hold, .began, fingers: 2, at(40, 20)), .touchpad(.pinch, .ended, fingers: 2, at(40, 20)),
         .touchpad(.swipe, .began, fingers: 3, at(10, 10)), .touchpad(.swipe, .began, fingers: 3, at(10, 10)),
         .touchpad(.swipe, .cancelled, fingers: 3, at(10, 10))]
    }

    /// A pan on the right half and a tap on the container that waits for the pan to fail.
    private static var panAndTap: ArenaSetup {
        var setup = ArenaSetup(recognizers: [RecognizerSetup(view: 2, tape: [.nothing, .nothing, .begin, .change, .change, .end]),
                                             RecognizerSetup(view: 0, tape: [.nothing, .end])])
        setup.requiresFailure = 1 << (1 * ArenaSetup.maximumRecognizers + 0)
        return setup
    }

    /// Two continuous recognizers on the container whose delegates let them work together,
    /// and a third that fails at once.
    private static var simultaneousPair: ArenaSetup {
        var first = RecognizerSetup(view: 0, tape: [.begin, .change, .change, .end])
        first.hasDelegate = true
        var second = RecognizerSetup(view: 0, tape: [.nothing, .begin, .change, .cancel])
        second.hasDelegate = true
        var setup = ArenaSetup(recognizers: [first, second, RecognizerSetup(view: 1, tape: [.fail])])
        setup.simultaneous = 1 << ArenaSetup.pairIndex(0, 1)
        return setup
    }

    private static var delayed: ArenaSetup {
        var holding = RecognizerSetup(view: 1, tape: [.nothing, .nothing, .fail, .nothing, .begin, .end])
        holding.delaysTouchesBegan = true
        var ignoring = RecognizerSetup(view: 3, tape: [.ignoreTouch, .end])
        ignoring.cancelsTouchesInView = false
        ignoring.delaysTouchesEnded = false
        var setup = ArenaSetup(recognizers: [holding, ignoring])
        setup.multipleTouch[1] = false
        return setup
    }

    private static var touchpad: ArenaSetup {
        var pinch = RecognizerSetup(view: 2, tape: [.begin, .change, .nothing, .end])
        pinch.acceptsTouchpad = true
        var other = RecognizerSetup(view: 0, tape: [.nothing, .begin])
        other.acceptsTouchpad = true
        other.hasDelegate = true
        other.shouldBegin = false
        return ArenaSetup(recognizers: [pinch, other])
    }

    private static var timeouts: ArenaSetup {
        var waiting = RecognizerSetup(view: 0, tape: [.wait, .begin, .wait, .change, .nothing, .end])
        waiting.delaysTouchesEnded = true
        var delegated = RecognizerSetup(view: 1, tape: [.nothing, .end])
        delegated.hasDelegate = true
        var setup = ArenaSetup(recognizers: [waiting, delegated])
        setup.delegateRequiresFailure = 1 << (1 * ArenaSetup.maximumRecognizers + 0)
        return setup
    }
}
