import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// `touchcanvas check`'s pen part, fed through a real session (its input machine makes the
/// pencil touches and cancels a pen that leaves while down), with no display.
@MainActor
@Suite struct PenCheckTests {
    let tool = TabletToolID(1)
    let tablet = TabletID(1)
    static let penCapabilities: Set<TabletToolCapability> = [.pressure, .tilt, .distance]

    /// A session running the check, with a pen announced unless `capabilities` is nil.
    @MainActor final class Run {
        let h: SceneHarness
        let check = CompositorCheck()
        var prompts: [String] = []
        var penTime: UInt32 = 1000

        init(capabilities: Set<TabletToolCapability>?, tool: TabletToolID) throws {
            h = try SceneHarness(.inspect)
            h.session.beginCheck(check) { [unowned self] check in prompts.append(check.prompt) }
            if let capabilities {
                h.session.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, hardwareSerial: 42,
                                                                                   capabilities: capabilities), seat: h.seat)
            }
        }
    }

    func pen(_ run: Run, _ inputs: RawTabletToolInput...) {
        for input in inputs { run.h.session.handle(input, tool: tool, seat: run.h.seat) }
    }

    /// Closes the pen's events into a frame 5 ms after the last.
    func frame(_ run: Run) {
        run.penTime &+= 5
        pen(run, .frame(time: run.penTime))
    }

    /// Three fingers down and cancelled: the touch part passes.
    func fingers(_ run: Run) {
        for id: Int32 in 0..<3 { run.h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        run.h.feed(.cancel)
    }

    /// A stroke of `pressures.count` frames, tilting from 0° to 30° in x when `tilts`.
    func stroke(_ run: Run, pressures: [UInt32], tilts: Bool = true) {
        pen(run, .proximityIn(tablet: tablet), .motion(location: Point(x: 200, y: 300)))
        frame(run)
        for (i, value) in pressures.enumerated() {
            if i == 0 { pen(run, .down) } else { pen(run, .motion(location: Point(x: 200 + Double(i) * 10, y: 300))) }
            pen(run, .pressure(value))
            if tilts { pen(run, .tilt(x: Double(i) * 30 / Double(max(pressures.count - 1, 1)), y: -5)) }
            frame(run)
        }
        pen(run, .up)
        frame(run)
        pen(run, .proximityOut)
        frame(run)
    }

    /// The pen down, moved, and out of range with its tip still down.
    func leaveWhileDown(_ run: Run) {
        pen(run, .proximityIn(tablet: tablet), .motion(location: Point(x: 300, y: 200)))
        frame(run)
        pen(run, .down, .pressure(30000))
        frame(run)
        pen(run, .motion(location: Point(x: 320, y: 200)), .pressure(30000))
        frame(run)
        pen(run, .proximityOut)
        frame(run)
    }

    @Test func aPenThatBehavesPassesWithItsFindings() throws {
        let run = try Run(capabilities: Self.penCapabilities, tool: tool)
        fingers(run)
        #expect(run.check.stage == .penStroke)
        #expect(run.prompts.last?.hasPrefix("Now the pen: draw a stroke") == true)
        stroke(run, pressures: (0...20).map { 6553 + UInt32($0) * 2949 })
        #expect(run.check.stage == .penLeave)
        #expect(run.prompts.last?.contains("with its tip still down") == true)
        let pen = run.check.pen
        #expect(pen.pressure?.min == 6553 && pen.pressure?.max == 65533)
        #expect(pen.tilt?.minX == 0 && pen.tilt?.maxX == 30 && pen.tilt?.minY == -5)
        #expect(pen.strokeFrames == 22, "down, 20 moves and the up")
        #expect(abs((pen.framesPerSecond ?? 0) - 200) < 0.01)
        leaveWhileDown(run)
        #expect(run.check.isFinished)
        #expect(run.check.pen.leaveOutcome == .cancelled && run.check.pen.proximityOutWhileDown)
        #expect(run.check.anomalies.map(\.kind) == ["proximity-out-while-down"])
        #expect(run.check.passed, "\(run.check.failures)")
        let report = run.check.report(seats: [])
        #expect(report.contains("pen tool: tool@1 pen serial 42, announces tilt, pressure, distance"))
        #expect(report.contains { $0.hasPrefix("pen stroke: tool@1, ended with up; 22 frames over 0.1") && $0.hasSuffix(" s (200 Hz)") })
        #expect(report.contains("pen pressure: arrived, raw 6553–65533 (0.10–1.00), varied"))
        #expect(report.contains("pen tilt: arrived, x 0.0…30.0°, y -5.0…-5.0°"))
        #expect(report.contains("pen taken away while down: cancelled (proximity_out with the tip down; the app cancelled the touch)"))
        #expect(report.last == "result: the compositor behaved")
    }

    @Test func withNoToolThePenPartIsSkipped() throws {
        let run = try Run(capabilities: nil, tool: tool)
        fingers(run)
        #expect(run.check.isFinished && run.check.passed)
        #expect(run.check.report(seats: []).contains("pen: no tablet tool announced; skipped"))
    }

    @Test func withNoToolTheTouchPartAloneDecides() throws {
        let run = try Run(capabilities: nil, tool: tool)
        for id: Int32 in 0..<3 { run.h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        for id: Int32 in 0..<3 { run.h.up(id) }
        #expect(run.check.isFinished && !run.check.passed)
        #expect(run.check.failures.count == 1 && run.check.failures.first?.hasPrefix("no wl_touch.cancel") == true)
    }

    @Test func aToolKnownBeforeTheCheckBeganCounts() throws {
        let run = try Run(capabilities: nil, tool: tool)
        run.check.tabletToolsKnown([tool: TabletToolDescription(type: .eraser)], seat: run.h.seat)
        fingers(run)
        #expect(run.check.stage == .penStroke)
        #expect(run.check.pen.tools.map(\.description.type) == [.eraser])
    }

    @Test func pressureAnnouncedButNeverSentFails() throws {
        let run = try Run(capabilities: Self.penCapabilities, tool: tool)
        fingers(run)
        pen(run, .proximityIn(tablet: tablet), .motion(location: Point(x: 200, y: 300)), .down, .tilt(x: 10, y: 0))
        frame(run)
        pen(run, .motion(location: Point(x: 260, y: 300)))
        frame(run)
        pen(run, .up)
        frame(run)
        leaveWhileDown(run)
        #expect(run.check.isFinished && !run.check.passed)
        #expect(run.check.failures == ["pen: tool@1 announced pressure but none arrived during the stroke"])
        #expect(run.check.report(seats: []).contains("pen pressure: none arrived though announced: fails"))
    }

    @Test func tiltAnnouncedButNeverSentFailsAndUnannouncedIsOnlyNoted() throws {
        let announced = try Run(capabilities: Self.penCapabilities, tool: tool)
        fingers(announced)
        stroke(announced, pressures: [1000, 2000, 3000], tilts: false)
        leaveWhileDown(announced)
        #expect(announced.check.failures == ["pen: tool@1 announced tilt but none arrived during the stroke"])

        let unannounced = try Run(capabilities: [.pressure], tool: tool)
        fingers(unannounced)
        stroke(unannounced, pressures: [1000, 2000, 3000], tilts: false)
        leaveWhileDown(unannounced)
        #expect(unannounced.check.passed, "\(unannounced.check.failures)")
        #expect(unannounced.check.report(seats: []).contains("pen tilt: none arrived (not announced)"))
    }

    @Test func aPenLiftedWithUpBeforeLeavingPasses() throws {
        let run = try Run(capabilities: Self.penCapabilities, tool: tool)
        fingers(run)
        stroke(run, pressures: [1000, 40000])
        stroke(run, pressures: [20000, 20000])
        #expect(run.check.isFinished && run.check.passed, "\(run.check.failures)")
        #expect(run.check.pen.leaveOutcome == .ended)
        #expect(run.check.report(seats: []).contains("pen taken away while down: ended with up before the pen left (nothing left down)"))
    }

    @Test func aPenLeftDownUntilTheTimeoutIsStuckAndFails() throws {
        let run = try Run(capabilities: Self.penCapabilities, tool: tool)
        fingers(run)
        stroke(run, pressures: [1000, 40000])
        pen(run, .proximityIn(tablet: tablet), .motion(location: Point(x: 300, y: 200)), .down, .pressure(30000), .tilt(x: 0, y: 0))
        frame(run)
        run.check.timeOut()
        #expect(run.check.isFinished && !run.check.passed)
        #expect(run.check.failures.count == 1)
        #expect(run.check.failures.first?.contains("stayed down") == true)
        #expect(run.check.failures.first?.contains("neither cancelled nor ended (stuck)") == true)
        let report = run.check.report(seats: [])
        #expect(report.contains { $0.hasPrefix("pen taken away while down: touch") && $0.hasSuffix("(stuck)") })
        #expect(report.contains { $0.hasPrefix("pen touches still down: touch") })
    }

    @Test func aTimeoutBeforeThePenStrokeFailsWithWhatWasGathered() throws {
        let run = try Run(capabilities: Self.penCapabilities, tool: tool)
        fingers(run)
        run.check.timeOut()
        #expect(run.check.failures == ["timed out waiting for a pen stroke"])
        let report = run.check.report(seats: [])
        #expect(report.contains { $0.hasPrefix("cancel: arrived") }, "the finger findings are kept")
        #expect(report.contains("pen stroke: none drawn"))
        #expect(report.contains("pen taken away while down: not tried"))
    }

    /// Values no pen sends must not trap: a non-finite tilt is left out, a pressure past the
    /// range is reported as it came, and a clock wrapping mid-stroke keeps the rate.
    @Test func oddValuesAreReportedNotTrappedOn() throws {
        let run = try Run(capabilities: Self.penCapabilities, tool: tool)
        fingers(run)
        run.penTime = UInt32.max - 7
        pen(run, .proximityIn(tablet: tablet), .motion(location: Point(x: 200, y: 300)))
        frame(run)
        pen(run, .down, .pressure(UInt32.max), .tilt(x: .nan, y: .infinity))
        frame(run)
        pen(run, .motion(location: Point(x: 240, y: 300)), .pressure(0), .tilt(x: 1, y: 2))
        frame(run)
        pen(run, .up)
        frame(run)
        #expect(run.check.stage == .penLeave)
        #expect(run.check.pen.tilt?.count == 1 && run.check.pen.tilt?.maxX == 1)
        #expect(run.check.pen.pressure?.max == UInt32.max)
        #expect(abs((run.check.pen.framesPerSecond ?? 0) - 200) < 0.01)
        _ = run.check.report(seats: [])
    }
}
