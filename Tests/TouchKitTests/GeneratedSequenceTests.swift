import Foundation
import Testing
import TouchKit
import TouchCanvasTesting

/// Thousands of random raw sequences — valid and invalid, two seats, touch and pointer — must
/// never break the input model's invariants.
@MainActor @Suite struct GeneratedSequenceTests {
    /// One run of random input against a fresh window; returns every violation found.
    ///
    /// With `holds`, moves wait for random `deliverHeldMoves()` calls, and an event delivered
    /// outside them must not be moves only — unless it is the one that goes just before a held
    /// touch's end.
    private func run(seed: UInt64, steps: Int, holds: Bool = false,
                     phases: inout [TouchPhase: Int]) -> [String] {
        var rng = SplitMix64(seed: seed)
        let size = Size(width: 400, height: 300)
        let window = Window(frame: Rect(origin: .zero, size: size), clock: { 0 })
        let view = DispatchCheckingView(frame: window.bounds)
        window.addSubview(view)
        let machine = TouchInputMachine(window: window)
        machine.holdsMovesUntilDisplayFrame = holds
        let checker = InvariantChecker()
        var violations: [String] = []
        var inDisplayFrame = false
        // Touches of a moves-only event outside the display frame: one of them must end next.
        var movedBeforeEnd: Set<ObjectIdentifier>?
        machine.onDeliver = { event in
            checker.check(event)
            guard holds else { return }
            let moved = Set(event.touches(in: .moved).map(ObjectIdentifier.init))
            if let expected = movedBeforeEnd {
                let ended = event.touches(in: .ended).map(ObjectIdentifier.init)
                if !ended.contains(where: expected.contains) {
                    violations.append("moves delivered before an end that did not follow")
                }
                movedBeforeEnd = nil
            }
            let onlyMoves = event.allTouches.allSatisfy { $0.phase == .moved || $0.phase == .stationary }
            if onlyMoves, !inDisplayFrame { movedBeforeEnd = moved }
        }

        let seats = [SeatID(7), SeatID(9)]
        var down: [SeatID: Set<Int32>] = [:]
        var pressed: [SeatID: Set<UInt32>] = [:]
        // Start some runs just before the 32-bit millisecond wrap.
        var time: UInt32 = rng.next() % 2 == 0 ? UInt32.max - 2_000 : 0

        func location() -> Point {
            // Mostly inside, sometimes outside the window (bound to no view).
            Point(x: Double.random(in: -20...(size.width + 20), using: &rng),
                  y: Double.random(in: -20...(size.height + 20), using: &rng))
        }

        for _ in 0..<steps {
            if movedBeforeEnd != nil {
                violations.append("moves delivered outside the display frame without an end")
                movedBeforeEnd = nil
            }
            if holds, Int.random(in: 0..<6, using: &rng) == 0 {
                inDisplayFrame = true
                machine.deliverHeldMoves()
                inDisplayFrame = false
                if machine.hasHeldMoves { violations.append("moves still held after the display frame") }
            }
            time &+= UInt32.random(in: 0...20, using: &rng)
            let seat = seats[Int.random(in: 0..<seats.count, using: &rng)]
            let known = Array(down[seat, default: []]).sorted()
            // Mostly a known id, sometimes any small id (reuse, duplicates, unknown ids).
            let id: Int32 = (!known.isEmpty && Int.random(in: 0..<4, using: &rng) > 0)
                ? known[Int.random(in: 0..<known.count, using: &rng)] : Int32.random(in: 0...4, using: &rng)
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<14:
                machine.handle(.down(id: id, time: time, location: location()), seat: seat)
                down[seat, default: []].insert(id)
            case 14..<34:
                machine.handle(.motion(id: id, time: time, location: location()), seat: seat)
            case 34..<44:
                machine.handle(.up(id: id, time: time), seat: seat)
                down[seat]?.remove(id)
            case 44..<47:
                machine.handle(.shape(id: id, major: Double.random(in: 1...40, using: &rng), minor: 3), seat: seat)
            case 47..<49:
                machine.handle(.orientation(id: id, degrees: Double.random(in: 0...180, using: &rng)), seat: seat)
            case 49..<66:
                machine.handle(RawTouchInput.frame, seat: seat)
            case 66..<68:
                machine.handle(RawTouchInput.cancel, seat: seat)
                down[seat] = []
            case 68:
                machine.touchCapabilityLost(seat: seat)
                down[seat] = []
            case 69..<73:
                machine.flushPendingInput()
                if machine.activeTouchCount != checker.liveCount {
                    violations.append("after flush \(machine.activeTouchCount) active but \(checker.liveCount) live")
                }
            case 73..<76:
                machine.handle(.enter(location: location()), seat: seat)
                pressed[seat] = []
            case 76..<77:
                machine.handle(.leave, seat: seat)
                pressed[seat] = []
            case 77..<84:
                machine.handle(.motion(time: time, location: location()), seat: seat)
            case 84..<90:
                let button = UInt32.random(in: 0x110...0x112, using: &rng)
                let isPressed = !pressed[seat, default: []].contains(button)
                machine.handle(.button(time: time, button: button, pressed: isPressed), seat: seat)
                if isPressed { pressed[seat, default: []].insert(button) } else { pressed[seat]?.remove(button) }
            case 90..<97:
                machine.handle(RawPointerInput.frame, seat: seat)
            case 97:
                machine.pointerCapabilityLost(seat: seat)
                pressed[seat] = []
            case 98:
                machine.seatRemoved(seat)
                down[seat] = []
                pressed[seat] = []
            default:
                window.advanceAnimations()
            }
        }
        machine.flushPendingInput()
        machine.surfaceLost()
        if machine.hasHeldMoves { violations.append("moves held after the surface was lost") }

