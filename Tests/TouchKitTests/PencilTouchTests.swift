import Testing
import TouchKit

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// A tablet tool's tip as a UIKit pencil touch: phases, coalescing, several tools and fingers
/// at once, and the hover.
@MainActor @Suite struct PencilTouchTests {
    private func penHarness(holding: Bool = false) -> Harness {
        let h = Harness()
        h.machine.holdsMovesUntilDisplayFrame = holding
        h.addTool()
        return h
    }

    @Test func downMotionAndUpInSeparateFramesAreBeganMovedEnded() throws {
        let h = penHarness()
        h.penIn(10, 10, time: 1000)
        #expect(h.deliveries.isEmpty, "hovering is no touch")
        h.pen(.down, .pressure(20000), .frame(time: 1004))
        h.pen(penMotion(20, 10), .pressure(40000), .frame(time: 1008))
        h.pen(penMotion(30, 12), .frame(time: 1012))
        h.pen(.up, .frame(time: 1016))
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:moved"], ["1:ended"]])
        #expect(h.deliveries.map { $0[0].location } == [p(10, 10), p(20, 10), p(30, 12), p(30, 12)])
        #expect(h.deliveries.map { $0[0].timestamp } == [1.004, 1.008, 1.012, 1.016])
        #expect(h.root.calls.map(\.phase) == [.began, .moved, .moved, .ended])
        #expect(h.machine.activeTouchCount == 0 && !h.machine.hasPendingInput && h.anomalies.isEmpty)
    }

    @Test func axesSentAfterDownInTheSameFrameBelongToTheDown() throws {
        let h = penHarness()
        var forces: [Double] = []
        h.observe = { event in forces += event.allTouches.map(\.force) }
        h.penIn(10, 10)
        h.pen(.down, .pressure(65535), .tilt(x: 45, y: 0), .frame(time: 1))
        #expect(forces == [2])
        let touch = try #require(h.lastPencilTouches.first)
        #expect(abs(touch.altitudeAngle - .pi / 4) < 1e-9)
    }

    @Test func downAndUpInOneFrameBeginThenEnd() {
        let h = penHarness()
        h.penIn(10, 10)
        h.pen(.down, .up, .frame(time: 5))
        #expect(h.phaseLog == [["1:began"], ["1:ended"]])
        #expect(h.machine.activeTouchCount == 0)
    }

    @Test func motionWhileHoveringDeliversNothing() {
        let h = penHarness()
        h.penIn(10, 10)
        h.pen(penMotion(20, 20), .distance(1000), .frame(time: 2))
        #expect(h.deliveries.isEmpty && h.machine.activeTouchCount == 0)
    }

    @Test func anAxisOrButtonAloneMovesTheTouchInPlace() throws {
        let h = penHarness()
        h.penIn(10, 10)
        h.pen(.down, .pressure(1000), .frame(time: 1))
        h.pen(.pressure(60000), .frame(time: 2))
        h.pen(.button(code: TabletToolButton.stylus, pressed: true), .frame(time: 3))
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:moved"]])
        #expect(h.deliveries.map { $0[0].location } == [p(10, 10), p(10, 10), p(10, 10)])
        let touch = try #require(h.lastPencilTouches.first)
        #expect(abs(touch.force - 2 * 60000 / 65535) < 1e-9 && touch.pressedButtons == [0x14b])
    }

    @Test func heldMotionFramesBecomeOneMoveWithEverySampleCoalesced() throws {
        let h = penHarness(holding: true)
        var coalesced: [(Point, Double, TouchPhase)] = []
        var predicted = 0
        h.root.onMoved = { touches, event in
            for touch in touches {
                coalesced = event.coalescedTouches(for: touch).map {
                    ($0.location(in: nil), $0.force, $0.phase)
                }
                predicted = event.predictedTouches(for: touch).count
            }
        }
        h.penIn(10, 10, time: 1000)
        h.pen(.down, .pressure(0), .frame(time: 1000))
        // A pen reports at 200 Hz: five frames inside one display frame.
        for i in 1...5 {
            h.pen(penMotion(10 + Double(i) * 4, 10), .pressure(UInt32(i) * 13107),
                  .frame(time: 1000 + UInt32(i) * 5))
        }
        #expect(h.phaseLog == [["1:began"]] && h.machine.hasHeldMoves)
        h.machine.deliverHeldMoves()
        #expect(h.phaseLog == [["1:began"], ["1:moved"]])
        #expect(coalesced.map(\.0) == (1...5).map { p(10 + Double($0) * 4, 10) })
        let expectedForces: [Double] = (1...5).map { Double($0 * 13107) / 65535 * 2 }
        #expect(coalesced.map(\.1) == expectedForces)
        #expect(coalesced.allSatisfy { $0.2 == .moved })
        #expect(predicted == 2, "pencil touches are predicted like fingers")
        // The up after held moves: the moves go first, then the end on its own.
        h.pen(penMotion(40, 10), .frame(time: 1030))
        h.pen(.up, .frame(time: 1035))
        #expect(h.phaseLog.suffix(2) == [["1:moved"], ["1:ended"]])
    }

