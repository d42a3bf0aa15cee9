import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// `check --all`'s steps through a real session, with no display: what ends each step, what
/// it reports, and how the suite moves on.
@MainActor
@Suite struct CheckSuiteTests {
    @MainActor final class Run {
        let h: SceneHarness
        let suite: CheckSuite
        var changes = 0

        init(_ steps: [CheckStepKind], offers: CheckSuite.Offers = .init(touch: true, tablet: false, pointerGestures: true, presentation: true),
             millimetres: (x: Double, y: Double)? = (0.2, 0.2)) throws {
            h = try SceneHarness(.inspect)
            suite = CheckSuite(steps: steps, offers: offers) { millimetres }
            h.session.beginCheck(suite) { [unowned self] _ in changes += 1 }
        }
    }

    /// `count` fingers down together, then lifted together.
    func fingers(_ run: Run, _ count: Int32) {
        for id in 0..<count { run.h.feed(.down(id: id, time: run.h.time, location: Point(x: 50 + Double(id) * 40, y: 100))) }
        run.h.feed(.frame)
        run.h.time += 8
        for id in 0..<count { run.h.feed(.up(id: id, time: run.h.time)) }
        run.h.feed(.frame)
    }

    /// One finger held `seconds`, wandering `wander` px, then lifted.
    func hold(_ run: Run, seconds: Double, wander: Double) {
        run.h.down(0, Point(x: 300, y: 300))
        let steps = 10
        for step in 1...steps {
            run.h.time += UInt32(seconds * 1000 / Double(steps + 1))
            run.h.feed(.motion(id: 0, time: run.h.time, location: Point(x: 300 + (step % 2 == 0 ? wander : -wander), y: 300)), .frame)
        }
        run.h.time += UInt32(seconds * 1000 / Double(steps + 1))
        run.h.feed(.up(id: 0, time: run.h.time), .frame)
    }

    @Test func stepsRunInTheirOwnOrderAndThoseThatCannotRunAreSkippedAtOnce() throws {
        let run = try Run([.glass, .pen, .fingers], offers: .init(touch: true, tablet: false, pointerGestures: false, presentation: false))
        #expect(run.suite.kinds == [.fingers, .pen, .glass])
        #expect(run.suite.prompt.hasPrefix("Step 1 of 3, the most fingers at once: Put down as many fingers"))
        fingers(run, 3)
        #expect(run.suite.isFinished, "the pen and glass steps cannot run, so the fingers end the suite")
        let result = run.suite.result
        #expect(result.steps.map(\.outcome) == [.passed, .skipped, .skipped])
        #expect(result.exitStatus == 0)
        #expect(run.changes == 1)
    }

    @Test func oneFingerDoesNotEndTheFingersStepButItsTimeoutFailsIt() throws {
        let run = try Run([.fingers, .still])
        run.h.down(0, Point(x: 100, y: 100))
        run.h.up(0)
        #expect(run.suite.currentKind == .fingers, "one finger alone may be the first of several")
        run.suite.timeOut()
        #expect(run.suite.currentKind == .still, "a step that times out fails and the suite goes on")
        #expect(run.suite.result.steps.first?.reasons.first?.hasPrefix("only one finger at a time arrived") == true)
        #expect(run.suite.result.steps.last?.reasons == ["the check was stopped before this step finished"])
        #expect(run.suite.result.exitStatus == 1)
    }

    @Test func aHoldTooShortAsksAgainAndAStillOneIsJudgedInMillimetres() throws {
        let run = try Run([.still])
        hold(run, seconds: 1, wander: 0.5)
        #expect(!run.suite.isFinished)
        #expect(run.suite.prompt.contains("That was 0.9 s.") || run.suite.prompt.contains("That was 1.0 s."), "\(run.suite.prompt)")
        hold(run, seconds: 2.2, wander: 1)
        #expect(run.suite.isFinished)
        let step = try #require(run.suite.result.steps.first)
        #expect(step.outcome == .passed, "1 px at 0.2 mm is 0.2 mm: \(step)")
        #expect(step.findings.last == "jitter radius 0.20 mm; the limit is 0.5 mm", "\(step.findings)")
    }

    @Test func aWanderingFingerFailsAndWithoutASizeTheStepIsSkipped() throws {
        let wandering = try Run([.still])
        hold(wandering, seconds: 2.2, wander: 4)
        #expect(wandering.suite.result.steps.first?.outcome == .failed)
        let unsized = try Run([.still], millimetres: nil)
        hold(unsized, seconds: 2.2, wander: 4)
        let step = try #require(unsized.suite.result.steps.first)
        #expect(step.outcome == .skipped)
        #expect(step.reasons == ["the output gives no physical size, so the jitter (4.00 px) cannot be judged in millimetres"])
        #expect(unsized.suite.result.exitStatus == 2, "nothing passed or failed")
    }

