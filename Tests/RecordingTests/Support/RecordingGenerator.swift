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
         ("fast-scribble.tcrec", fastScribble())]
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
                        emit(.down(id: id, location: tenFingersPoint(finger: finger, step: 0)))
                        emit(.shape(id: id, major: 9.5 + Double(finger) / 4, minor: 7.25))
                        emit(.orientation(id: id, degrees: 12.5 * Double(finger)))
                    } else if step > 0, step < tenFingersSteps {
                        emit(.motion(id: id, location: tenFingersPoint(finger: finger, step: step)))
                    } else if step == tenFingersSteps {
                        emit(.up(id: id))
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
                emit(frame == 0 ? .down(id: 0, location: a) : .motion(id: 0, location: a))
                emit(frame == 0 ? .down(id: 1, location: b) : .motion(id: 1, location: b))
            }
        }
        script.advance(by: 3)
        script.touch(.cancel)
        script.advance(by: 120)
        for frame in 0...frames {
            let (a, b) = pinchPoints(frame: frame, of: frames, y: completedRow, from: (360, 440), to: (120, 680))
            script.touchFrame { emit in
                emit(frame == 0 ? .down(id: 0, location: a) : .motion(id: 0, location: a))
                emit(frame == 0 ? .down(id: 1, location: b) : .motion(id: 1, location: b))
            }
        }
        script.touchFrame { emit in
            emit(.up(id: 0))
            emit(.up(id: 1))
        }
        return script.finish()
    }

    /// Where the scribbling finger is at `milliseconds`: a Lissajous figure, up to ~4000 px/s.
    static func scribblePoint(at milliseconds: Double) -> Point {
        let t = milliseconds / 1000
        return Point(x: 400 + 280 * sin(2 * .pi * t / 0.5), y: 300 + 180 * sin(2 * .pi * t / 0.37))
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
                emit(sample == 0 ? .down(id: 3, location: point) : .motion(id: 3, location: point))
            }
        }
        script.touchFrame { emit in emit(.up(id: 3)) }
        return script.finish()
    }

    // MARK: Writing

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
        func touchFrame(_ body: ((RecordedTouch) -> Void) -> Void) {
            body { touch($0) }
            touch(.frame)
            advance(by: touchInterval)
        }

        func touch(_ touch: RecordedTouch) {
            writer.record(.touch(seat: seat, touch), at: now / 1000)
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
