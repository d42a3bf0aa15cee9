import Testing
import TouchKit

/// Cancel, lifetimes, and what the machine does with what the protocol does not lead us to expect.
@MainActor @Suite struct TouchRecoveryTests {
    @Test func cancelEndsEveryTouchOfTheSeatInOneCallWithoutAFrame() {
        let h = Harness()
        h.touch(down(0, 10, 10), down(1, 20, 20), .frame, down(2, 30, 30), motion(0, 15, 10))
        h.touch(.cancel)
        #expect(h.phaseLog == [["1:began", "2:began"], ["1:stationary", "2:stationary", "3:began"],
                               ["1:cancelled", "2:cancelled", "3:cancelled"]])
        #expect(h.root.calls.last == RecordingView.Call(phase: .cancelled, numbers: h.deliveries[2].map(\.number)))
        #expect(h.root.calls.filter { $0.phase == .cancelled }.count == 1)
        #expect(h.deliveries[2][0].location == Point(x: 15, y: 10), "cancelled at the latest known place")
        #expect(h.machine.activeTouchCount == 0 && h.anomalies.isEmpty)
    }

    @Test func cancelLeavesOtherSeatsAlone() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, seat: Harness.seat0)
        h.touch(down(0, 20, 20), .frame, seat: Harness.seat1)
        h.touch(.cancel, seat: Harness.seat1)
        #expect(h.phaseLog.last == ["1:stationary", "2:cancelled"])
        h.touch(motion(0, 11, 10), .frame, seat: Harness.seat0)
        #expect(h.phaseLog.last == ["1:moved"])
    }

    @Test func nothingIsDeliveredAfterCancel() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, .cancel)
        let before = h.deliveries.count
        h.touch(motion(0, 20, 20), up(0), .frame)
        #expect(h.deliveries.count == before)
        #expect(h.anomalyKinds == ["unknown-touch-id", "unknown-touch-id"])
    }

    @Test func cancelWithNothingDownIsAnAnomaly() {
        let h = Harness()
        h.touch(.cancel)
        #expect(h.anomalyKinds == ["cancel-without-touches"] && h.deliveries.isEmpty)
    }

    @Test func unknownIdsAreReportedAndIgnored() {
        let h = Harness()
        h.touch(motion(7, 1, 1), up(8), .shape(id: 9, major: 1, minor: 1), .orientation(id: 9, degrees: 1), .frame)
        #expect(h.anomalyKinds == Array(repeating: "unknown-touch-id", count: 4))
        #expect(h.anomalies.map { $0.details["event"] } == ["motion", "up", "shape", "orientation"])
        #expect(h.deliveries.isEmpty)
    }

    @Test func duplicateDownCancelsTheOldTouch() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, down(0, 50, 50), .frame)
        #expect(h.anomalyKinds == ["duplicate-down"])
        #expect(h.phaseLog == [["1:began"], ["1:cancelled", "2:began"]])
        h.touch(up(0), .frame)
        #expect(h.phaseLog.last == ["2:ended"])
    }

    @Test func duplicateDownInsideOneFrame() {
        let h = Harness()
        h.touch(down(0, 10, 10), down(0, 50, 50), .frame)
        #expect(h.phaseLog == [["1:began", "2:began"], ["1:cancelled", "2:stationary"]])
    }

    @Test func flushDeliversWhenGnomeSendsNoFrameAfterUp() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, up(0))
        #expect(h.deliveries.count == 1)
        h.machine.flushPendingInput()
        #expect(h.phaseLog == [["1:began"], ["1:ended"]])
        #expect(h.anomalyKinds == ["no-frame-after-up"])
        #expect(h.anomalies.first?.device == "touch" && h.anomalies.first?.seat == Harness.seat0)
        h.machine.flushPendingInput()
        #expect(h.anomalies.count == 1, "nothing pending, nothing to report")
    }

    @Test func flushOfOtherEventsIsADifferentAnomaly() {
        let h = Harness()
        h.touch(down(0, 10, 10))
        h.machine.flushPendingInput()
        #expect(h.anomalyKinds == ["events-without-frame"] && h.phaseLog == [["1:began"]])
    }

    @Test func losingTheTouchCapabilityCancels() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame)
        h.machine.touchCapabilityLost(seat: Harness.seat0)
        #expect(h.phaseLog.last == ["1:cancelled"])
        #expect(h.anomalyKinds == ["lost-without-cancel"], "the compositor did not cancel first")
        h.touch(down(0, 10, 10), .frame)
        #expect(h.phaseLog.last == ["2:began"], "the seat works again when the capability returns")
    }

    @Test func removingTheSeatCancelsTouchesAndPointer() {
        let h = Harness()
        h.pointer(.enter(location: Point(x: 5, y: 5)), .button(time: 0, button: 0x110, pressed: true), .frame)
        h.touch(down(0, 10, 10), .frame)
        h.machine.seatRemoved(Harness.seat0)
        #expect(h.machine.activeTouchCount == 0)
        let cancelled = h.deliveries.flatMap { $0 }.filter { $0.phase == .cancelled }
        #expect(cancelled.count == 2)
        #expect(h.machine.pointerLocation(for: Harness.seat0) == nil)
    }

    @Test func losingTheSurfaceCancelsEverything() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, seat: Harness.seat0)
        h.touch(down(0, 20, 20), seat: Harness.seat1)
        h.machine.surfaceLost()
        let phases = h.deliveries.flatMap { $0 }.filter { $0.phase.isTerminal }.map(\.phase)
        #expect(phases == [.cancelled, .cancelled])
        #expect(h.machine.activeTouchCount == 0)
    }

    @Test func seatNamesLabelTouchesAndAnomalies() {
        let h = Harness()
        var names: [String] = []
        h.observe = { names = $0.allTouches.map(\.seatName).sorted() }
        h.touch(down(0, 1, 1), .frame, seat: Harness.seat1)
        #expect(names == ["seat@2"])
        h.machine.setSeatName("seat1", for: Harness.seat1)
        h.touch(down(1, 1, 1), .frame, seat: Harness.seat1)
        #expect(names == ["seat1", "seat1"])
        h.touch(.cancel, seat: Harness.seat0)
        #expect(h.anomalies.first?.seatName == "seat@1")
    }

    @Test func touchNumbersAndIdentifiers() {
        let h = Harness()
        var touches: [Touch] = []
        h.observe = { touches = $0.allTouches.sorted { $0.number < $1.number } }
        h.touch(down(5, 1, 1), down(3, 1, 1), .frame)
        #expect(touches.map(\.identifier) == [5, 3])
        #expect(touches[1].number == touches[0].number + 1)
        #expect(touches.allSatisfy { $0.type == .direct && $0.type.name == "touch" })
    }
}
