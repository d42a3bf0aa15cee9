import Testing
import TouchKit

/// Each anomaly, sent through the machine: reported exactly once, with the event that showed it.
/// And normal sequences report nothing.
@MainActor @Suite struct AnomalyTests {
    private let left: UInt32 = 0x110

    /// The only anomaly reported, when there is exactly one.
    private func only(_ h: Harness, sourceLocation: SourceLocation = #_sourceLocation) -> TouchAnomaly? {
        #expect(h.anomalies.count == 1, "\(h.anomalyKinds)", sourceLocation: sourceLocation)
        return h.anomalies.count == 1 ? h.anomalies.first : nil
    }

    // MARK: Missing frames

    @Test func noFrameAfterTheLastUpLooksLikeMutter() {
        let h = Harness()
        h.touch(down(0, 10, 10, time: 100), .frame, up(0, time: 150))
        h.machine.flushPendingInput()
        let anomaly = only(h)
        #expect(anomaly?.kind == "no-frame-after-up" && anomaly?.device == "touch")
        #expect(anomaly?.details == ["event": "up", "id": "0", "time": "150", "looksLike": "mutter"])
        #expect(h.phaseLog.last == ["1:ended"])
    }

    @Test func noFrameAfterAnUpWithAFingerStillDownLooksLikeNothingKnown() {
        let h = Harness()
        h.touch(down(0, 10, 10, time: 10), down(1, 20, 20, time: 10), .frame, up(1, time: 40))
        h.machine.flushPendingInput()
        let anomaly = only(h)
        #expect(anomaly?.kind == "no-frame-after-up")
        #expect(anomaly?.details == ["event": "up", "id": "1", "time": "40", "looksLike": "unknown"])
    }

    @Test func noFrameAfterAPointerReleaseNamesTheButton() {
        let h = Harness()
        h.pointer(.enter(location: .zero), .button(time: 5, button: left, pressed: true), .frame,
                  .button(time: 9, button: left, pressed: false))
        h.machine.flushPendingInput()
        let anomaly = only(h)
        #expect(anomaly?.kind == "no-frame-after-up" && anomaly?.device == "pointer")
        #expect(anomaly?.details == ["event": "button", "button": "272", "time": "9", "looksLike": "unknown"])
    }

    @Test func eventsWithoutFrameNameTheLastEventAndCountThem() {
        let h = Harness()
        h.touch(down(0, 10, 10, time: 10), .frame, motion(0, 11, 10, time: 20), motion(0, 12, 10, time: 30))
        h.machine.flushPendingInput()
        let anomaly = only(h)
        #expect(anomaly?.kind == "events-without-frame" && anomaly?.device == "touch")
        #expect(anomaly?.details == ["event": "motion", "id": "0", "time": "30", "events": "2"])
        h.machine.flushPendingInput()
        #expect(h.anomalies.count == 1, "a flush with nothing pending reports nothing")
    }

    // MARK: Ids

    @Test(arguments: [
        (RawTouchInput.motion(id: 4, time: 70, location: Point(x: 1, y: 1)), ["event": "motion", "id": "4", "time": "70"]),
        (RawTouchInput.shape(id: 4, major: 8, minor: 6), ["event": "shape", "id": "4"]),
        (RawTouchInput.orientation(id: 4, degrees: 30), ["event": "orientation", "id": "4"]),
        (RawTouchInput.up(id: 4, time: 70), ["event": "up", "id": "4", "time": "70"]),
    ])
    func eventsForAnIdThatIsNotDownAreUnknown(input: RawTouchInput, details: [String: String]) {
        let h = Harness()
        h.touch(down(0, 10, 10, time: 60), .frame, input, .frame)
        let anomaly = only(h)
        #expect(anomaly?.kind == "unknown-touch-id" && anomaly?.device == "touch")
        #expect(anomaly?.details == details)
        #expect(h.phaseLog == [["1:began"]], "ignored")
    }

    @Test func aDownForAnIdAlreadyDownIsADuplicate() {
        let h = Harness()
        h.touch(down(3, 10, 10, time: 1), .frame, down(3, 50, 50, time: 8), .frame)
        let anomaly = only(h)
        #expect(anomaly?.kind == "duplicate-down")
        #expect(anomaly?.details == ["event": "down", "id": "3", "time": "8"])
    }

    // MARK: Stuck touches

