import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The targets scene's course, fed through the real input machine: taps moved by a known
/// mapping are named and corrected, refused tries are said, a hold and a line give their
/// figures, and the verdict follows the limits in millimetres.
@MainActor
@Suite struct TargetsSceneTests {
    static let size = Size(width: 800, height: 600)

    /// Where a touch meant for `target` lands on a screen turned 90° clockwise and shifted.
    static func rotated90(_ target: Point, offset: Point = Point(x: 10, y: -6)) -> Point {
        let nx = target.x / size.width - 0.5, ny = target.y / size.height - 0.5
        return Point(x: (0.5 - ny) * size.width + offset.x, y: (0.5 + nx) * size.height + offset.y)
    }

    func harness() throws -> (SceneHarness, TargetsView) {
        let h = try SceneHarness(.targets, width: Self.size.width, height: Self.size.height)
        return (h, try #require(h.root as? TargetsView))
    }

    func tap(_ h: SceneHarness, at point: Point, id: Int32 = 0) {
        h.down(id, point)
        h.up(id)
    }

    /// A finger held on `point` for `seconds`, wobbling by up to `radius`, then lifted.
    func hold(_ h: SceneHarness, at point: Point, seconds: Double, radius: Double) {
        h.down(0, point)
        let steps = Int(seconds / 0.008)
        for step in 0..<steps {
            let angle = Double(step) * 0.7
            h.move(0, Point(x: point.x + radius * cos(angle), y: point.y + radius * sin(angle)))
        }
        h.up(0)
    }

    /// A line from the guide's start to its end, bowing out by `bow` in the middle.
    func line(_ h: SceneHarness, _ view: TargetsView, bow: Double) {
        let (start, end) = view.run.guide
        let points = (0...60).map { i -> Point in
            let t = Double(i) / 60
            return Point(x: start.x + (end.x - start.x) * t, y: start.y + bow * sin(t * .pi))
        }
        h.stroke(points)
    }

    func finish(_ h: SceneHarness, _ view: TargetsView, taps: (Point) -> Point) {
        for target in view.run.targets { tap(h, at: taps(target)) }
        hold(h, at: view.run.targets[0], seconds: 2.1, radius: 0.3)
        line(h, view, bow: 0.5)
    }

    @Test func aTurnedAndShiftedScreenIsNamedAndItsMatrixPutsTheTapsBack() throws {
        let (h, view) = try harness()
        var finished: TargetsResults?
        view.onFinished = { finished = $0 }
        finish(h, view, taps: { Self.rotated90($0) })
        let results = try #require(finished)
        #expect(view.run.step == .done && view.results != nil)
        let fit = try #require(results.fit)
        #expect(fit.orientation == .rotated90)
        #expect(abs(fit.offset.x - 10) < 0.5 && abs(fit.offset.y + 6) < 0.5, "\(fit.offset)")
        let lines = results.lines
        #expect(lines.contains { $0.hasPrefix("Touches arrive rotated 90° clockwise: the touchscreen is mapped with the wrong output transform.") },
                "\(lines)")
        #expect(lines.contains { $0.contains("ENV{LIBINPUT_CALIBRATION_MATRIX}=") })
        // The matrix, applied to the taps in normalised coordinates, brings each within 0.5 px.
        let m = try #require(fit.libinputMatrix)
        for (target, tap) in zip(view.run.targets, view.run.taps) {
            let x = tap.x / Self.size.width, y = tap.y / Self.size.height
            let back = Point(x: (m[0] * x + m[1] * y + m[2]) * Self.size.width, y: (m[3] * x + m[4] * y + m[5]) * Self.size.height)
            #expect(back.distance(to: target) < 0.5, "\(target) → \(tap) → \(back)")
        }
        #expect(abs(results.jitter.pixels - 0.3) < 0.05, "the held finger's wobble: \(results.jitter.pixels)")
        #expect(abs(results.straightness.largest - 0.5 * 0.5) < 0.2, "a bow of 0.5 px from the fitted line: \(results.straightness.largest)")
        #expect(results.movingJitter.pixels < 0.05, "a smooth bow scatters nothing about its own path: \(results.movingJitter.pixels)")
        #expect(results.matrixCaveat == "which output the window is on is not known (a replay knows none)")
        #expect(lines.contains("Check before using the matrix: which output the window is on is not known (a replay knows none)."))
        #expect(results.passes == nil, "no physical size: nothing judged")
        #expect(lines.last == "Not judged: the output gives no physical size.")
    }

