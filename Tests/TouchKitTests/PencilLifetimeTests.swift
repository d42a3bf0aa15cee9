import Testing
import TouchKit

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Every way a pencil touch ends without an `up`, and the pen's anomalies: tablet-v2 has no
/// cancel, so the machine must never leave a pen touch down.
@MainActor @Suite struct PencilLifetimeTests {
    /// A pen down at (10, 10) and moved to (20, 10), delivered.
    private func penDown(holding: Bool = false) -> Harness {
        let h = Harness()
        h.machine.holdsMovesUntilDisplayFrame = holding
        h.addTool()
        h.penIn(10, 10)
        h.pen(.down, .frame(time: 10), penMotion(20, 10), .frame(time: 20))
        return h
    }

    private func expectCancelledOnce(_ h: Harness, at location: Point = p(20, 10), frameDue: Bool = false,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(h.phaseLog.last == ["1:cancelled"], sourceLocation: sourceLocation)
        #expect(h.phaseLog.flatMap { $0 }.filter { $0.hasSuffix("cancelled") }.count == 1,
                sourceLocation: sourceLocation)
        #expect(h.deliveries.last?.first?.location == location, sourceLocation: sourceLocation)
        #expect(h.root.calls.last?.phase == .cancelled, sourceLocation: sourceLocation)
        #expect(h.machine.activeTouchCount == 0, sourceLocation: sourceLocation)
        #expect(h.machine.hasPendingInput == frameDue, "proximity_out waits for its frame",
                sourceLocation: sourceLocation)
    }

    // MARK: Cancelled

    @Test func proximityOutWhileDownCancelsAndIsReported() {
        let h = penDown()
        var hovers: [Point?] = []
        h.machine.onPencilHover = { _, _, location, _ in hovers.append(location) }
        h.pen(.proximityOut)
        expectCancelledOnce(h, frameDue: true)
        #expect(hovers.isEmpty, "no hover flashes up between the cancel and the leaving")
        h.pen(.frame(time: 30))
        #expect(h.deliveries.count == 3, "the frame after it delivers nothing more")
        #expect(h.anomalyKinds == ["proximity-out-while-down"])
        #expect(h.anomalies[0].device == "tablet-tool" && h.anomalies[0].details["tool"] == "1")
    }

    @Test func proximityOutBeforeTheDownsFrameBeginsThenCancels() {
        let h = Harness()
        h.addTool()
        h.penIn(10, 10)
        h.pen(.down, .proximityOut)
        #expect(h.phaseLog == [["1:began"], ["1:cancelled"]])
        #expect(h.anomalyKinds == ["proximity-out-while-down"] && h.machine.activeTouchCount == 0)
    }

    @Test func upAndProximityOutInOneFrameEndNormally() {
        let h = penDown()
        h.pen(.up, .proximityOut, .frame(time: 30))
        #expect(h.phaseLog.last == ["1:ended"] && h.anomalies.isEmpty)
        #expect(h.machine.activeTouchCount == 0)
    }

    @Test func heldMovesGoIntoTheCancellation() {
        let h = penDown(holding: true)
        h.pen(penMotion(30, 10), .frame(time: 30), penMotion(40, 10))
        h.pen(.proximityOut)
        expectCancelledOnce(h, at: p(40, 10), frameDue: true)
        #expect(!h.phaseLog.flatMap { $0 }.contains("1:moved"), "a cancelled touch is never reported moved")
    }

    @Test func toolRemovedWhileDownCancelsAndIsReported() {
        let h = penDown()
        h.machine.tabletToolRemoved(Harness.tool0, seat: Harness.seat0)
        expectCancelledOnce(h)
        #expect(h.anomalyKinds == ["removed-while-down"] && h.anomalies[0].details["event"] == "tool-removed")
        #expect(h.machine.tabletTools(for: Harness.seat0).isEmpty)
    }

    @Test func toolRemovedWhileHoveringIsNoAnomaly() {
        let h = Harness()
        h.addTool()
        var hovers: [Point?] = []
        h.machine.onPencilHover = { _, _, location, _ in hovers.append(location) }
        h.penIn(10, 10)
        h.machine.tabletToolRemoved(Harness.tool0, seat: Harness.seat0)
        #expect(h.anomalies.isEmpty && h.deliveries.isEmpty && hovers == [p(10, 10), nil])
    }

    @Test func tabletRemovedWhileDownCancelsOnlyItsTools() {
        let h = penDown()
        h.addTool(Harness.tool1)
        h.penIn(300, 300, tablet: Harness.tablet1, tool: Harness.tool1)
        h.pen(.down, .frame(time: 25), tool: Harness.tool1)
        h.machine.tabletRemoved(Harness.tablet0, seat: Harness.seat0)
        #expect(h.phaseLog.last == ["1:cancelled", "2:stationary"])
        #expect(h.anomalyKinds == ["removed-while-down"] && h.anomalies[0].details["event"] == "tablet-removed")
        h.pen(penMotion(310, 300), .frame(time: 30), tool: Harness.tool1)
        #expect(h.phaseLog.last == ["2:moved"])
        // Tool 0 is out of proximity now: its events are reported, not delivered.
        h.pen(penMotion(30, 10), .frame(time: 31))
        #expect(h.anomalyKinds.last == "tool-event-outside-proximity" && h.phaseLog.last == ["2:moved"])
    }

    @Test func seatRemovedCancelsPensAndFingersTogether() {
        let h = penDown()
        h.touch(down(0, 100, 100), .frame)
        h.machine.seatRemoved(Harness.seat0)
        let cancelled = h.phaseLog.flatMap { $0 }.filter { $0.hasSuffix("cancelled") }
        #expect(Set(cancelled) == ["1:cancelled", "2:cancelled"])
        #expect(h.anomalyKinds == ["lost-without-cancel", "removed-while-down"])
        #expect(h.anomalies[1].details["event"] == "seat-removed")
        #expect(h.machine.activeTouchCount == 0 && !h.machine.hasPendingInput)
    }

    @Test func theAppCancellingEverythingCancelsThePenUntilItTouchesAgain() {
        let h = penDown()
        var hovers: [Point?] = []
        h.machine.onPencilHover = { _, _, location, _ in hovers.append(location) }
        h.machine.cancelAllTouches()
        expectCancelledOnce(h)
        h.pen(penMotion(30, 10), .frame(time: 30))
        #expect(hovers.isEmpty, "the tip is still down: no hover")
        h.pen(.up, .frame(time: 40))
        #expect(h.deliveries.count == 3 && h.anomalies.isEmpty, "the rest of that stroke is nobody's")
        #expect(hovers == [p(30, 10)], "lifted: hovering again")
        h.pen(.down, .frame(time: 50))
        #expect(h.phaseLog.last == ["2:began"])
    }

    @Test func surfaceLostCancelsAndEndsTheHover() {
        let h = penDown()
        var hovers: [Point?] = []
        h.machine.onPencilHover = { _, _, location, _ in hovers.append(location) }
        h.machine.surfaceLost()
        expectCancelledOnce(h)
        #expect(hovers.isEmpty, "it was touching, not hovering")
        h.pen(penMotion(30, 10), .frame(time: 30))
        #expect(h.anomalyKinds == ["tool-event-outside-proximity"])
    }

    // MARK: Never stuck

    @Test func aMissingFrameAfterUpIsFlushedAndReported() {
        let h = penDown()
        h.pen(.up)
        #expect(h.machine.hasPendingInput)
        h.machine.flushPendingInput()
        #expect(h.phaseLog.last == ["1:ended"] && h.machine.activeTouchCount == 0)
        #expect(h.anomalyKinds == ["tool-events-without-frame"])
        #expect(h.anomalies[0].details["up"] == "true" && h.anomalies[0].details["event"] == "up")
    }

    @Test func aMissingFrameAfterDownIsFlushedAsBegan() {
        let h = Harness()
        h.addTool()
        h.penIn(10, 10)
        h.pen(.down, .pressure(100))
        #expect(h.machine.activeTouchCount == 1 && h.machine.hasPendingInput)
        h.machine.flushPendingInput()
        #expect(h.phaseLog == [["1:began"]] && !h.machine.hasPendingInput)
        #expect(h.anomalyKinds == ["tool-events-without-frame"] && h.anomalies[0].details["events"] == "2")
    }

    @Test func aQuietPenIsReportedPossiblyStuckOnceButNotEnded() {
        let h = penDown()
        h.machine.stuckTouchThreshold = 10
        h.now += 11
        h.machine.checkForStuckTouches()
        h.machine.checkForStuckTouches()
        #expect(h.anomalyKinds == ["possibly-stuck"] && h.anomalies[0].device == "tablet-tool")
        #expect(h.machine.activeTouchCount == 1)
        h.pen(penMotion(30, 10), .frame(time: 30))
        h.now += 11
        h.machine.checkForStuckTouches()
        #expect(h.anomalyKinds == ["possibly-stuck", "possibly-stuck"])
    }

    // MARK: Anomalies

    @Test func eventsOutsideProximityAreReportedAndIgnored() {
        let h = Harness()
        h.addTool()
        h.pen(penMotion(10, 10), .pressure(5), .button(code: 0x14b, pressed: true), .frame(time: 1))
        #expect(h.anomalyKinds == Array(repeating: "tool-event-outside-proximity", count: 3))
        #expect(h.anomalies.map { $0.details["event"] } == ["motion", "pressure", "button"])
        #expect(h.deliveries.isEmpty)
    }

    @Test func downWithoutProximityBeginsNothing() {
        let h = Harness()
        h.addTool()
        h.pen(.down, .frame(time: 1), .up, .frame(time: 2))
        #expect(h.anomalyKinds == ["down-without-proximity", "tool-event-outside-proximity"])
        #expect(h.deliveries.isEmpty && h.machine.activeTouchCount == 0)
    }

    @Test func motionAfterUpWithoutAFrameEndsWhereThePenLifted() {
        let h = penDown()
        var hovers: [Point?] = []
        h.machine.onPencilHover = { _, _, location, _ in hovers.append(location) }
        h.pen(.up, penMotion(50, 50), penMotion(60, 60), .frame(time: 30))
        #expect(h.phaseLog.last == ["1:ended"] && h.deliveries.last?.first?.location == p(20, 10))
        #expect(h.anomalyKinds == ["motion-after-up"], "once per frame")
        #expect(hovers == [p(60, 60)], "the motion moved the hover")
    }

    @Test func proximityOnAForeignSurfaceCancelsAndIgnoresTheToolUntilItReturns() {
        let h = penDown()
        h.machine.tabletToolProximityInForeignSurface(Harness.tool0, seat: Harness.seat0)
        expectCancelledOnce(h)
        #expect(h.anomalyKinds == ["proximity-out-while-down", "foreign-surface-proximity"])
        h.pen(penMotion(5, 5), .down, .frame(time: 30), .up, .frame(time: 31), .proximityOut, .frame(time: 32))
        #expect(h.deliveries.count == 3 && h.anomalies.count == 2, "its events there are the other surface's")
        h.penIn(40, 40)
        h.pen(.down, .frame(time: 40))
        #expect(h.phaseLog.last == ["2:began"])
    }

    @Test func anUnannouncedAxisIsReportedOnceAndUsed() throws {
        let h = Harness()
        h.addTool(capabilities: [.tilt])
        h.penIn(10, 10)
        h.pen(.down, .pressure(65535), .frame(time: 1), .pressure(32768), .frame(time: 2))
        h.pen(.tilt(x: 10, y: 0), .rotation(5), .frame(time: 3))
        #expect(h.anomalyKinds == ["unannounced-axis", "unannounced-axis"])
        #expect(h.anomalies.map { $0.details["event"] } == ["pressure", "rotation"])
        let touch = try #require(h.lastPencilTouches.first)
        #expect(touch.maximumPossibleForce == 2 && abs(touch.force - 1) < 1e-4)
    }

    @Test func anUnannouncedToolIsAPenWithEveryAxis() throws {
        let h = Harness()
        h.pen(.proximityIn(tablet: Harness.tablet0), penMotion(1, 1), .down, .pressure(65535),
              .tilt(x: 1, y: 1), .distance(0), .rotation(1), .frame(time: 1))
        #expect(h.anomalies.isEmpty)
        let touch = try #require(h.lastPencilTouches.first)
        #expect(touch.toolDescription?.type == .pen && touch.force == 2)
    }
}