    @Test func aPenAndTwoFingersAreSeparateTouchesInOneEvent() throws {
        let h = penHarness()
        var types: [[TouchType]] = []
        h.observe = { event in
            types.append(event.allTouches.sorted { $0.number < $1.number }.map(\.type))
        }
        h.touch(down(0, 100, 100), down(1, 200, 100), .frame)
        h.penIn(300, 300)
        h.pen(.down, .frame(time: 1))
        #expect(h.phaseLog.last == ["1:stationary", "2:stationary", "3:began"])
        #expect(types.last == [.direct, .direct, .pencil])
        h.touch(motion(0, 110, 100), .frame)
        h.pen(penMotion(310, 300), .frame(time: 2))
        #expect(h.phaseLog.suffix(2) == [["1:moved", "2:stationary", "3:stationary"],
                                         ["1:stationary", "2:stationary", "3:moved"]])
        h.touch(up(0), up(1), .frame)
        #expect(h.phaseLog.last == ["1:ended", "2:ended", "3:stationary"])
        h.pen(.up, .frame(time: 3))
        #expect(h.phaseLog.last == ["3:ended"] && h.machine.activeTouchCount == 0)
    }

    @Test func twoToolsOnTwoTabletsAreTwoTouches() throws {
        let h = penHarness()
        h.addTool(Harness.tool1, type: .pencil, serial: 7)
        h.penIn(10, 10, tablet: Harness.tablet0)
        h.penIn(500, 10, tablet: Harness.tablet1, tool: Harness.tool1)
        h.pen(.down, .frame(time: 1))
        h.pen(.down, .frame(time: 1), tool: Harness.tool1)
        #expect(h.phaseLog == [["1:began"], ["1:stationary", "2:began"]])
        let touches = h.lastPencilTouches
        #expect(touches.map(\.tabletTool) == [Harness.tool0, Harness.tool1])
        #expect(touches.map(\.tablet) == [Harness.tablet0, Harness.tablet1])
        #expect(touches.map { $0.toolDescription?.type } == [.pen, .pencil])
        #expect(touches[0].identifier != touches[1].identifier)
        h.pen(.up, .frame(time: 2), tool: Harness.tool1)
        #expect(h.phaseLog.last == ["1:stationary", "2:ended"])
        h.pen(penMotion(20, 10), .frame(time: 3))
        #expect(h.phaseLog.last == ["1:moved"])
    }

    @Test func hoverIsReportedWhenItChangesAndEndsAtDownAndProximityOut() {
        let h = penHarness()
        var hovers: [String] = []
        h.machine.onPencilHover = { tool, seat, location, distance in
            let place = location.map { "\($0.x),\($0.y)" } ?? "nil"
            hovers.append("\(tool.raw)@\(seat.raw) \(place) \(distance.map { "\($0)" } ?? "-")")
        }
        h.pen(.proximityIn(tablet: Harness.tablet0), penMotion(10, 10), .frame(time: 1))
        h.pen(.distance(65535), .frame(time: 2))
        h.pen(.frame(time: 3))  // nothing changed: nothing said
        h.pen(penMotion(12, 10), .distance(0), .frame(time: 4))
        h.pen(.down, .frame(time: 5))
        h.pen(penMotion(14, 10), .frame(time: 6))  // touching: a touch, not a hover
        h.pen(.up, .frame(time: 7))
        h.pen(.proximityOut, .frame(time: 8))
        #expect(hovers == ["1@1 10.0,10.0 -", "1@1 10.0,10.0 1.0", "1@1 12.0,10.0 0.0",
                           "1@1 nil -", "1@1 14.0,10.0 0.0", "1@1 nil -"])
    }

    @Test func fingerAndPointerBehaviourIsUnchangedByAToolHovering() {
        let h = penHarness()
        h.penIn(10, 10)
        h.touch(down(0, 10, 10), .frame, motion(0, 20, 20), .frame, up(0), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:ended"]])
        #expect(h.anomalies.isEmpty)
    }
}
