import Testing
import TouchKit

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// `holdsMovesUntilDisplayFrame`: moves wait for `deliverHeldMoves()`, everything else is
/// delivered at once (docs/architecture.md, *Input model*).
@MainActor @Suite struct HeldMovesTests {
    private func heldHarness() -> Harness {
        let h = Harness()
        h.machine.holdsMovesUntilDisplayFrame = true
        return h
    }

    @Test func movesAreNotDeliveredUntilTheDisplayFrame() {
        let h = heldHarness()
        h.touch(down(0, 10, 10), .frame)
        #expect(h.phaseLog == [["1:began"]] && !h.machine.hasHeldMoves)
        h.touch(motion(0, 20, 10), .frame, motion(0, 30, 10), .frame)
        h.touch(.shape(id: 0, major: 20, minor: 10), .frame)
        #expect(h.phaseLog == [["1:began"]])
        #expect(h.machine.hasHeldMoves && !h.machine.hasPendingInput)
        h.machine.deliverHeldMoves()
        #expect(h.phaseLog == [["1:began"], ["1:moved"]])
        #expect(h.deliveries[1][0].location == p(30, 10) && h.deliveries[1][0].previous == p(10, 10))
        #expect(!h.machine.hasHeldMoves)
        h.machine.deliverHeldMoves()
        #expect(h.deliveries.count == 2, "nothing held: nothing delivered")
    }

    @Test func fiveMotionFramesBecomeOneMoveWithFiveCoalescedSamples() {
        let h = heldHarness()
        let capture = SampleCapture(h)
        var handlerCoalesced: [[Point]] = []
        var lookups: [String?] = []
        var touchNames: [Touch: String] = [:]
        h.root.onMoved = { touches, event in
            for touch in touches {
                touchNames[touch] = "finger"
                let coalesced = event.coalescedTouches(for: touch)
                handlerCoalesced.append(coalesced.map { $0.preciseLocation(in: h.root) })
                lookups = coalesced.map { touchNames[$0] }
            }
        }
        h.touch(down(0, 10, 10, time: 1000), .frame)
        for i in 1...5 {
            h.touch(motion(0, 10 + Double(i) * 2.5, 10 + Double(i) * 0.25, time: 1000 + UInt32(i) * 4), .frame)
        }
        #expect(h.root.calls.map(\.phase) == [.began])
        h.machine.deliverHeldMoves()
        #expect(h.root.calls.map(\.phase) == [.began, .moved], "one touchesMoved")

        let moved = capture.last[0]
        #expect(moved.phase == .moved && moved.snapshotsAreDistinctCopies)
        let expected = (1...5).map { p(10 + Double($0) * 2.5, 10 + Double($0) * 0.25) }
        #expect(moved.coalesced.map(\.location) == expected)
        #expect(moved.coalesced.map(\.timestamp) == [1.004, 1.008, 1.012, 1.016, 1.020])
        #expect(moved.coalesced.map(\.phase) == Array(repeating: .moved, count: 5))
        #expect(moved.coalesced.map(\.previous) == [p(10, 10)] + expected.dropLast())
        #expect(moved.coalesced.last?.location == moved.location)
        #expect(moved.coalesced.last?.timestamp == moved.timestamp)
        #expect(handlerCoalesced == [expected])
        #expect(lookups == Array(repeating: nil, count: 5), "snapshots are not the finger's key")
    }