    @Test func aTouchQuietForTheThresholdIsPossiblyStuckOnce() {
        let h = Harness()
        h.now = 100
        h.touch(down(2, 10, 10, time: 500), .frame)
        h.machine.checkForStuckTouches(now: 109.9)
        #expect(h.anomalies.isEmpty)
        h.machine.checkForStuckTouches(now: 110)
        let anomaly = only(h)
        #expect(anomaly?.kind == "possibly-stuck" && anomaly?.device == "touch")
        #expect(anomaly?.details == ["event": "down", "id": "2", "time": "500", "idle": "10.0"])
        h.machine.checkForStuckTouches(now: 200)
        #expect(h.anomalies.count == 1, "reported once until the touch gets an event")
        #expect(h.machine.activeTouchCount == 1, "reported, never ended")
    }

    @Test func anEventRearmsTheStuckCheck() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame)
        h.machine.checkForStuckTouches(now: 10)
        h.now = 20
        h.touch(.shape(id: 0, major: 8, minor: 8), .frame)
        h.machine.checkForStuckTouches(now: 29)
        #expect(h.anomalies.count == 1)
        h.machine.checkForStuckTouches(now: 30)
        #expect(h.anomalyKinds == ["possibly-stuck", "possibly-stuck"])
        #expect(h.anomalies.last?.details["event"] == "shape" && h.anomalies.last?.details["id"] == "0")
    }

    @Test func theStuckThresholdIsConfigurableAndTheWindowClockIsTheDefault() {
        let h = Harness()
        h.machine.stuckTouchThreshold = 2
        h.now = 5
        h.touch(down(0, 10, 10), down(1, 20, 20), .frame)
        h.now = 6
        h.touch(motion(1, 21, 20), .frame)
        h.now = 7
        h.machine.checkForStuckTouches()
        #expect(h.anomalies.map { $0.details["id"] } == ["0"])
        h.now = 8
        h.machine.checkForStuckTouches()
        #expect(h.anomalies.map { $0.details["id"] } == ["0", "1"])
    }

    @Test func touchesThatEndedOrWereCancelledAreNeverStuck() {
        let h = Harness()
        h.touch(down(0, 10, 10), down(1, 20, 20), .frame, up(0), .frame)
        h.touch(down(0, 10, 10), .frame, seat: Harness.seat1)
        h.touch(.cancel)
        h.machine.touchCapabilityLost(seat: Harness.seat1)
        let kinds = h.anomalyKinds
        h.machine.checkForStuckTouches(now: 1_000)
        #expect(h.anomalyKinds == kinds && !kinds.contains("possibly-stuck"))
    }

    // MARK: Losses

    @Test func losingTheTouchCapabilityWithTouchesDownIsLostWithoutCancel() {
        let h = Harness()
        h.touch(down(1, 10, 10), .frame, down(0, 20, 20))
        h.machine.touchCapabilityLost(seat: Harness.seat0)
        let anomaly = only(h)
        #expect(anomaly?.kind == "lost-without-cancel" && anomaly?.device == "touch")
        #expect(anomaly?.details == ["event": "capability-lost", "touches": "2", "ids": "0,1"])
        #expect(h.phaseLog.last == ["1:cancelled", "2:cancelled"], "the machine still cancels them")
        h.machine.seatRemoved(Harness.seat0)
        #expect(h.anomalies.count == 1, "nothing left to lose")
    }

    @Test func removingTheSeatWithTouchesDownIsLostWithoutCancel() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame)
        h.touch(down(5, 10, 10), .frame, seat: Harness.seat1)
        h.machine.seatRemoved(Harness.seat1)
        let anomaly = only(h)
        #expect(anomaly?.kind == "lost-without-cancel" && anomaly?.seat == Harness.seat1)
        #expect(anomaly?.details == ["event": "seat-removed", "touches": "1", "ids": "5"])
        #expect(h.phaseLog.last == ["1:stationary", "2:cancelled"])
    }

    @Test func lossesAfterTheCompositorCancelledAreNormal() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, .cancel)
        h.machine.touchCapabilityLost(seat: Harness.seat0)
        h.touch(down(0, 10, 10), .frame, up(0), .frame)
        h.machine.seatRemoved(Harness.seat0)
        #expect(h.anomalies.isEmpty)
    }

    // MARK: Foreign surfaces

    @Test func aRunOfForeignSurfaceEventsIsOneAnomaly() {
        let h = Harness()
        h.machine.foreignSurfaceEvent(seat: Harness.seat0, device: "touch", event: "down", id: 3, time: 77)
        h.touch(.frame)
        h.machine.foreignSurfaceEvent(seat: Harness.seat0, device: "touch", event: "motion", id: 3, time: 80)
        let anomaly = only(h)
        #expect(anomaly?.kind == "foreign-surface" && anomaly?.device == "touch")
        #expect(anomaly?.details == ["event": "down", "id": "3", "time": "77"])
        #expect(h.deliveries.isEmpty && h.machine.activeTouchCount == 0)

        // Another device, or the same one after an event for our surface, is a new occurrence.
        h.machine.foreignSurfaceEvent(seat: Harness.seat0, device: "pointer", event: "enter")
        h.touch(down(0, 1, 1), .frame, up(0), .frame)
        h.machine.foreignSurfaceEvent(seat: Harness.seat0, device: "touch", event: "down", id: 3)
        #expect(h.anomalyKinds == Array(repeating: "foreign-surface", count: 3))
        #expect(h.anomalies.map(\.device) == ["touch", "pointer", "touch"])
        #expect(h.anomalies.last?.details == ["event": "down", "id": "3"])
    }

    // MARK: Cancel and buttons

    @Test func aCancelWithNothingDownNamesTheCancel() {
        let h = Harness()
        h.touch(down(0, 1, 1), .frame, up(0), .frame, .cancel)
        let anomaly = only(h)
        #expect(anomaly?.kind == "cancel-without-touches" && anomaly?.details == ["event": "cancel"])
    }

    @Test func aButtonBeforeEnterNamesTheButton() {
        let h = Harness()
        h.pointer(.button(time: 12, button: left, pressed: true), .frame)
        let anomaly = only(h)
        #expect(anomaly?.kind == "button-without-location")
        #expect(anomaly?.details == ["event": "button", "button": "272", "time": "12"])
    }

    // MARK: Normal input

    @Test func normalSequencesReportNothing() {
        let h = Harness()
        // Two fingers, frames after every event, shape and orientation, ids reused.
        h.touch(down(0, 10, 10, time: 1), .frame, down(1, 20, 20, time: 2), .frame)
        h.touch(motion(0, 12, 10, time: 3), .shape(id: 0, major: 9, minor: 7),
                .orientation(id: 0, degrees: 20), motion(1, 22, 20, time: 3), .frame)
        h.touch(up(0, time: 4), .frame, up(1, time: 5), .frame)
        h.touch(down(0, 30, 30, time: 6), up(0, time: 7), .frame)
        // A cancel with touches down, the second seat too.
        h.touch(down(0, 10, 10, time: 8), .frame, down(1, 10, 10, time: 8), .frame, .cancel)
        h.touch(down(0, 10, 10), .frame, .cancel, seat: Harness.seat1)
        // The pointer, pressed and released with frames, and hovering.
        h.pointer(.enter(location: .zero), .motion(time: 9, location: Point(x: 1, y: 1)), .frame,
                  .button(time: 10, button: left, pressed: true), .frame,
                  .motion(time: 11, location: Point(x: 2, y: 2)), .frame,
                  .button(time: 12, button: left, pressed: false), .frame, .leave)
        h.machine.flushPendingInput()
        h.machine.checkForStuckTouches(now: 1_000)
        h.machine.touchCapabilityLost(seat: Harness.seat0)
        h.machine.seatRemoved(Harness.seat1)
        h.machine.surfaceLost()
        #expect(h.anomalies.isEmpty, "\(h.anomalyKinds)")
        #expect(h.deliveries.count > 10)
    }

    @Test func frameReadyInputFlushedAfterItsFrameIsNormal() {
        let h = Harness()
        h.machine.holdsMovesUntilDisplayFrame = true
        h.touch(down(0, 10, 10), .frame, motion(0, 11, 10), .frame)
        h.machine.flushPendingInput()
        h.machine.deliverHeldMoves()
        h.touch(up(0), .frame)
        #expect(h.anomalies.isEmpty)
    }

    /// Beyond `maximumActiveTouches` a down is ignored, once reported, and so is the rest of
    /// that finger's life; the fingers already down go on, and a slot freed takes a new finger.
    @Test func aDownBeyondTheLimitIsIgnoredWithItsFinger() {
        let h = Harness()
        let limit = TouchInputMachine.maximumActiveTouches
        for id in 0..<Int32(limit) { h.touch(down(id, Double(id), 10)) }
        h.touch(.frame)
        #expect(h.machine.activeTouchCount == limit)
        h.touch(down(500, 300, 300), .frame)
        #expect(h.anomalyKinds == ["too-many-touches"])
        #expect(h.anomalies.first?.details["id"] == "500" && h.anomalies.first?.details["limit"] == "\(limit)")
        h.touch(motion(500, 310, 300), .frame, up(500), .frame)
        #expect(h.anomalyKinds == ["too-many-touches"], "its later events are not reported again")
        #expect(h.deliveries.flatMap { $0 }.allSatisfy { $0.location.x != 300 && $0.location.x != 310 },
                "nothing of the ignored finger is delivered")
        #expect(h.machine.activeTouchCount == limit)

        h.touch(up(0), .frame)
        h.touch(down(500, 200, 200), .frame)
        #expect(h.phaseLog.last?.contains("\(limit + 1):began") == true, "\(String(describing: h.phaseLog.last))")
        #expect(h.anomalyKinds == ["too-many-touches"])
    }

    /// The limit counts fingers down as the compositor says: a finger lifted in the same frame,
    /// a finger put down again, or a mouse press takes no place from a new finger.
    @Test func theLimitCountsFingersDownNow() {
        let h = Harness()
        let limit = Int32(TouchInputMachine.maximumActiveTouches)
        h.pointer(.enter(location: Point(x: 5, y: 5)), .button(time: 0, button: 0x110, pressed: true), .frame)
        for id in 0..<limit - 1 { h.touch(down(id, Double(id), 10)) }
        h.touch(.frame)
        h.touch(down(limit - 1, 1, 1), .frame)
        #expect(h.anomalyKinds.isEmpty, "the mouse press takes no finger's place: \(h.anomalyKinds)")
        h.touch(up(0), down(900, 2, 2), .frame)
        #expect(h.anomalyKinds.isEmpty, "a finger lifted in the same frame frees its place: \(h.anomalyKinds)")
        h.touch(down(5, 3, 3), .frame)
        #expect(h.anomalyKinds == ["duplicate-down"], "a finger down again keeps its place")
    }

    /// A cancel when only ignored fingers were down is no anomaly, and forgets them: their ids
    /// count as unknown afterwards.
    @Test func aCancelForgetsIgnoredFingers() {
        let h = Harness()
        let limit = Int32(TouchInputMachine.maximumActiveTouches)
        for id in 0..<limit { h.touch(down(id, 1, 1), seat: Harness.seat0) }
        h.touch(.frame, seat: Harness.seat0)
        h.touch(down(0, 1, 1), .frame, seat: Harness.seat1)
        #expect(h.anomalyKinds == ["too-many-touches"])
        h.touch(.cancel, seat: Harness.seat1)
        #expect(h.anomalyKinds == ["too-many-touches"], "the ignored finger was down: \(h.anomalyKinds)")
        h.touch(motion(0, 2, 2), .frame, seat: Harness.seat1)
        #expect(h.anomalyKinds == ["too-many-touches", "unknown-touch-id"])
    }

    // MARK: The list

    @Test func everyKindIsListedWithAOneSentenceExplanation() {
        #expect(TouchAnomaly.allKinds == [
            "no-frame-after-up", "events-without-frame", "unknown-touch-id", "duplicate-down",
            "cancel-without-touches", "button-without-location", "possibly-stuck",
            "lost-without-cancel", "foreign-surface", "too-many-touches",
            "tool-event-outside-proximity", "down-without-proximity", "motion-after-up",
            "tool-events-without-frame", "foreign-surface-proximity", "proximity-out-while-down",
            "removed-while-down", "unannounced-axis",
        ])
        for category in TouchAnomaly.Category.allCases {
            let text = category.explanation
            #expect(text.hasSuffix("."), "\(category.rawValue)")
            #expect(text.dropLast().allSatisfy { $0 != "." && $0 != "\n" }, "\(category.rawValue): one sentence")
            #expect(text.count > 20)
        }
        let anomaly = TouchAnomaly(category: .possiblyStuck, seat: Harness.seat0, seatName: "seat0", device: "touch")
        #expect(anomaly.explanation == TouchAnomaly.Category.possiblyStuck.explanation)
    }
}