    @Test func aTrueScreenPassesByTheLimitsInMillimetres() throws {
        let (h, view) = try harness()
        h.session.setOutputs([Self.output(width: 160, height: 120)], pixelsPerPoint: 1)  // 0.2 mm a pixel
        finish(h, view, taps: { Point(x: $0.x + 1, y: $0.y) })
        let results = try #require(view.results)
        #expect(results.fit?.isAccurate == true)
        #expect(results.accuracy.millimetres.map { abs($0 - 0.2) < 1e-9 } == true)
        #expect(results.passes == true, "\(results.lines)")
        #expect(results.lines.contains("Touches land where they are put."))
        #expect(results.matrixCaveat == nil, "the scene fills the one output, upright")
        #expect(!results.lines.contains { $0.contains("LIBINPUT_CALIBRATION_MATRIX") }, "nothing to correct")

        // The same course with a shaky hold: 1 px is 0.2 mm, 3 px 0.6 mm, past 0.5 mm.
        let (h2, view2) = try harness()
        h2.session.setOutputs([Self.output(width: 160, height: 120)], pixelsPerPoint: 1)
        for target in view2.run.targets { tap(h2, at: target) }
        hold(h2, at: view2.run.targets[0], seconds: 2.1, radius: 3)
        line(h2, view2, bow: 0)
        let shaky = try #require(view2.results)
        #expect(shaky.jitter.passes == false && shaky.passes == false)
        #expect(shaky.lines.contains { $0.hasPrefix("Jitter (a finger held 2 s): 3.0 px = 0.60 mm: FAIL (limit 0.5 mm)") }, "\(shaky.lines)")
    }

    static func output(width: Int, height: Int) -> OutputDescription {
        var d = OutputDescription()
        d.name = "TEST-1"
        d.mode = (800, 600)
        d.physicalSize = (width, height)
        return d
    }

    @Test func misTapsAndSecondFingersAreRefusedAndSaid() throws {
        let (h, view) = try harness()
        tap(h, at: Point(x: 240, y: 180))  // between targets: far from all
        #expect(view.run.taps.isEmpty && view.run.litTarget == 0)
        #expect(view.run.message.hasPrefix("Not counted: that tap was far from every target"), "\(view.run.message)")
        // Two fingers: nothing of the gesture counts, however it ends.
        h.down(0, Point(x: 400, y: 300))
        h.down(1, Point(x: 80, y: 60))
        h.up(0)
        h.up(1)
        #expect(view.run.taps.isEmpty)
        #expect(view.run.message == "Not counted: one finger at a time. Tap the lit target with one finger (1 of 9).")
        tap(h, at: Point(x: 402, y: 301))
        #expect(view.run.taps == [Point(x: 402, y: 301)] && view.run.litTarget == 1)
        #expect(view.run.message == "Tap the lit target with one finger (2 of 9).")
    }

    @Test func aHoldTooShortIsAskedAgain() throws {
        let (h, view) = try harness()
        for target in view.run.targets { tap(h, at: target) }
        #expect(view.run.step == .hold)
        hold(h, at: view.run.targets[0], seconds: 0.5, radius: 0)
        #expect(view.run.step == .hold)
        #expect(view.run.message.hasPrefix("Not counted: lifted after 0.5 s"), "\(view.run.message)")
        hold(h, at: view.run.targets[0], seconds: 2.1, radius: 0)
        #expect(view.run.step == .line)
        // A line that stops short is refused.
        let (start, _) = view.run.guide
        h.stroke([start, Point(x: start.x + 100, y: start.y)])
        #expect(view.run.step == .line && view.run.message.hasPrefix("Not counted: draw the whole line"))
    }

    @Test func aNewSizeStartsTheCourseAgain() throws {
        let (h, view) = try harness()
        tap(h, at: view.run.targets[0])
        #expect(view.run.taps.count == 1)
        // A finger down across the change counts for neither course.
        h.down(0, Point(x: 400, y: 300))
        view.bounds = Rect(x: 0, y: 0, width: 1000, height: 700)
        #expect(view.run.taps.isEmpty && view.run.targets[0] == Point(x: 500, y: 350))
        h.move(0, Point(x: 500, y: 350))
        h.up(0)
        #expect(view.run.taps.isEmpty && view.run.message.hasPrefix("Not counted: the window changed size while a finger was down"),
                "\(view.run.message)")
        tap(h, at: Point(x: 500, y: 350))
        #expect(view.run.taps.count == 1)
    }

    @Test func aScatteredLineFailsItsMovingJitterAndAWindowThatIsNotTheScreenIsSaid() throws {
        let (h, view) = try harness()
        var wide = Self.output(width: 160, height: 120)
        wide.mode = (1600, 1200)  // the window is a quarter of it
        h.session.setOutputs([wide], pixelsPerPoint: 1)
        for target in view.run.targets { tap(h, at: Point(x: target.x + 20, y: target.y)) }
        hold(h, at: view.run.targets[0], seconds: 2.1, radius: 0)
        // Every other sample 24 px off the line: each is 16 px (1.6 mm at 0.1 mm a pixel) from
        // its neighbours' line, past the 1 mm limit.
        let (start, end) = view.run.guide
        h.stroke((0...60).map { i in Point(x: start.x + (end.x - start.x) * Double(i) / 60, y: start.y + (i % 2 == 0 ? 0 : 24)) })
        let results = try #require(view.results)
        #expect(results.movingJitter.passes == false, "\(results.movingJitter)")
        #expect(results.passes == false)
        #expect(results.lines.contains { $0.hasPrefix("Moving jitter (the line's scatter about its own path): ") && $0.contains("FAIL (limit 1.0 mm)") })
        #expect(results.matrixCaveat == "the scene is 800×600, not the whole of TEST-1 (1600×1200); run touchcanvas --scene targets --fullscreen --output TEST-1")
    }
}