    @Test func theTouchpadStepWantsASwipeAndAPinchAndNamesABrokenSequence() throws {
        let run = try Run([.touchpad])
        func gesture(_ kind: TouchpadGesture.Kind, _ phase: TouchpadGesture.Phase, fingers: Int) {
            run.h.session.handle(TouchpadGesture(kind: kind, phase: phase, fingers: fingers, location: Point(x: 10, y: 10), time: 1),
                                 time: 1, seat: run.h.seat)
        }
        gesture(.pinch, .changed, fingers: 2)
        gesture(.swipe, .began, fingers: 3)
        gesture(.swipe, .changed, fingers: 3)
        gesture(.swipe, .ended, fingers: 3)
        #expect(run.suite.prompt.contains("Swipe seen. Now pinch"))
        gesture(.pinch, .began, fingers: 2)
        gesture(.pinch, .cancelled, fingers: 2)
        #expect(run.suite.isFinished)
        let step = try #require(run.suite.result.steps.first)
        #expect(step.outcome == .failed)
        #expect(step.reasons == ["broken gesture sequence: a pinch update came with no begin"])
        #expect(step.findings.prefix(2) == ["swipe: 3 fingers, 1 updates, ended", "pinch: 2 fingers, 0 updates, cancelled"])
    }

    @Test func theGlassStepNeedsAStrokeOfASecondWithFeedback() throws {
        let run = try Run([.glass])
        run.h.stroke((0...60).map { Point(x: 100 + Double($0) * 3, y: 200) })  // 0.5 s
        run.suite.notePresented(inputToPresent: 0.012, frames: 1, refreshNanoseconds: 16_666_667, flags: [])
        #expect(!run.suite.isFinished, "half a second is too short a stroke")
        run.h.down(0, Point(x: 100, y: 100))
        for step in 1...140 {  // 8 ms apart: 1.12 s
            run.h.move(0, Point(x: 100 + Double(step) * 3, y: 100))
            run.suite.notePresented(inputToPresent: 0.012 + Double(step % 5) / 1000, frames: 1, refreshNanoseconds: 16_666_667, flags: ["vsync"])
        }
        run.h.up(0)
        #expect(run.suite.isFinished)
        let result = run.suite.result
        #expect(result.steps.first?.outcome == .passed)
        #expect(result.touchToGlassMilliseconds.count == 141 && abs(result.refreshMilliseconds - 16.667) < 0.001)

        let slow = try Run([.glass])
        slow.h.down(0, Point(x: 100, y: 100))
        for step in 1...140 {
            slow.h.move(0, Point(x: 100 + Double(step), y: 100))
            slow.suite.notePresented(inputToPresent: 0.080, frames: 5, refreshNanoseconds: 16_666_667, flags: [])
        }
        slow.h.up(0)
        #expect(slow.suite.result.steps.first?.reasons == ["median touch→glass 80.0 ms is over 50.0 ms (3 refreshes): the compositor holds frames"])
    }

    // MARK: The cancel and pen steps, as parts of the suite

