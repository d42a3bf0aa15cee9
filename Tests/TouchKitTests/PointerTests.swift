import Testing
import TouchKit

/// wl_pointer: a held button is a touch of type pointer.
@MainActor @Suite struct PointerTests {
    private let left: UInt32 = 0x110
    private let right: UInt32 = 0x111

    @Test func pressMoveRelease() {
        let h = Harness()
        var touch: Touch? { h.touchObjects.values.first }
        h.pointer(.enter(location: Point(x: 5, y: 6)), .frame,
                  .motion(time: 10, location: Point(x: 7.5, y: 8)), .frame)
        #expect(h.deliveries.isEmpty, "hover moves nothing")
        #expect(h.machine.pointerLocation(for: Harness.seat0) == Point(x: 7.5, y: 8))
        h.pointer(.button(time: 20, button: left, pressed: true), .frame)
        #expect(touch?.type == .indirectPointer && touch?.identifier == Int32(left))
        #expect(touch?.location(in: nil) == Point(x: 7.5, y: 8), "began where the pointer was")
        h.pointer(.motion(time: 30, location: Point(x: 20, y: 8)), .frame,
                  .button(time: 40, button: left, pressed: false), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:moved"], ["1:ended"]])
        #expect(h.root.calls.map(\.phase) == [.began, .moved, .ended])
        #expect(touch?.timestamp == 0.04)
    }

    /// Hover is told apart from touches: where the pointer is while no button is held, and
    /// nothing while one is (the press is a touch then).
    @Test func hoverIsToldWhileNoButtonIsHeld() {
        let h = Harness()
        var hovers: [String] = []
        h.machine.onPointerHover = { seat, location in
            hovers.append(location.map { "\(seat.raw):\($0.x),\($0.y)" } ?? "\(seat.raw):none")
        }
        h.pointer(.enter(location: Point(x: 5, y: 6)), .frame,
                  .motion(time: 10, location: Point(x: 7, y: 8)), .frame, .frame)
        h.pointer(.button(time: 20, button: left, pressed: true), .frame,
                  .motion(time: 30, location: Point(x: 20, y: 8)), .frame)
        h.pointer(.button(time: 40, button: left, pressed: false), .frame)
        h.pointer(.leave, .frame)
        let seat = Harness.seat0.raw
        #expect(hovers == ["\(seat):5.0,6.0", "\(seat):7.0,8.0", "\(seat):none", "\(seat):20.0,8.0", "\(seat):none"],
                "a frame alone or a motion while pressed changes nothing")
        h.pointer(.enter(location: Point(x: 1, y: 2)), .frame)
        h.machine.pointerCapabilityLost(seat: Harness.seat0)
        h.pointer(.enter(location: Point(x: 3, y: 4)), .frame)
        h.machine.seatRemoved(Harness.seat0)
        #expect(hovers.suffix(4) == ["\(seat):1.0,2.0", "\(seat):none", "\(seat):3.0,4.0", "\(seat):none"],
                "losing the pointer or the seat ends the hover")
    }

    /// Replacing the views (a scene switch) cancels the press but not the pointer's place: the
    /// hover comes back at once and a click with no motion after it is a touch where it was.
    @Test func cancellingAllTouchesKeepsThePointerWhereItIs() {
        let h = Harness()
        var hovers: [Point?] = []
        h.machine.onPointerHover = { _, location in hovers.append(location) }
        h.pointer(.enter(location: Point(x: 5, y: 6)), .button(time: 1, button: left, pressed: true), .frame)
        h.machine.cancelAllTouches()
        #expect(h.phaseLog == [["1:began"], ["1:cancelled"]])
        #expect(hovers == [Point(x: 5, y: 6), nil, Point(x: 5, y: 6)])
        h.pointer(.button(time: 2, button: left, pressed: false), .frame)
        h.pointer(.button(time: 3, button: left, pressed: true), .frame)
        #expect(h.phaseLog.last == ["2:began"])
        #expect(h.deliveries.last?.first?.location == Point(x: 5, y: 6))
        #expect(h.anomalies.isEmpty, "\(h.anomalyKinds)")
        h.machine.surfaceLost()
        #expect(hovers.last == .some(nil), "a lost surface forgets the pointer")
    }

    /// Touch numbers count per machine (per window), so a second window's touches, such as an
    /// app's own title bar's, leave no gap in the first one's logs.
    @Test func eachMachineNumbersItsTouchesFromOne() {
        let first = Harness(), second = Harness()
        first.touch(down(0, 10, 10), .frame)
        second.touch(down(0, 10, 10), .frame, up(0), .frame)
        second.pointer(.enter(location: .zero), .button(time: 1, button: left, pressed: true), .frame)
        first.touch(down(1, 20, 20), .frame)
        #expect(first.deliveries.flatMap { $0 }.map(\.number) == [1, 1, 2], "\(first.deliveries)")
        #expect(Set(second.deliveries.flatMap { $0 }.map(\.number)) == [1, 2])
    }

    @Test func onlyTheLastReleaseEnds() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .button(time: 0, button: left, pressed: true), .frame,
                  .button(time: 1, button: right, pressed: true), .frame,
                  .button(time: 2, button: left, pressed: false), .frame)
        #expect(h.phaseLog == [["1:began"]])
        h.pointer(.button(time: 3, button: right, pressed: false), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:ended"]])
    }

    @Test func pointerEventsWaitForTheirFrame() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .button(time: 0, button: left, pressed: true))
        #expect(h.deliveries.isEmpty)
        h.pointer(.button(time: 5, button: left, pressed: false), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:ended"]], "press and release in one frame")
    }

    @Test func leaveWhilePressedCancels() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .button(time: 0, button: left, pressed: true), .frame, .leave)
        #expect(h.phaseLog == [["1:began"], ["1:cancelled"]])
        h.pointer(.frame, .button(time: 1, button: left, pressed: false), .frame)
        #expect(h.deliveries.count == 2, "nothing after cancel")
        #expect(h.machine.pointerLocation(for: Harness.seat0) == nil)
    }

    @Test func enterWithoutLeaveWhilePressedCancelsTheOldPress() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .button(time: 0, button: left, pressed: true), .frame,
                  .enter(location: Point(x: 9, y: 9)), .frame,
                  .button(time: 1, button: left, pressed: true), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:cancelled"], ["2:began"]])
    }

    @Test func leaveWithoutAButtonDeliversNothing() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .frame, .leave, .frame)
        #expect(h.deliveries.isEmpty && h.anomalies.isEmpty)
    }

    @Test func capabilityLossWhilePressedCancels() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .button(time: 0, button: left, pressed: true), .frame)
        h.machine.pointerCapabilityLost(seat: Harness.seat0)
        #expect(h.phaseLog == [["1:began"], ["1:cancelled"]])
    }

    @Test func pointerAndFingersShareEvents() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame)
        h.pointer(.enter(location: .zero), .button(time: 0, button: left, pressed: true), .frame)
        h.touch(motion(0, 11, 10), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:stationary", "2:began"], ["1:moved", "2:stationary"]])
        h.touch(.cancel)
        #expect(h.phaseLog.last == ["1:cancelled", "2:stationary"], "wl_touch.cancel leaves the pointer alone")
    }

    @Test func aButtonBeforeEnterIsAnAnomaly() {
        let h = Harness()
        h.pointer(.button(time: 0, button: left, pressed: true), .frame)
        #expect(h.anomalyKinds == ["button-without-location"] && h.deliveries.isEmpty)
    }

    @Test func pointerReleaseWithoutFrameIsFlushed() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .button(time: 0, button: left, pressed: true), .frame,
                  .button(time: 1, button: left, pressed: false))
        h.machine.flushPendingInput()
        #expect(h.phaseLog.last == ["1:ended"])
        #expect(h.anomalies.map(\.device) == ["pointer"] && h.anomalyKinds == ["no-frame-after-up"])
    }
}
