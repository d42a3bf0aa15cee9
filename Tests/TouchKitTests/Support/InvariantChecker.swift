import TouchKit

/// Watches deliveries and dispatches and records every broken input-model invariant.
@MainActor
final class InvariantChecker {
    private enum Life { case live(Point), over }

    private(set) var violations: [String] = []
    private var lives: [ObjectIdentifier: Life] = [:]
    /// Keeps every touch alive so an ObjectIdentifier is never reused during a run.
    private var retained: [Touch] = []
    private(set) var begunCount = 0
    /// How often each phase was seen, so a test can show its generator reaches every case.
    private(set) var phaseCounts: [TouchPhase: Int] = [:]
    private(set) var terminalCount = 0

    var liveCount: Int {
        lives.values.count { if case .live = $0 { true } else { false } }
    }

    func check(_ event: TouchEvent) {
        var sawChange = false
        var liveInEvent = 0
        for touch in event.allTouches {
            let id = ObjectIdentifier(touch)
            let location = touch.location(in: nil)
            let previous = touch.previousLocation(in: nil)
            phaseCounts[touch.phase, default: 0] += 1
            switch (lives[id], touch.phase) {
            case (nil, .began):
                sawChange = true
                begunCount += 1
                retained.append(touch)
                lives[id] = .live(location)
                if previous != location { fail("began with a different previous location", touch) }
            case (nil, _):
                fail("first seen as \(touch.phase.name)", touch)
            case (.over, _):
                fail("delivered after its end as \(touch.phase.name)", touch)
            case (.live, .began):
                fail("began twice", touch)
            case let (.live(last), phase):
                liveInEvent += 1
                if previous != last { fail("previous location is not the last delivered one", touch) }
                if phase == .stationary {
                    if location != last { fail("stationary but moved", touch) }
                } else {
                    sawChange = true
                }
                if phase.isTerminal {
                    terminalCount += 1
                    lives[id] = .over
                } else {
                    lives[id] = .live(location)
                }
            }
        }
        checkSamples(event)
        if !sawChange { violations.append("an event with no changed touch") }
        if liveInEvent != liveCountBefore(event) {
            violations.append("allTouches misses live touches: \(liveInEvent) of \(liveCountBefore(event))")
        }
    }

    /// Coalesced touches end at the touch itself; predictions only for moving touches, ahead.
    private func checkSamples(_ event: TouchEvent) {
        for touch in event.allTouches {
            let coalesced = event.coalescedTouches(for: touch)
            guard let last = coalesced.last else {
                fail("no coalesced touches", touch)
                continue
            }
            if last.location(in: nil) != touch.location(in: nil) || last.timestamp != touch.timestamp {
                fail("the last coalesced touch is not the touch", touch)
            }
            if coalesced.contains(where: { $0 === touch || $0.number != touch.number }) {
                fail("a coalesced touch is not a snapshot of the touch", touch)
            }
            if coalesced.first?.previousLocation(in: nil) != touch.previousLocation(in: nil),
               touch.phase != .began {
                fail("the first coalesced touch does not start at the previous location", touch)
            }
            if touch.phase == .stationary, coalesced.count != 1 || last.phase != .stationary {
                fail("a stationary touch with \(coalesced.count) coalesced touches", touch)
            }
            if touch.phase.isTerminal, last.phase != touch.phase {
                fail("ends with a \(last.phase.name) sample", touch)
            }
            let predicted = event.predictedTouches(for: touch)
            if touch.phase == .stationary || touch.phase.isTerminal, !predicted.isEmpty {
                fail("predicted while \(touch.phase.name)", touch)
            }
            if predicted.contains(where: { !($0.timestamp > touch.timestamp)
                || !$0.location(in: nil).x.isFinite || !$0.location(in: nil).y.isFinite }) {
                fail("a prediction not ahead or not finite", touch)
            }
        }
    }

    private func begunInEvent(_ event: TouchEvent) -> Int {
        event.allTouches.count { $0.phase == .began }
    }

    /// The number of touches that were live before this event: now-live minus newly began plus
    /// those that just ended.
    private func liveCountBefore(_ event: TouchEvent) -> Int {
        liveCount - begunInEvent(event) + event.allTouches.count { $0.phase.isTerminal }
    }

    private func fail(_ message: String, _ touch: Touch) {
        violations.append("touch \(touch.number) (\(touch.type.name) id \(touch.identifier)): \(message)")
    }
}

/// A multi-touch view that checks each touch is dispatched began first and terminal once.
@MainActor
final class DispatchCheckingView: View {
    private(set) var violations: [String] = []
    private var open: Set<ObjectIdentifier> = []
    private var closed: Set<ObjectIdentifier> = []
    private var retained: [Touch] = []

    var openCount: Int { open.count }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            retained.append(touch)
            let id = ObjectIdentifier(touch)
            if open.contains(id) || closed.contains(id) { violations.append("began twice: \(touch.number)") }
            open.insert(id)
            if touch.view !== self { violations.append("dispatched to a view it is not bound to") }
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches where !open.contains(ObjectIdentifier(touch)) {
            violations.append("moved without began: \(touch.number)")
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        close(touches, "ended")
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        close(touches, "cancelled")
    }

    private func close(_ touches: Set<Touch>, _ how: String) {
        for touch in touches {
            let id = ObjectIdentifier(touch)
            if open.remove(id) == nil { violations.append("\(how) without began: \(touch.number)") }
            closed.insert(id)
        }
    }
}