    @Test func beganIsNeverDelayedAndCarriesTheHeldMoves() {
        let h = heldHarness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10, time: 0), .frame)
        h.touch(motion(0, 12, 10, time: 8), .frame)
        h.touch(motion(0, 14, 10, time: 16), down(1, 50, 50, time: 16), motion(1, 52, 50, time: 17), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:moved", "2:began"]])
        #expect(!h.machine.hasHeldMoves)
        let event = capture.last
        #expect(event[0].coalesced.map(\.location) == [p(12, 10), p(14, 10)])
        #expect(event[1].coalesced.map(\.location) == [p(50, 50), p(52, 50)])
        #expect(event[1].coalesced.map(\.phase) == [.began, .moved])
        #expect(event[1].coalesced.map(\.previous) == [p(50, 50), p(50, 50)])
        #expect(event[1].coalesced.last?.location == event[1].location)
        #expect(event[1].coalesced.last?.timestamp == event[1].timestamp)
    }

    @Test func heldMovesOfOtherSeatsJoinABeganEvent() {
        let h = heldHarness()
        h.touch(down(0, 10, 10), .frame, seat: Harness.seat0)
        h.touch(motion(0, 20, 10), .frame, seat: Harness.seat0)
        h.touch(down(0, 50, 50), .frame, seat: Harness.seat1)
        #expect(h.phaseLog == [["1:began"], ["1:moved", "2:began"]])
    }

    @Test func anEndWhileMovesAreHeldDeliversTheMovesFirst() {
        let h = heldHarness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10, time: 0), down(1, 90, 90, time: 0), .frame)
        h.touch(motion(0, 20, 10, time: 8), motion(1, 91, 90, time: 8), .frame)
        h.touch(motion(0, 30, 10, time: 16), .frame)
        h.touch(motion(0, 40, 10, time: 24), up(0, time: 30), .frame)
        #expect(h.phaseLog == [["1:began", "2:began"], ["1:moved", "2:moved"], ["1:ended", "2:stationary"]])
        #expect(h.root.calls.map(\.phase) == [.began, .moved, .ended])
        for event in capture.events {
            #expect(Set(event.map(\.number)).count == event.count, "one phase per touch per event")
        }
        #expect(capture.events[1][0].coalesced.map(\.location) == [p(20, 10), p(30, 10)])
        #expect(capture.events[1][1].coalesced.map(\.location) == [p(91, 90)])
        let ended = capture.events[2][0]
        #expect(ended.coalesced.map(\.location) == [p(40, 10), p(40, 10)])
        #expect(ended.coalesced.map(\.phase) == [.moved, .ended])
        #expect(ended.coalesced.map(\.timestamp) == [0.024, 0.030])
        #expect(ended.location == p(40, 10) && ended.timestamp == 0.030)
        #expect(h.deliveries[2][0].previous == p(30, 10))
        #expect(!h.machine.hasHeldMoves)
    }

    @Test func anUpAloneAfterHeldMovesIsMovedThenEnded() {
        let h = heldHarness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10), .frame, motion(0, 20, 10), .frame, up(0), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:ended"]])
        #expect(capture.events[2][0].coalesced.map(\.phase) == [.ended])
        #expect(capture.events[2][0].location == p(20, 10))
    }

    enum Loss: String, CaseIterable {
        case cancel, capability, seat, surface, duplicateDown
    }

    @Test(arguments: Loss.allCases)
    func cancellationDropsHeldMoves(_ loss: Loss) {
        let h = heldHarness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10, time: 0), .frame)
        h.touch(motion(0, 20, 10, time: 8), .frame, motion(0, 30, 10, time: 16), .frame)
        h.touch(motion(0, 35, 10, time: 20))   // not framed yet
        switch loss {
        case .cancel: h.touch(.cancel)
        case .capability: h.machine.touchCapabilityLost(seat: Harness.seat0)
        case .seat: h.machine.seatRemoved(Harness.seat0)
        case .surface: h.machine.surfaceLost()
        case .duplicateDown: h.touch(down(0, 70, 70, time: 24), .frame)
        }
        #expect(!h.machine.hasHeldMoves)
        h.machine.deliverHeldMoves()
        h.touch(.frame)
        let phasesOfFirst = h.deliveries.compactMap { $0.first { $0.number == h.deliveries[0][0].number }?.phase }
        #expect(phasesOfFirst == [.began, .cancelled], "never moved")
        #expect(h.root.numbersByPhase[.moved] == nil)
        let cancelled = capture.events[1][0]
        #expect(cancelled.location == p(35, 10), "at the latest known location")
        #expect(cancelled.coalesced.last?.phase == .cancelled)
        #expect(cancelled.coalesced.last?.location == cancelled.location)
    }

    @Test func cancellingOneSeatDeliversTheOtherSeatsHeldMovesWithIt() {
        let h = heldHarness()
        h.touch(down(0, 10, 10), .frame, seat: Harness.seat0)
        h.touch(down(0, 50, 50), .frame, seat: Harness.seat1)
        h.touch(motion(0, 20, 10), .frame, seat: Harness.seat0)
        h.touch(motion(0, 60, 50), .frame, seat: Harness.seat1)
        h.touch(.cancel, seat: Harness.seat1)
        #expect(h.phaseLog.last == ["1:moved", "2:cancelled"])
        #expect(!h.machine.hasHeldMoves)
    }

    @Test func aFrameStillOpenStaysForTheNextDisplayFrame() {
        let h = heldHarness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10), .frame, motion(0, 20, 10), .frame, motion(0, 30, 10))
        h.machine.deliverHeldMoves()
        #expect(capture.last[0].coalesced.map(\.location) == [p(20, 10)])
        #expect(h.machine.hasPendingInput && !h.machine.hasHeldMoves)
        h.touch(motion(0, 40, 10), .frame)
        h.machine.deliverHeldMoves()
        #expect(capture.last[0].coalesced.map(\.location) == [p(30, 10), p(40, 10)])
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:moved"]])
    }

    @Test func aFlushWithoutAFrameHoldsMovesToo() {
        let h = heldHarness()
        h.touch(down(0, 10, 10), .frame, motion(0, 20, 10))
        h.machine.flushPendingInput()
        #expect(h.phaseLog == [["1:began"]] && h.machine.hasHeldMoves)
        #expect(h.anomalyKinds == ["events-without-frame"])
        h.machine.deliverHeldMoves()
        #expect(h.phaseLog == [["1:began"], ["1:moved"]])
    }

    @Test func pointerMovesAreHeldToo() {
        let h = heldHarness()
        h.pointer(.enter(location: p(5, 5)), .button(time: 0, button: 0x110, pressed: true), .frame)
        h.pointer(.motion(time: 8, location: p(6, 5)), .frame, .motion(time: 16, location: p(7, 5)), .frame)
        #expect(h.phaseLog == [["1:began"]])
        h.machine.deliverHeldMoves()
        #expect(h.phaseLog == [["1:began"], ["1:moved"]])
        h.pointer(.motion(time: 24, location: p(8, 5)), .frame, .leave)
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:cancelled"]])
        #expect(h.deliveries[2][0].location == p(8, 5))
    }

    @Test func stationaryTouchesHoldThemselvesAsTheirOneSample() {
        let h = heldHarness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10, time: 0), down(1, 50, 50, time: 0), .frame, motion(1, 60, 50, time: 8), .frame)
        h.machine.deliverHeldMoves()
        let still = capture.last[0]
        #expect(still.phase == .stationary)
        #expect(still.coalesced == [SampleCapture.Sample(location: p(10, 10), previous: p(10, 10),
                                                         timestamp: 0, phase: .stationary)])
        #expect(still.predicted.isEmpty)
    }

    @Test func touchesOutsideTheEventHaveNoSamples() {
        let h = heldHarness()
        var first: Touch?
        var results: [Int] = []
        h.observe = { event in
            guard let touch = event.allTouches.first else { return }
            if let first, touch !== first {
                results.append(event.coalescedTouches(for: first).count)
                results.append(event.predictedTouches(for: first).count)
                // A snapshot is not in the event either.
                if let snapshot = event.coalescedTouches(for: touch).first {
                    results.append(event.coalescedTouches(for: snapshot).count)
                }
            } else if first == nil {
                first = touch
            }
        }
        h.touch(down(0, 10, 10), .frame, up(0), .frame, down(1, 10, 10), .frame)
        #expect(results == [0, 0, 0])
    }

    @Test func shapeAndOrientationBelongToTheirFramesSamples() {
        let h = heldHarness()
        var radii: [[Double]] = []
        var orientations: [[Double?]] = []
        var touchRadius: Double?
        h.observe = { event in
            guard let touch = event.allTouches.first else { return }
            let coalesced = event.coalescedTouches(for: touch)
            radii.append(coalesced.map(\.majorRadius))
            orientations.append(coalesced.map(\.orientation))
            touchRadius = touch.majorRadius
        }
        h.touch(down(0, 10, 10), .frame)
        h.touch(motion(0, 11, 10), .shape(id: 0, major: 20, minor: 10), .frame)
        h.touch(motion(0, 12, 10), .frame)
        h.touch(.orientation(id: 0, degrees: 30), .frame)   // no motion: a sample where it is
        h.machine.deliverHeldMoves()
        #expect(radii.last == [10, 10, 10])
        #expect(orientations.last == [nil, nil, 30])
        #expect(touchRadius == 10)
        h.touch(.shape(id: 0, major: 40, minor: 10), motion(0, 13, 10), .frame)
        h.machine.deliverHeldMoves()
        #expect(radii.last == [20] && touchRadius == 20)
    }

    @Test func withoutHoldingEveryFrameIsDeliveredAtOnce() {
        let h = Harness()
        #expect(!h.machine.holdsMovesUntilDisplayFrame)
        h.touch(down(0, 10, 10), .frame, motion(0, 20, 10), .frame, motion(0, 30, 10), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:moved"]])
        #expect(!h.machine.hasHeldMoves)
        h.machine.deliverHeldMoves()
        #expect(h.deliveries.count == 3)
    }

    @Test func turningHoldingOffReleasesHeldMovesWithTheNextDelivery() {
        let h = heldHarness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10), .frame, motion(0, 20, 10), .frame)
        h.machine.holdsMovesUntilDisplayFrame = false
        #expect(h.machine.hasHeldMoves)
        h.touch(motion(0, 30, 10), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:moved"]])
        #expect(capture.last[0].coalesced.map(\.location) == [p(20, 10), p(30, 10)])
    }
}