        phases.merge(checker.phaseCounts, uniquingKeysWith: +)
        violations += checker.violations + view.violations
        if checker.liveCount != 0 { violations.append("\(checker.liveCount) touches never ended") }
        if checker.begunCount != checker.terminalCount {
            violations.append("\(checker.begunCount) began but \(checker.terminalCount) ended or cancelled")
        }
        if machine.activeTouchCount != 0 { violations.append("machine still has \(machine.activeTouchCount) active") }
        if view.openCount != 0 { violations.append("the view still tracks \(view.openCount) touches") }
        return violations.prefix(3).map { "seed \(seed): \($0)" }
    }

    // The long tests below run on the main actor, as TouchKit does, for seconds: each gives the
    // main actor back every few sequences (`Task.yield`), so the other tests there, whose time
    // limits are running, are not kept waiting behind all of it.

    @Test func invariantsHoldForThousandsOfRandomSequences() async {
        var all: [String] = []
        var phases: [TouchPhase: Int] = [:]
        var seed: UInt64 = 1
        while seed <= 3_000, all.count < 10 {
            all += run(seed: seed, steps: 150, phases: &phases)
            seed += 1
            if seed % 20 == 0 { await Task.yield() }
        }
        let firstFailures = Array(all.prefix(10))
        #expect(firstFailures.isEmpty)
        // The generator must actually reach every phase, or passing proves little.
        for phase in TouchPhase.allCases {
            #expect(phases[phase, default: 0] > 1_000, "only \(phases[phase, default: 0]) \(phase.name)")
        }
    }

    @Test func invariantsHoldWithMovesHeldUntilRandomDisplayFrames() async {
        var all: [String] = []
        var phases: [TouchPhase: Int] = [:]
        var seed: UInt64 = 20_001
        while seed <= 22_000, all.count < 10 {
            all += run(seed: seed, steps: 150, holds: true, phases: &phases)
            seed += 1
            if seed % 20 == 0 { await Task.yield() }
        }
        for seed in UInt64(30_001)...30_010 {
            all += run(seed: seed, steps: 5_000, holds: true, phases: &phases)
            await Task.yield()
        }
        let firstFailures = Array(all.prefix(10))
        #expect(firstFailures.isEmpty)
        for phase in TouchPhase.allCases {
            #expect(phases[phase, default: 0] > 1_000, "only \(phases[phase, default: 0]) \(phase.name)")
        }
    }

    @Test func invariantsHoldForLongSequences() async {
        var all: [String] = []
        var phases: [TouchPhase: Int] = [:]
        for seed in UInt64(10_001)...10_020 {
            all += run(seed: seed, steps: 5_000, phases: &phases)
            await Task.yield()
        }
        let firstFailures = Array(all.prefix(10))
        #expect(firstFailures.isEmpty)
    }

    /// The checker must be able to fail, or the test above proves nothing.
    @Test func checkerCatchesADeliveryAfterTheEnd() {
        let h = Harness()
        let checker = InvariantChecker()
        h.observe = { checker.check($0) }
        h.touch(down(0, 1, 1), .frame, up(0), .frame)
        #expect(checker.violations.isEmpty && checker.begunCount == 1 && checker.terminalCount == 1)
        // Re-check the last event: its touch is already over.
        var last: TouchEvent?
        h.observe = { last = $0 }
        h.touch(down(1, 1, 1), .frame)
        if let last { checker.check(last); checker.check(last) }
        #expect(!checker.violations.isEmpty)
    }
}