    @Test func theCancelStepPassesOnACancelAndFailsOnUps() throws {
        let cancelled = try Run([.cancel, .fingers])
        for id: Int32 in 0..<3 { cancelled.h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        cancelled.h.feed(.cancel)
        #expect(cancelled.suite.currentKind == .fingers)
        let lifted = try Run([.cancel])
        for id: Int32 in 0..<3 { lifted.h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        for id: Int32 in 0..<3 { lifted.h.up(id) }
        #expect(lifted.suite.isFinished)
        #expect(cancelled.suite.result.steps.first?.outcome == .passed)
        let step = try #require(lifted.suite.result.steps.first)
        #expect(step.outcome == .failed && step.reasons.first?.hasPrefix("no wl_touch.cancel arrived") == true)
        #expect(!step.findings.contains { $0.hasPrefix("pen") || $0.hasPrefix("latency") }, "the other steps' parts are theirs")
    }

    /// A pen stroke from down to up, `frames` frames 5 ms apart, with pressure unless told not.
    func penStroke(_ run: Run, tool: TabletToolID, pressure: Bool = true) {
        var time: UInt32 = 1000
        func pen(_ inputs: RawTabletToolInput...) {
            for input in inputs { run.h.session.handle(input, tool: tool, seat: run.h.seat) }
            time += 5
            run.h.session.handle(.frame(time: time), tool: tool, seat: run.h.seat)
        }
        pen(.proximityIn(tablet: TabletID(1)), .motion(location: Point(x: 200, y: 300)))
        if pressure { pen(.down, .pressure(20000), .tilt(x: 5, y: 0)) } else { pen(.down, .tilt(x: 5, y: 0)) }
        for step in 1...10 {
            if pressure {
                pen(.motion(location: Point(x: 200 + Double(step) * 10, y: 300)), .pressure(20000 + UInt32(step) * 1000), .tilt(x: 5, y: 0))
            } else {
                pen(.motion(location: Point(x: 200 + Double(step) * 10, y: 300)), .tilt(x: 5, y: 0))
            }
        }
        pen(.up)
        // Then down again and out of range with the tip down: the app cancels it.
        pen(.down)
        pen(.motion(location: Point(x: 320, y: 300)))
        pen(.proximityOut)
    }

    @Test(arguments: [true, false])
    func thePenStepJudgesWhatThePenAnnounced(pressureArrives: Bool) throws {
        let tool = TabletToolID(1)
        let run = try Run([.pen], offers: .init(touch: true, tablet: true, pointerGestures: false, presentation: false))
        run.h.session.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, capabilities: [.pressure, .tilt]), seat: run.h.seat)
        #expect(run.suite.prompt.contains("Now the pen: draw a stroke"))
        penStroke(run, tool: tool, pressure: pressureArrives)
        #expect(run.suite.isFinished)
        let step = try #require(run.suite.result.steps.first)
        #expect(step.outcome == (pressureArrives ? .passed : .failed), "\(step)")
        if !pressureArrives { #expect(step.reasons.first == "pen: tool@1 announced pressure but none arrived during the stroke") }
        #expect(!step.findings.contains { $0.hasPrefix("fingers held") }, "the pen step has no finger part")
    }

    @Test func aPenThatNeverComesFailsThePenStepEvenWithNoToolAnnounced() throws {
        let run = try Run([.pen], offers: .init(touch: true, tablet: true, pointerGestures: false, presentation: false))
        run.suite.timeOut()
        let step = try #require(run.suite.result.steps.first)
        #expect(step.outcome == .failed && step.reasons == ["timed out waiting for a pen stroke"], "\(step)")
    }

    @Test func noTouchpadGestureAtAllIsSkippedButAHalfDoneOneFails() throws {
        let silent = try Run([.touchpad])
        silent.suite.timeOut()
        #expect(silent.suite.result.steps.first?.outcome == .skipped)
        #expect(silent.suite.result.steps.first?.reasons == ["no touchpad gesture arrived in the time given: no touchpad, or none was used"])
        let half = try Run([.touchpad])
        half.h.session.handle(TouchpadGesture(kind: .swipe, phase: .began, fingers: 3, location: Point(x: 10, y: 10), time: 1),
                              time: 1, seat: half.h.seat)
        half.suite.timeOut()
        #expect(half.suite.result.steps.first?.outcome == .failed)
    }

    @Test func aSuiteStoppedMidStepKeepsWhatTheStepSawAndTheSkippedStaySkipped() throws {
        let run = try Run([.fingers, .still, .glass], offers: .init(touch: true, tablet: false, pointerGestures: false, presentation: false))
        fingers(run, 2)
        run.h.down(0, Point(x: 300, y: 300))  // the still step has begun, and is cut short
        let steps = run.suite.result.steps
        #expect(steps.map(\.outcome) == [.passed, .failed, .skipped])
        #expect(steps[1].reasons == ["the check was stopped before this step finished"])
        #expect(steps[2].reasons.first?.hasPrefix("the compositor offers no wp_presentation") == true)
    }

    @Test func aToolAnnouncedDuringAnEarlierStepCountsForThePenStep() throws {
        let tool = TabletToolID(1)
        let run = try Run([.cancel, .pen], offers: .init(touch: true, tablet: true, pointerGestures: false, presentation: false))
        run.h.session.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, capabilities: [.pressure, .tilt]), seat: run.h.seat)
        for id: Int32 in 0..<3 { run.h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        run.h.feed(.cancel)
        #expect(run.suite.currentKind == .pen)
        penStroke(run, tool: tool, pressure: false)
        let step = try #require(run.suite.result.steps.last)
        #expect(step.reasons.first == "pen: tool@1 announced pressure but none arrived during the stroke", "the tool's announcement was kept: \(step)")
    }
}
