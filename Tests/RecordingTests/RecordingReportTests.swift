import Foundation
import Testing
import TouchCanvasApp
import TouchKit
@testable import Recording
import TouchCanvasTesting

/// `replay --report`: the figures of a recording's input, with nothing drawn.
@MainActor
@Suite struct RecordingReportTests {
    func shipped(_ name: String) throws -> Recording {
        try RecordingParser.parse(contentsOf: RecordingGenerator.folder.appendingPathComponent(name).path)
    }

    @Test func tenFingersAreCountedAndMeasured() throws {
        let lines = try RecordingReport.lines(for: try shipped("ten-fingers.tcrec"))
        #expect(lines.first == "recording: 800×600 at scale 1, scene trace, 0.6 s, 1 seat", "\(lines)")
        #expect(lines.contains("fingers: 10, at most 10 at once; rate median 125.0 Hz, lowest over 250 ms 125.0 Hz, largest gap 8.0 ms"))
        let rows = lines.filter { $0.contains("  finger  seat0       ended") }
        #expect(rows.count == 10 && rows.allSatisfy { $0.contains("   125.0   125.0     8.0     8.0") }, "\(rows)")
        #expect(lines.contains { $0.hasPrefix("finger coverage: ") })
    }

    /// Six fingers lifted in one frame tie on when they ended: their rows come in the order the
    /// fingers came down, every time (they came in the order of a set's iteration, which
    /// changes from one run of the program to the next).
    @Test func touchesEndingTogetherAreListedInTheOrderTheyCameDown() throws {
        var text = "touchcanvas-recording 3\nsize 400 300\nscale 1\nseat 1 seat0\nscene spots\n"
        for id in 0..<6 { text += "0 1 down \(id) \(10 + id * 50) 10\n" }
        text += "0 1 frame\n"
        for step in 1...10 {
            for id in 0..<6 { text += "\(step * 8) 1 motion \(id) \(10 + id * 50) \(10 + step)\n" }
            text += "\(step * 8) 1 frame\n"
        }
        for id in 0..<6 { text += "88 1 up \(id)\n" }
        text += "88 1 frame\n"
        let lines = try RecordingReport.lines(for: try RecordingParser.parse(text, file: "tie.tcrec"))
        let numbers = lines.filter { $0.contains("  finger  seat0       ended") }
            .compactMap { Int($0.prefix(5).trimmingCharacters(in: .whitespaces)) }
        #expect(numbers == [1, 2, 3, 4, 5, 6], "\(lines)")
    }

    @Test func aGapIsFoundAndAFingerStillDownIsMeasured() throws {
        // 125 Hz (the file's times become wl_touch's whole milliseconds), one 40 ms gap, and
        // the finger never lifts.
        var text = "touchcanvas-recording 3\nsize 400 300\nscale 1\nseat 1 seat0\nscene spots\n0 1 down 0 10 10\n0 1 frame\n"
        var t = 0.0
        for step in 1...60 {
            t += step == 30 ? 40 : 8
            text += String(format: "%.3f 1 motion 0 %d 10\n%.3f 1 frame\n", t, 10 + step, t)
        }
        let lines = try RecordingReport.lines(for: try RecordingParser.parse(text, file: "gap.tcrec"))
        let row = try #require(lines.first { $0.contains("  finger  seat0       (down)") }, "\(lines)")
        #expect(row.contains("   125.0") && row.contains("    40.0"), "median 125 Hz, the 40 ms gap: \(row)")
    }

    @Test func aTargetsCourseGivesItsVerdict() throws {
        let lines = try RecordingReport.lines(for: try shipped("targets-rotated.tcrec"))
        let index = try #require(lines.firstIndex(of: "targets:"))
        #expect(lines[index + 1] == "  Touches arrive rotated 90° clockwise: the touchscreen is mapped with the wrong output transform.")
        #expect(lines.contains { $0.contains("LIBINPUT_CALIBRATION_MATRIX") })
    }
}
