import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasApp
import TouchKit
import TouchCanvasTesting

/// The targets scene in the real app: a course whose taps arrive turned a quarter and shifted,
/// as from a touchscreen mapped with the wrong transform, is named on stderr with the matrix
/// that corrects it, and logged as one JSON line with the figures in millimetres.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct TargetsEndToEndTests {
    static let size = (width: 800.0, height: 600.0)

    /// Where a touch meant for `target` lands: turned 90° clockwise about the centre, then
    /// moved 12 px right and 8 px up.
    static func landed(_ target: Point) -> Point {
        let nx = target.x / size.width - 0.5, ny = target.y / size.height - 0.5
        return Point(x: (0.5 - ny) * size.width + 12, y: (0.5 + nx) * size.height - 8)
    }

    @Test func aTurnedScreenIsNamedWithItsMatrix() async throws {
        let h = try await AppHarness(arguments: ["--scene", "targets", "--log", "phases"], size: (800, 600))
        let c = h.compositor
        // Event times set by hand: the hold's two seconds pass in no real time.
        c.freezesEventTime = true
        c.eventTime = 1000
        for target in TargetsRun(size: Size(width: Self.size.width, height: Self.size.height)).targets {
            let at = Self.landed(target)
            c.touchDown(id: 0, x: at.x, y: at.y)
            c.touchFrame()
            c.eventTime += 80
            c.touchUp(id: 0)
            c.touchFrame()
            c.eventTime += 400
            await h.roundtrip()
        }
        let centre = Self.landed(Point(x: 400, y: 300))
        c.touchDown(id: 1, x: centre.x, y: centre.y)
        c.touchFrame()
        for step in 1...260 {
            c.eventTime += 8
            c.touchMotion(id: 1, x: centre.x + 0.5 * cos(Double(step)), y: centre.y + 0.5 * sin(Double(step)))
            c.touchFrame()
        }
        c.touchUp(id: 1)
        c.touchFrame()
        // The line, drawn along the guide, arrives turned too: down the screen.
        for step in 0...40 {
            c.eventTime += 8
            let at = Self.landed(Point(x: 160 + 12 * Double(step), y: 420))
            if step == 0 { c.touchDown(id: 2, x: at.x, y: at.y) } else { c.touchMotion(id: 2, x: at.x, y: at.y) }
            c.touchFrame()
        }
        c.touchUp(id: 2)
        c.touchFrame()
        #expect(await h.waitForLog { $0.contains { $0["targets"] != nil } }, "\(h.app.standardError)")
        let line = try #require(h.logLines.first { $0["targets"] != nil })
        #expect(line["orientation"] as? String == "rotated90", "\(line)")
        let offset = try #require(line["offset"] as? [Double])
        #expect(abs(offset[0] - 12) < 0.01 && abs(offset[1] + 8) < 0.01, "\(offset)")
        let matrix = try #require(line["matrix"] as? [Double])
        #expect(matrix.count == 6 && abs(matrix[0]) < 1e-6 && abs(matrix[1] - 1) < 1e-6 && abs(matrix[3] + 1) < 1e-6, "\(matrix)")
        #expect(line["accurate"] as? Bool == false && line["passes"] as? Bool == false)
        let mm = try #require(line["mmPerPx"] as? [Double])
        #expect(abs(mm[0] - 344.0 / 1920) < 1e-3)
        #expect(abs((line["jitterPx"] as? Double ?? -1) - 0.5) < 0.02, "\(line)")

        let said = h.app.standardError
        #expect(said.contains("Touches arrive rotated 90° clockwise: the touchscreen is mapped with the wrong output transform."), "\(said)")
        #expect(said.contains("ENV{LIBINPUT_CALIBRATION_MATRIX}=\"0 1 "), "\(said)")
        #expect(said.contains("Jitter (a finger held 2 s): 0.5 px = 0.09 mm: pass (limit 0.5 mm)"), "\(said)")
        // And on screen: the verdict's panel over the targets.
        let shown = try #require(await h.frame { frame in (0..<200).contains { !frame.isWhite(at: 40 + Double($0), 40) } })
        #expect((0..<200).contains { !shown.isWhite(at: 40 + Double($0), 40) }, "the panel's title is drawn")
    }

    @Test func theCoverageGridLogsEachLift() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"], size: (800, 600))
        h.compositor.tapKey(34)  // g
        await h.roundtrip()
        #expect(h.app.standardError.contains("coverage grid on"), "\(h.app.standardError)")
        h.compositor.touchDown(id: 0, x: 10, y: 25)
        h.compositor.touchFrame()
        h.compositor.touchMotion(id: 0, x: 790, y: 25)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        #expect(await h.waitForLog { $0.contains { $0["coverage"] != nil } })
        let line = try #require(h.logLines.first { $0["coverage"] != nil })
        #expect(line["cells"] as? [Int] == [16, 12])
        #expect(abs((line["coverage"] as? Double ?? 0) - 16.0 / 192) < 0.001, "\(line)")
        #expect((line["unreached"] as? [String])?.first == "1,2" && (line["unreached"] as? [String])?.count == 176)
        // Green where the finger passed, in the picture the compositor got.
        let shown = try #require(await h.frame { ($0.logicalPixel(400, 25).g) > ($0.logicalPixel(400, 25).r) })
        #expect(shown.logicalPixel(400, 25).g > shown.logicalPixel(400, 25).r && shown.isWhite(at: 412, 75))
    }
}
