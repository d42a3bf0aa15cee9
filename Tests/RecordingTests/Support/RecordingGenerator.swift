import Foundation
import Recording
import TouchCanvasApp
import TouchKit
import TouchCanvasTesting

/// Makes the recordings shipped in `Recordings/` from code: the same text on every run (no
/// randomness, no wall clock), so `ShippedRecordingTests` can hold the files to it.
///
/// Regenerate the files after changing this generator or the format:
///
/// ```
/// TOUCHCANVAS_REGENERATE_RECORDINGS=1 swift test --filter RecordingTests.ShippedRecordingTests
/// ```
enum RecordingGenerator {
    static let seat = SeatID(7)
    static let seats = [RecordedSeat(id: seat, name: "seat0")]
    /// Touch frames every 8 ms (a 125 Hz touchscreen), display frames at 60 Hz.
    static let touchInterval = 8.0
    static let displayInterval = 1000.0 / 60

    /// Names and texts of every shipped recording.
    static var all: [(name: String, text: String)] {
        [("ten-fingers.tcrec", tenFingers()), ("pinch-cancel.tcrec", pinchCancel()),
         ("fast-scribble.tcrec", fastScribble()), ("inspect-pen.tcrec", inspectPen()),
         ("gestures.tcrec", gestures()), ("targets-rotated.tcrec", targetsRotated()),
         ("targets-midway.tcrec", targetsRotated(taps: 4)), ("latency-drag.tcrec", latencyDrag())]
    }

