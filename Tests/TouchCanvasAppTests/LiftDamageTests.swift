import Rendering
import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// A finger lifted at the end of a long stroke damages the pixels that changed, along the stroke,
/// not the stroke's bounding box: a diagonal, a circle and a zigzag across a 3840×2160 buffer, at
/// scale 1 and 2, in the trace and canvas scenes (in both the in-progress ink is half-transparent,
/// so the lift does change the pixels along the stroke, and in the canvas scene the spot goes).
///
/// The harness draws every frame into the buffer the frame before was drawn into (age 1), so the
/// buffer before a frame is exactly what the compositor was shown: the pixels a frame changed can
/// be counted, and every one of them must lie in the frame's damage.
@MainActor
@Suite(.serialized) struct LiftDamageTests {
    /// The largest share of the buffer any commit may damage.
    static let damageLimit = 0.05

    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case diagonal, circle, zigzag

        var testDescription: String { rawValue }

        /// The finger's samples in a `width` × `height` window, about 12 buffer pixels apart at
        /// `scale`, as a finger moving at 1.5 px/ms gives them at 125 Hz.
        func points(width: Double, height: Double, scale: Double) -> [Point] {
            let step = 12 / scale
            switch self {
            case .diagonal:
                // The one measured on main: (400, 400) to (3400, 1800) in a 3840×2160 window.
                return Self.polyline([Point(x: width * 400 / 3840, y: height * 400 / 2160),
                                      Point(x: width * 3400 / 3840, y: height * 1800 / 2160)], step: step)
            case .circle:
                let center = Point(x: width / 2, y: height / 2), radius = height * 0.4
                let count = Int((2 * Double.pi * radius / step).rounded(.up))
                return (0...count).map { i in
                    let angle = 2 * Double.pi * Double(i) / Double(count)
                    return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                }
            case .zigzag:
                // A W across the window: four strokes, each over half its height.
                let corners = (0...4).map { i in
                    Point(x: width * (0.1 + 0.2 * Double(i)), y: height * (i % 2 == 0 ? 0.2 : 0.8))
                }
                return Self.polyline(corners, step: step)
            }
        }

