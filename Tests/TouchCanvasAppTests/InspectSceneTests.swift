import Rendering
import Foundation
import Testing
import TouchCanvasConstants
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The inspector's numbers, the HUD's text, the red cancel marks and the guided check, with
/// no display: fed through the real input machine.
@MainActor
@Suite struct InspectSceneTests {
    func watched(_ h: SceneHarness, _ inspector: InputInspector, _ check: CompositorCheck? = nil) {
        h.machine.onDeliver = { event in
            inspector.noteDelivery(event)
            check?.delivered(event)
        }
        h.machine.onAnomaly = { anomaly in
            inspector.noteAnomaly(anomaly)
            check?.anomaly(anomaly)
        }
    }

    @Test func countsPhasesAndKeepsATableOfActiveTouches() throws {
        let h = try SceneHarness(.inspect)
        let clock = TestClock(100)
        let inspector = InputInspector(clock: clock.read)
        watched(h, inspector)
        h.down(0, Point(x: 10, y: 20))
        h.down(1, Point(x: 30, y: 40))
        clock.now += 0.5
        h.move(0, Point(x: 12.5, y: 20))
        #expect(inspector.began == 2)
        #expect(inspector.rows.map(\.identifier) == [0, 1])
        #expect(inspector.rows.first?.location == Point(x: 12.5, y: 20))
        #expect(inspector.rows.first?.phase == .moved && inspector.rows.last?.phase == .stationary)
        #expect(inspector.rows.first?.began == 100, "age counts from began, not the last move")
        h.up(0)
        h.feed(.cancel)
        #expect(inspector.ended == 1 && inspector.cancelled == 1 && inspector.rows.isEmpty)
        let text = InspectorHUDText.lines(for: inspector)
        #expect(text.contains("began 2   ended 1   cancelled 1   frames 0"))
        #expect(text.contains("(no touch down)"))
    }

    @Test func ratesAndLatencyLookBackOneSecond() {
        let clock = TestClock(100)
        let inspector = InputInspector(clock: clock.read)
        for i in 0..<5 {
            inspector.noteInputEvent(isFrame: i % 2 == 0)
            inspector.noteCommit(latency: Double(i + 1) / 1000)
            clock.now += 0.1
        }
        #expect(inspector.eventsPerSecond == 5 && inspector.commitsPerSecond == 5 && inspector.frames == 3)
        #expect(inspector.latency?.median == 0.003 && inspector.latency?.worst == 0.005)
        #expect(inspector.hasRecentActivity)
        clock.now += 1.0
        #expect(inspector.eventsPerSecond == 0 && inspector.commitsPerSecond == 0 && inspector.latency == nil)
        #expect(!inspector.hasRecentActivity)
    }