    /// The repository's `Recordings/` folder, found from this file's path.
    static var folder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Recordings")
    }

    // MARK: The recordings

    /// Where finger `finger` is at step `step` of ten-fingers: a wavy line down its column.
    static func tenFingersPoint(finger: Int, step: Int) -> Point {
        let s = Double(step)
        return Point(x: 60 + 75 * Double(finger) + 12 * sin(s * 0.15 + Double(finger)),
                     y: 80 + 7 * s + 0.37 * Double(finger))
    }

    static let tenFingersSteps = 60

    /// Ten fingers land one frame apart, each draws a wavy vertical line for 60 frames
    /// (≈ 0.5 s), then lifts; trace scene, 800×600 at scale 1.
    static func tenFingers() -> String {
        let script = Script(width: 800, height: 600, scale: 1, scene: .trace, comment:
            "ten fingers, one frame apart, each drawing a wavy vertical line (RecordingGenerator.tenFingers)")
        let last = 9 + tenFingersSteps
        for frame in 0...last {
            script.touchFrame { emit in
                for finger in 0..<10 {
                    let step = frame - finger
                    let id = Int32(finger)
                    if step == 0 {
                        emit(.down(id: id, time: 0, location: tenFingersPoint(finger: finger, step: 0)))
                        emit(.shape(id: id, major: 9.5 + Double(finger) / 4, minor: 7.25))
                        emit(.orientation(id: id, degrees: 12.5 * Double(finger)))
                    } else if step > 0, step < tenFingersSteps {
                        emit(.motion(id: id, time: 0, location: tenFingersPoint(finger: finger, step: step)))
                    } else if step == tenFingersSteps {
                        emit(.up(id: id, time: 0))
                    }
                }
            }
        }
        return script.finish()
    }

    static func pinchPoints(frame: Int, of frames: Int, y: Double, from: (Double, Double),
                            to: (Double, Double)) -> (Point, Point) {
        let t = Double(frame) / Double(frames)
        return (Point(x: from.0 + (to.0 - from.0) * t, y: y + 0.25 * t),
                Point(x: from.1 + (to.1 - from.1) * t, y: y - 0.25 * t))
    }

    static let cancelledRow = 200.0
    static let completedRow = 420.0

    /// Two fingers pinch in along y = 200 and are cancelled half-way (`wl_touch.cancel`, as
    /// KWin sends when a gesture takes over; no up follows); then two fingers spread out along
    /// y = 420 and lift normally. Trace scene, 800×600.
    static func pinchCancel() -> String {
        let script = Script(width: 800, height: 600, scale: 1, scene: .trace, comment:
            "a pinch cancelled half-way, then a pinch that ends (RecordingGenerator.pinchCancel)")
        let frames = 30
        for frame in 0...(frames / 2) {
            let (a, b) = pinchPoints(frame: frame, of: frames, y: cancelledRow, from: (150, 650), to: (370, 430))
            script.touchFrame { emit in
                emit(frame == 0 ? .down(id: 0, time: 0, location: a) : .motion(id: 0, time: 0, location: a))
                emit(frame == 0 ? .down(id: 1, time: 0, location: b) : .motion(id: 1, time: 0, location: b))
            }
        }
        script.advance(by: 3)
        script.touch(.cancel)
        script.advance(by: 120)
        for frame in 0...frames {
            let (a, b) = pinchPoints(frame: frame, of: frames, y: completedRow, from: (360, 440), to: (120, 680))
            script.touchFrame { emit in
                emit(frame == 0 ? .down(id: 0, time: 0, location: a) : .motion(id: 0, time: 0, location: a))
                emit(frame == 0 ? .down(id: 1, time: 0, location: b) : .motion(id: 1, time: 0, location: b))
            }
        }
        script.touchFrame { emit in
            emit(.up(id: 0, time: 0))
            emit(.up(id: 1, time: 0))
        }
        return script.finish()
    }

    /// Where the scribbling finger is at `milliseconds`: a Lissajous figure, up to ~4000 px/s.
    static func scribblePoint(at milliseconds: Double) -> Point {
        let t = milliseconds / 1000
        return Point(x: 400 + 280 * sin(2 * .pi * t / 0.5), y: 300 + 180 * sin(2 * .pi * t / 0.37))
    }

    /// Where the latency scene's finger is at `milliseconds`: an arc at a steady 1.2 px per ms,
    /// the speed at which lag rings are read.
    static func latencyDragPoint(at milliseconds: Double) -> Point {
        let angle = -0.9 + milliseconds * 1.2 / 220
        return Point(x: 400 + 220 * cos(angle), y: 290 + 220 * sin(angle))
    }

    /// One finger dragging along an arc at 120 Hz in the latency scene, 800×600, still down when
    /// the recording ends: the rings behind it are what the last frame shows.
    static func latencyDrag() -> String {
        let script = Script(width: 800, height: 600, scale: 1, scene: .latency, comment:
            "one finger dragging an arc in the latency scene, still down at the end (RecordingGenerator.latencyDrag)",
            touchInterval: 1000.0 / 120)
        for sample in 0..<72 {
            let point = latencyDragPoint(at: Double(sample) * 1000 / 120)
            script.touchFrame { emit in
                emit(sample == 0 ? .down(id: 0, time: 0, location: point) : .motion(id: 0, time: 0, location: point))
            }
        }
        return script.finish()
    }

    static let scribbleInterval = 4.0
    static let scribbleSamples = 375

    /// One finger scribbling fast for 1.5 s at 250 Hz (several samples per display frame, all
    /// coalesced); draw scene, 800×600 at scale 2.
    static func fastScribble() -> String {
        let script = Script(width: 800, height: 600, scale: 2, scene: .draw, comment:
            "one finger scribbling a Lissajous figure at 250 Hz (RecordingGenerator.fastScribble)",
            touchInterval: scribbleInterval)
        for sample in 0..<scribbleSamples {
            let point = scribblePoint(at: Double(sample) * scribbleInterval)
            script.touchFrame { emit in
                emit(sample == 0 ? .down(id: 3, time: 0, location: point) : .motion(id: 3, time: 0, location: point))
            }
        }
        script.touchFrame { emit in emit(.up(id: 3, time: 0)) }
        return script.finish()
    }

    static let penTool = TabletToolID(1)
    static let penTablet = TabletID(1)

    /// Where the pen is at `step` of its stroke in inspect-pen: an S down the right half.
    static func penPoint(step: Int) -> Point {
        let t = Double(step) / 70
        return Point(x: 470 + 230 * t, y: 280 + 220 * t + 45 * sin(t * 2 * .pi))
    }

    /// Two fingers draw arcs and stay down; then a pen comes into range, hovers, and draws an S
    /// pressing harder and leaning further as it goes, and stays down too. Inspect scene,
    /// 800×600: the picture the inspector shows with fingers and a pen at once (the AppStream
    /// screenshot, `make screenshots`).
    static func inspectPen() -> String {
        let script = Script(width: 800, height: 600, scale: 1, scene: .inspect, comment:
            "two fingers and a pen, all still down at the end (RecordingGenerator.inspectPen)")
        func finger(_ index: Int, _ step: Int) -> Point {
            let angle = Double(step) * 0.05 + Double(index) * 2.6
            let centre = index == 0 ? Point(x: 170, y: 390) : Point(x: 330, y: 420)
            return Point(x: centre.x + 95 * cos(angle), y: centre.y + 80 * sin(angle))
        }
        for step in 0...45 {
            script.touchFrame { emit in
                for index in 0..<2 {
                    let id = Int32(index)
                    if step == 0 {
                        emit(.down(id: id, time: 0, location: finger(index, 0)))
                        emit(.shape(id: id, major: 11 + Double(index) * 2, minor: 8.5))
                        emit(.orientation(id: id, degrees: 20 + 40 * Double(index)))
                    } else {
                        emit(.motion(id: id, time: 0, location: finger(index, step)))
                    }
                }
            }
        }
        script.record(.tabletToolAdded(seat: seat, tool: penTool, TabletToolDescription(
            type: .pen, hardwareSerial: 0x2A, capabilities: [.tilt, .pressure, .distance])))
        script.tool(.proximityIn(tablet: penTablet))
        for step in 0..<6 {  // hovering, coming closer
            script.tool(.motion(location: Point(x: 470, y: 250 + Double(step) * 5)))
            script.tool(.distance(UInt32(30000 - step * 5000)))
            script.toolFrame()
        }
        for step in 0...70 {
            if step == 0 { script.tool(.down) }
            script.tool(.motion(location: penPoint(step: step)))
            script.tool(.pressure(UInt32(12000 + step * 600)))
            script.tool(.tilt(x: 10 + Double(step) / 3, y: -8))
            script.toolFrame()
        }
        return script.finish()
    }

    static let squareCentre = Point(x: 682, y: 458)

    /// The gestures scene at 800×600, as a person tries it: two fingers pinch the orange square
    /// out and turn it, a single tap drops a marker once the double tap has failed, one finger
    /// draws a circle, and a finger holds the placard until it turns plum, still down at the end.
    static func gestures() -> String {
        let script = Script(width: 800, height: 600, scale: 1, scene: .gestures, comment:
            "pinch and turn the square, a tap, a circle, a long press (RecordingGenerator.gestures)")
        let frames = 40
        for frame in 0...frames {
            let t = Double(frame) / Double(frames)
            let radius = 30 + 10 * t
            let angle = 30 * t * .pi / 180
            script.touchFrame { emit in
                for (index, side) in [(Int32(0), -1.0), (Int32(1), 1.0)] {
                    let p = Point(x: squareCentre.x + side * radius * cos(angle),
                                  y: squareCentre.y + side * radius * sin(angle))
                    emit(frame == 0 ? .down(id: index, time: 0, location: p) : .motion(id: index, time: 0, location: p))
                }
            }
        }
        script.touchFrame { emit in
            emit(.up(id: 0, time: 0))
            emit(.up(id: 1, time: 0))
        }
        script.advance(by: 300)
        script.touchFrame { emit in emit(.down(id: 3, time: 0, location: Point(x: 640, y: 120))) }
        script.touchFrame { emit in emit(.up(id: 3, time: 0)) }
        script.advance(by: 600)  // the double tap fails, the single tap's marker drops
        for frame in 0...48 {
            let angle = Double(frame) / 48 * 2 * .pi - .pi / 2
            let p = Point(x: 170 + 95 * cos(angle), y: 400 + 85 * sin(angle))
            script.touchFrame { emit in emit(frame == 0 ? .down(id: 2, time: 0, location: p) : .motion(id: 2, time: 0, location: p)) }
        }
        script.touchFrame { emit in emit(.up(id: 2, time: 0)) }
        script.advance(by: 300)
        script.touchFrame { emit in emit(.down(id: 4, time: 0, location: Point(x: 430, y: 310))) }
        script.advance(by: 900)  // a long press: the placard turns plum
        return script.finish()
    }

    // MARK: Writing

    /// Where a touch meant for `target` lands in targets-rotated: on an 800×600 screen whose
    /// touchscreen is mapped turned 90° clockwise, 12 px right and 8 px up of true.
    static func rotatedTap(_ target: Point) -> Point {
        let nx = target.x / 800 - 0.5, ny = target.y / 600 - 0.5
        return Point(x: (0.5 - ny) * 800 + 12, y: (0.5 + nx) * 600 - 8)
    }

    /// The targets scene's whole course on a screen mapped turned and shifted: nine taps (each
    /// a down, 80 ms, a lift, then 400 ms to the next), a finger held 2.2 s wobbling by 0.4 px,
    /// and a line drawn across. 800×600: the result names the turn and gives the matrix. With
    /// `taps`, only the first that many taps: the course midway.
    static func targetsRotated(taps: Int? = nil) -> String {
        let script = Script(width: 800, height: 600, scale: 1, scene: .targets, comment: taps == nil
            ? "the targets course on a screen mapped turned 90° and shifted (RecordingGenerator.targetsRotated)"
            : "the targets course on a screen mapped turned 90° and shifted, stopped after \(taps ?? 0) taps (RecordingGenerator.targetsRotated)")
        let targets = TargetsRun(size: Size(width: 800, height: 600)).targets
        for target in targets.prefix(taps ?? targets.count) {
            let tap = rotatedTap(target)
            script.touchFrame { emit in emit(.down(id: 0, time: 0, location: tap)) }
            script.advance(by: 72)
            script.touchFrame { emit in emit(.up(id: 0, time: 0)) }
            script.advance(by: 392)
        }
        if taps != nil { return script.finish() }
        let centre = rotatedTap(Point(x: 400, y: 300))
        script.touchFrame { emit in emit(.down(id: 1, time: 0, location: centre)) }
        for step in 1...275 {
            let angle = Double(step) * 0.7
            script.touchFrame { emit in
                emit(.motion(id: 1, time: 0, location: Point(x: centre.x + 0.4 * cos(angle), y: centre.y + 0.4 * sin(angle))))
            }
        }
        script.touchFrame { emit in emit(.up(id: 1, time: 0)) }
        script.advance(by: 400)
        // Along the guide as the finger draws it, arriving turned: down the screen.
        for step in 0...60 {
            let t = Double(step) / 60
            let point = rotatedTap(Point(x: 160 + 480 * t, y: 420 + 0.6 * sin(t * .pi)))
            script.touchFrame { emit in emit(step == 0 ? .down(id: 2, time: 0, location: point) : .motion(id: 2, time: 0, location: point)) }
        }
        script.touchFrame { emit in emit(.up(id: 2, time: 0)) }
        return script.finish()
    }

    /// Touch frames at a fixed rate with 60 Hz display frames between them, through the real
    /// writer on a hand-driven clock.
    final class Script {
        private var now = 0.0  // milliseconds
        private var nextDisplay = RecordingGenerator.displayInterval
        private let touchInterval: Double
        let writer: RecordingWriter
        private let comment: String

        init(width: Int, height: Int, scale: Int, scene: Scene, comment: String,
             touchInterval: Double = RecordingGenerator.touchInterval) {
            let clock = TestClock()
            // No writer line: the shipped files would otherwise change with every release.
            writer = RecordingWriter(width: width, height: height, scale: scale, seats: seats,
                                     scene: scene, writer: nil, clock: clock.read)
            self.touchInterval = touchInterval
            self.comment = comment
        }

        /// One `wl_touch.frame` worth of events at the current time, then time moves on.
        func touchFrame(_ body: ((RawTouchInput) -> Void) -> Void) {
            body { touch($0) }
            touch(.frame)
            advance(by: touchInterval)
        }

        func touch(_ touch: RawTouchInput) {
            writer.record(.touch(seat: seat, touch), at: now / 1000)
        }

        func record(_ event: RecordedEvent) {
            writer.record(event, at: now / 1000)
        }

        func tool(_ event: RawTabletToolInput) {
            record(.tabletTool(seat: seat, tool: RecordingGenerator.penTool, event))
        }

        /// The pen's `frame`, then time moves on as after a touch frame.
        func toolFrame() {
            tool(.frame(time: 0))
            advance(by: touchInterval)
        }

        /// Moves time on, writing the display frames that fall due.
        func advance(by milliseconds: Double) {
            let target = now + milliseconds
            while nextDisplay <= target {
                now = nextDisplay
                writer.record(.displayFrame(predictionMilliseconds: 8.5), at: now / 1000)
                nextDisplay += RecordingGenerator.displayInterval
            }
            now = target
        }

        func finish() -> String {
            advance(by: RecordingGenerator.displayInterval)
            // The comment goes after the magic line, where comments are allowed.
            let text = writer.text
            guard let newline = text.firstIndex(of: "\n") else { return text }
            return String(text[...newline]) + "# \(comment)\n" + String(text[text.index(after: newline)...])
        }
    }
}
