import AllocationCounting
import Testing
@testable import TouchKit

/// The tracker follows contacts through real deliveries: every coalesced sample counts.
@MainActor @Suite struct ContactTrackerTests {
    /// Two fingers at 125 Hz (8 ms timestamps), moves held for display frames of 16 ms so each
    /// delivery coalesces two samples: the rate is the fingers', not the display's.
    @Test func coalescedSamplesCountAndEachLifeIsReportedOnce() throws {
        let h = Harness()
        h.machine.holdsMovesUntilDisplayFrame = true
        let tracker = ContactTracker()
        var ended: [(number: Int, phase: TouchPhase, figures: ContactFigures)] = []
        tracker.onContactEnded = { ended.append(($0.number, $0.phase, $1)) }
        h.observe = { tracker.deliver($0) }
        h.touch(down(0, 100, 100, time: 1000), down(1, 300, 100, time: 1000), .frame)
        for step in 1...60 {
            let time = UInt32(1000 + step * 8)
            h.touch(motion(0, 100 + Double(step), 100, time: time), motion(1, 300, 100 + Double(step), time: time), .frame)
            if step.isMultiple(of: 2) { h.machine.deliverHeldMoves() }
        }
        #expect(tracker.counts[.direct]?.now == 2 && tracker.counts[.direct]?.mostInGesture == 2)
        h.touch(up(0, time: 1490), .frame, .cancel)
        #expect(ended.map(\.number).sorted() == [1, 2])
        #expect(ended.map(\.phase).contains(.ended) && ended.map(\.phase).contains(.cancelled))
        for (_, _, figures) in ended {
            #expect(figures.sampleCount == 61)
            #expect(abs((figures.medianRate ?? 0) - 125) <= 1)
            #expect(abs(figures.pathLength - 60) < 1e-9)
        }
        #expect(tracker.figures.isEmpty && tracker.counts[.direct]?.now == 0 && tracker.counts[.direct]?.mostEver == 2)
    }

    /// Ten fingers cancelled in one delivery are reported in the order they came down, not
    /// in a set's order, which differs between runs: a replay's log is the same every time.
    @Test func contactsEndingTogetherAreReportedInTheOrderTheyBegan() throws {
        let h = Harness()
        let tracker = ContactTracker()
        var ended: [Int] = []
        tracker.onContactEnded = { touch, _ in ended.append(touch.number) }
        h.observe = { tracker.deliver($0) }
        for id in 0..<10 { h.touch(down(Int32(id), 50 + Double(id) * 30, 100, time: 1000)) }
        h.touch(.frame)
        h.touch(.cancel)
        #expect(ended.count == 10)
        #expect(ended == ended.sorted())
    }
}