    /// Touch→glass: median and worst over the last second, the frames waited, the discards;
    /// the HUD has the line only once presentation feedback came.
    @Test func touchToGlassLooksBackOneSecondAndShowsInTheHUD() {
        let clock = TestClock(100)
        let inspector = InputInspector(clock: clock.read)
        #expect(!InspectorHUDText.lines(for: inspector).contains { $0.hasPrefix("touch→glass") })
        for (latency, frames) in [(0.020, 1), (0.030, 2), (0.022, 1)] {
            inspector.notePresented(inputToPresent: latency, frames: frames)
            clock.now += 0.1
        }
        inspector.noteDiscarded()
        inspector.notePresented(inputToPresent: .nan, frames: 9)
        let glass = inspector.glassLatency
        #expect(glass?.median == 0.022 && glass?.worst == 0.030 && glass?.frames == 1)
        #expect(InspectorHUDText.lines(for: inspector).contains("touch→glass median 22.00 ms worst 30.00 ms   waited 1 frame   discarded 1"),
                "\(InspectorHUDText.lines(for: inspector))")
        clock.now += 1.0
        #expect(inspector.glassLatency == nil)
        #expect(InspectorHUDText.lines(for: inspector).contains("touch→glass –   discarded 1"))
    }

    /// The session counts touch→glass per input frame where a report has them: a commit that
    /// showed three frames counts three, a discarded commit's frames (shown by the commit that
    /// replaced it) count too, and a report without any counts its oldest input.
    @Test func theSessionCountsTouchToGlassPerInputFrame() {
        let session = AppSession(.init(scene: .trace, width: 400, height: 300))
        func report(presented: Bool, oldest: Double, samples: [Double]) -> PresentationReport {
            PresentationReport(presentedNanoseconds: presented ? 1_000 : nil, inputNanoseconds: 0, refreshNanoseconds: 16_666_667,
                               inputToPresent: presented ? oldest : nil, inputToCommit: 0.001,
                               commitToPresent: presented ? oldest - 0.001 : nil, frames: 0, flags: [], touches: [0],
                               sampleToPresent: samples)
        }
        session.notePresentation(report(presented: true, oldest: 0.016, samples: [0.016, 0.011, 0.006]))
        session.notePresentation(report(presented: false, oldest: 0, samples: [0.009, 0.004]))
        session.notePresentation(report(presented: true, oldest: 0.030, samples: []))
        let glass = session.inspector.glassLatency
        // 16, 11, 6, 9, 4 and 30 ms: six figures, median 11, worst 30.
        #expect(glass?.median == 0.011 && glass?.worst == 0.030, "\(String(describing: glass))")
        #expect(session.inspector.discardedCommits == 1)
    }

    @Test func theReportsLatencyLines() {
        let check = CompositorCheck()
        #expect(check.report(seats: []).contains("latency: the compositor offers no wp_presentation; touch→glass not measured"))
        check.presentationOffered()
        #expect(check.report(seats: []).contains("latency: no presentation feedback arrived (discarded 0)"))
        for (ms, frames) in [(20.0, 1), (25, 2), (21, 1), (40, 3)] {
            check.notePresented(inputToPresent: ms / 1000, frames: frames, refreshNanoseconds: 16_666_667, flags: ["hw_clock", "vsync"])
        }
        check.noteDiscarded()
        check.notePresented(inputToPresent: .infinity, frames: 1, refreshNanoseconds: 0, flags: [])
        let report = check.report(seats: [])
        #expect(report.contains("latency: touch→glass over 4 frames: median 25.00 ms, p95 40.00 ms, worst 40.00 ms"), "\(report)")
        #expect(report.contains("latency: refresh 16.67 ms (60.0 Hz); at the first vblank after the input: 50 %; discarded 1"))
        #expect(report.contains("latency: flags vsync, hw_clock"))
    }

    @Test func anomaliesAreListedNewestLastAndCounted() throws {
        let h = try SceneHarness(.inspect)
        let inspector = InputInspector()
        watched(h, inspector)
        for id: Int32 in 0..<8 { h.feed(.up(id: 40 + id, time: 1), .frame) }
        #expect(inspector.anomalies.count == InputInspector.anomalyLimit)
        #expect(inspector.anomalyCounts["unknown-touch-id"] == 8)
        #expect(inspector.anomalies.last?.anomaly.details["id"] == "47")
        #expect(InspectorHUDText.lines(for: inspector).last?.hasPrefix("⚠ unknown-touch-id") == true)
    }

    @Test func aCancelledTouchLeavesARedRingAndItsStrokeThatFadeAway() throws {
        let h = try SceneHarness(.inspect)
        h.down(0, Point(x: 200, y: 200))
        h.move(0, Point(x: 240, y: 200), Point(x: 280, y: 200))
        _ = h.render()
        h.feed(.cancel)
        let view = try #require(h.root as? InspectView)
        let mark = try #require(view.cancelMarks.first)
        #expect(view.cancelMarks.count == 1)
        #expect(mark.strokePoints.count >= 3)
        _ = h.render()
        let red = PixelColor(red: 0xE0, green: 0x1B, blue: 0x24)
        #expect((h.pixel(280, 200 - (CancelMarkView.ringRadius - CancelMarkView.ringWidth))?.distance(to: red) ?? 999) < 60)
        #expect((h.pixel(240, 200)?.distance(to: red) ?? 999) < 60)
        h.advanceClock(to: 2)
        h.window.advanceAnimations()
        _ = h.render()
        #expect(view.cancelMarks.isEmpty)
        #expect(h.pixel(240, 200) == PixelColor(red: 0xFF, green: 0xFF, blue: 0xFF))
    }

    @Test func theCheckPassesWhenCancelCoversTheHeldFingers() throws {
        let h = try SceneHarness(.inspect)
        let check = CompositorCheck()
        watched(h, InputInspector(), check)
        #expect(check.stage == .placeFingers)
        for id: Int32 in 0..<3 { h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        #expect(check.stage == .triggerGesture)
        h.feed(.cancel)
        #expect(check.isFinished && check.passed)
        #expect(check.cancelledTouches.map(\.id) == [0, 1, 2])
    }

    @Test func theCheckFailsWhenTheFingersJustLift() throws {
        let h = try SceneHarness(.inspect)
        let check = CompositorCheck()
        watched(h, InputInspector(), check)
        for id: Int32 in 0..<3 { h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        for id: Int32 in 0..<3 {
            check.received(.up(id: id, time: 1), seat: h.seat)
            check.received(.frame, seat: h.seat)
            h.up(id)
        }
        #expect(check.isFinished && !check.passed)
        #expect(check.ups == 3 && check.upsFollowedByFrame == 3)
        #expect(check.failures.first?.hasPrefix("no wl_touch.cancel arrived") == true)
    }

    /// A report pasted into a bug says which build judged the compositor.
    @Test func theReportNamesTheVersion() {
        let check = CompositorCheck()
        check.timeOut()
        let report = check.report(seats: [])
        #expect(report.dropFirst().first == "touchcanvas version: \(TouchCanvasVersion.current)")
    }

    @Test func aTimeoutBeforeThreeFingersIsAFailureWithItsReason() {
        let check = CompositorCheck()
        check.timeOut()
        #expect(check.isFinished && !check.passed)
        #expect(check.failures == ["timed out waiting for 3 fingers to be down at once"])
    }
}