        /// Points every `step` along the polyline through `corners`, the corners included.
        static func polyline(_ corners: [Point], step: Double) -> [Point] {
            guard var previous = corners.first else { return [] }
            var points = [previous]
            for corner in corners.dropFirst() {
                let dx = corner.x - previous.x, dy = corner.y - previous.y
                let count = max(1, Int((hypot(dx, dy) / step).rounded(.up)))
                for i in 1...count {
                    let t = Double(i) / Double(count)
                    points.append(Point(x: previous.x + dx * t, y: previous.y + dy * t))
                }
                previous = corner
            }
            return points
        }
    }

    /// What one stroke's frames damaged, and what the lift changed.
    struct Outcome {
        var strokeFractions: [Double] = []
        var liftFraction = 0.0
        var liftRects = 0
        /// Buffer pixels that differ between the frames before and after the lift.
        var changedByLift = 0
        /// Changed pixels outside the lift's damage: must be none.
        var changedUndamaged = 0
        /// Damage rectangles of the lift that hold no changed pixel.
        var wastedRects = 0
    }

    /// Draws `shape` in `scene` at 4K and `scale`, a frame every two samples, lifts, and looks at
    /// every frame's damage and at what the lift changed.
    func draw(_ shape: Shape, in scene: Scene, scale: Double) throws -> (Outcome, SceneHarness) {
        let h = try SceneHarness(scene, width: 3840 / scale, height: 2160 / scale, scale: scale)
        h.render()
        let points = shape.points(width: 3840 / scale, height: 2160 / scale, scale: scale)
        var outcome = Outcome()
        let area = Double(h.bufferArea)
        h.down(0, points[0])
        outcome.strokeFractions.append(Double(h.render().area) / area)
        for (index, point) in points.enumerated().dropFirst() {
            h.move(0, point)
            if index % 2 == 0 { outcome.strokeFractions.append(Double(h.render().area) / area) }
        }
        outcome.strokeFractions.append(Double(h.render().area) / area)
        let before = try PixelBuffer(width: h.buffer.width, height: h.buffer.height, format: h.buffer.format)
        copyPixels(from: h.buffer, to: before)

        h.up(0)
        let damage = h.render()
        outcome.liftFraction = Double(damage.area) / area
        outcome.liftRects = damage.rects.count
        var rectHoldsChange = Array(repeating: false, count: damage.rects.count)
        forEachChangedPixel(before, h.buffer) { x, y in
            outcome.changedByLift += 1
            var inside = false
            for (k, rect) in damage.rects.enumerated() where rect.contains(x: x, y: y) {
                inside = true
                rectHoldsChange[k] = true
            }
            if !inside { outcome.changedUndamaged += 1 }
        }
        outcome.wastedRects = rectHoldsChange.filter { !$0 }.count
        return (outcome, h)
    }

    @Test(arguments: [Scene.trace, .canvas], Shape.allCases)
    func noCommitOfADrawnAndLiftedStrokeDamagesMoreThanFivePercent(scene: Scene, shape: Shape) throws {
        for scale in [1.0, 2.0] {
            let (outcome, h) = try draw(shape, in: scene, scale: scale)
            let worstStroke = outcome.strokeFractions.max() ?? 0
            print("lift damage: \(scene) \(shape) scale \(Int(scale)): stroke frames ≤ \(percent(worstStroke)), "
                  + "lift \(percent(outcome.liftFraction)) in \(outcome.liftRects) rects, \(outcome.changedByLift) px changed")
            #expect(worstStroke <= Self.damageLimit, "scale \(scale): \(percent(worstStroke))")
            #expect(outcome.liftFraction <= Self.damageLimit, "scale \(scale): the lift damaged \(percent(outcome.liftFraction))")
            #expect(outcome.liftRects <= DamageRegion.maximumRectCount)
            // The lift turned half-transparent ink into full colour along the whole stroke.
            #expect(outcome.changedByLift > 0)
            #expect(outcome.changedUndamaged == 0, "scale \(scale): \(outcome.changedUndamaged) changed pixels not damaged")
            #expect(outcome.wastedRects == 0, "scale \(scale): \(outcome.wastedRects) of \(outcome.liftRects) rects changed nothing")
            // Drawn in full colour, as a fresh renderer draws the finished stroke.
            let last = try #require(shape.points(width: 3840 / scale, height: 2160 / scale, scale: scale).last)
            #expect(h.pixel(last.x, last.y) == TraceSceneTests.purple)
            #expect(differences(h.buffer, try h.fullRender()).isEmpty, "scale \(scale)")
        }
    }

    /// Past the kept pixels' budget (ten long strokes lifted at once at 4K would take megabytes at
    /// the app's memory peak), the lift damages the stroke's footprint instead of comparing: more
    /// damage, never a changed pixel left undamaged, and the same picture.
    @Test func pastThePixelBudgetTheLiftDamagesTheFootprintWhole() throws {
        let h = try SceneHarness(.trace, width: 1920, height: 1080, scale: 1)
        let view = try #require(h.root as? TouchTrackerView)
        view.ink.shown.pixelBudget = 1000
        h.render()
        let points = Shape.diagonal.points(width: 1920, height: 1080, scale: 1)
        h.down(0, points[0])
        for point in points.dropFirst() { h.move(0, point) }
        h.render()
        let before = try PixelBuffer(width: h.buffer.width, height: h.buffer.height, format: h.buffer.format)
        copyPixels(from: h.buffer, to: before)
        h.up(0)
        let damage = h.render()
        var undamaged = 0, changed = 0
        forEachChangedPixel(before, h.buffer) { x, y in
            changed += 1
            if !damage.rects.contains(where: { $0.contains(x: x, y: y) }) { undamaged += 1 }
        }
        #expect(changed > 0 && undamaged == 0, "\(undamaged) of \(changed) changed pixels not damaged")
        #expect(Double(damage.area) / Double(h.bufferArea) <= Self.damageLimit)
        #expect(view.ink.shown.isEmpty, "nothing stays kept after the lift")
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    /// In the draw scene in-progress ink is shown at full opacity, as it looks once completed: the
    /// lift damages only the few pixels the two layers rasterise differently (where the
    /// in-progress layer's strips cut the stroke), not the stroke. A few hundred pixels change;
    /// each one's box grows by the antialias margin and nearby boxes merge, so the damage is a
    /// few thousand pixels, under 0.1 % of the buffer (the same lift in the trace scene damages
    /// 1–4 %).
    @Test(arguments: Shape.allCases)
    func whereCompletedInkLooksAsShownTheLiftDamagesOnlyWhatDiffers(shape: Shape) throws {
        for scale in [1.0, 2.0] {
            let (outcome, h) = try draw(shape, in: .draw, scale: scale)
            print("lift damage: draw \(shape) scale \(Int(scale)): lift \(percent(outcome.liftFraction)) "
                  + "in \(outcome.liftRects) rects, \(outcome.changedByLift) px changed")
            #expect(outcome.changedUndamaged == 0, "scale \(scale): \(outcome.changedUndamaged) changed pixels not damaged")
            #expect(outcome.liftFraction <= 0.001, "scale \(scale): the lift damaged \(percent(outcome.liftFraction))")
            #expect(outcome.wastedRects == 0, "scale \(scale): \(outcome.wastedRects) of \(outcome.liftRects) rects changed nothing")
            #expect(differences(h.buffer, try h.fullRender()).isEmpty, "scale \(scale)")
        }
    }

    /// The app's swapchain: three buffers in turn, each aged as foot's are, the compositor
    /// holding one back now and then. A buffer that missed the lift still gets it: every frame
    /// equals a fresh render, through the stroke, the lift and after it.
    @Test(arguments: [Scene.trace, .draw])
    func aBufferThatMissedTheLiftIsBroughtUpToDate(scene: Scene) throws {
        let h = try SceneHarness(scene, width: 1280, height: 720)
        let buffers = try (0..<3).map { _ in try PixelBuffer(width: 1280, height: 720, format: .xrgb8888) }
        var ages = [0, 0, 0]
        var frames = 0
        func frame(into index: Int) throws {
            let damage = h.session.displayFrame(into: buffers[index], scale: 1, bufferAge: ages[index])
            guard !damage.isEmpty else { return }
            frames += 1
            for k in ages.indices where ages[k] > 0 { ages[k] += 1 }
            ages[index] = 1
            #expect(differences(buffers[index], try h.fullRender()).isEmpty, "frame \(frames) into buffer \(index)")
        }
        try frame(into: 0)
        let points = Shape.zigzag.points(width: 1280, height: 720, scale: 1)
        h.down(0, points[0])
        let last = points.count - 1
        for (index, point) in points.enumerated().dropFirst() where index < last - 1 {
            h.move(0, point)
            // Mostly two buffers in turn; now and then the third, as when the compositor still
            // holds the one due.
            if index % 3 == 0 { try frame(into: index % 21 == 0 ? 2 : (index / 3) % 2) }
        }
        // The last two moves into the other buffers, so that the lift's buffer holds the frame
        // of three renders ago: it has missed two frames and the lift.
        let liftBuffer = ages[0] == 1 ? 0 : 1
        h.move(0, points[last - 1])
        try frame(into: 2)
        h.move(0, points[last])
        try frame(into: 1 - liftBuffer)
        h.up(0)
        #expect(ages[liftBuffer] == 3)
        try frame(into: liftBuffer)
        // Afterwards each buffer in turn, each of them missing the lift or the frames after it.
        h.down(1, Point(x: 640, y: 100))
        h.move(1, Point(x: 700, y: 120))
        try frame(into: 2)
        h.up(1)
        try frame(into: 1 - liftBuffer)
        h.down(2, Point(x: 100, y: 600))
        try frame(into: liftBuffer)
        #expect(frames > 20)
    }

    private func percent(_ fraction: Double) -> String {
        String(format: "%.3f %%", fraction * 100)
    }
}

/// Copies every row of `source` into `target`, a buffer of the same size and format.
@MainActor
func copyPixels(from source: PixelBuffer, to target: PixelBuffer) {
    for y in 0..<min(source.height, target.height) {
        memcpy(target.baseAddress + y * target.stride, source.baseAddress + y * source.stride,
               min(source.width, target.width) * 4)
    }
}

/// Calls `body` with every pixel whose stored value differs between two buffers of one size.
@MainActor
func forEachChangedPixel(_ a: PixelBuffer, _ b: PixelBuffer, _ body: (Int, Int) -> Void) {
    for y in 0..<min(a.height, b.height) {
        let rowA = a.baseAddress + y * a.stride, rowB = b.baseAddress + y * b.stride
        if memcmp(rowA, rowB, min(a.width, b.width) * 4) == 0 { continue }
        for x in 0..<min(a.width, b.width)
        where rowA.load(fromByteOffset: x * 4, as: UInt32.self) != rowB.load(fromByteOffset: x * 4, as: UInt32.self) {
            body(x, y)
        }
    }
}
