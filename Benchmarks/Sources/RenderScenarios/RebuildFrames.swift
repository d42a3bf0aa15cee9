import Rendering
import Foundation
import SystemClock
import TouchCanvasApp
import TouchKit

/// A size change over a big drawing, as the app's frames paint it: the trace scene holding
/// `InkWork.strokes` (10 000 strokes × 10 segments at 4K, fed through the input machine), then
/// the window one row shorter or taller, and display frames into a new buffer until the session
/// asks for no more. With the app's paint budget the ink is rebuilt a slice per frame; with
/// ``InkPaintBudget/unlimited`` in the first frame, as before slicing.
///
/// Each ``rebuild()`` toggles the height, so every call rebuilds the whole layer at (almost) the
/// same size, and the two budgets can be interleaved in one run.
@MainActor
public final class RebuildFrames {
    public let session: AppSession
    public let width: Double
    public let height: Double
    public let scale: Double
    private var shorter = false
    /// One buffer per height, as the compositor would hand over after a resize.
    private let buffers: [PixelBuffer]

    /// Frames of one rebuild, in nanoseconds each.
    public struct Result {
        public var frames: [Double]
        public var total: Double { frames.reduce(0, +) }
        public var longest: Double { frames.max() ?? 0 }
    }

    public init(width: Double, height: Double, scale: Double, strokes: Int, segmentsPerStroke: Int) throws {
        self.width = width
        self.height = height
        self.scale = scale
        session = AppSession(.init(scene: .trace, width: width, height: height, showsOverlays: false))
        buffers = try [height, height - 1].map { h in
            try PixelBuffer(width: Int((width * scale).rounded(.up)), height: Int((h * scale).rounded(.up)), format: .xrgb8888)
        }
        // The strokes InkWork's rebuild row draws, through the input path (not held for frames).
        session.input.holdsMovesUntilDisplayFrame = false
        let seat = SeatID(1)
        var time: UInt32 = 0
        for stroke in InkWork.strokes(count: strokes, segmentsPerStroke: segmentsPerStroke, in: Size(width: width, height: height)) {
            for (i, sample) in stroke.samples.enumerated() {
                time &+= 5
                session.handle(i == 0 ? .down(id: 1, time: time, location: sample.location)
                                      : .motion(id: 1, time: time, location: sample.location), seat: seat)
                session.handle(RawTouchInput.frame, seat: seat)
            }
            time &+= 5
            session.handle(.up(id: 1, time: time), seat: seat)
            session.handle(RawTouchInput.frame, seat: seat)
        }
        session.input.holdsMovesUntilDisplayFrame = true
        _ = session.displayFrame(into: buffers[0], scale: scale, bufferAge: 0)
    }

    /// The window changes height by one row, and frames are drawn until the ink is whole.
    public func rebuild(budget: InkPaintBudget) -> Result {
        session.paintBudget = budget
        shorter.toggle()
        let buffer = buffers[shorter ? 1 : 0]
        session.configure(width: Int(width), height: Int(height) - (shorter ? 1 : 0), scale: Int(scale.rounded(.up)))
        var frames: [Double] = []
        var age = 0
        repeat {
            let start = SystemClock.monotonicNanoseconds
            _ = session.displayFrame(into: buffer, scale: scale, bufferAge: age)
            frames.append(Double(SystemClock.monotonicNanoseconds - start))
            age = 1
        } while session.needsAnotherFrame && frames.count < 100_000
        return Result(frames: frames)
    }

    /// A stroke from the top of the window to the bottom ends, is drawn, then is undone: the
    /// undo clears every row and redraws whatever crosses them, which is nearly every stroke.
    /// Frames are drawn until the session asks for no more; the undo's frames are returned.
    public func tallUndo(budget: InkPaintBudget) -> Result {
        session.paintBudget = budget
        let seat = SeatID(1)
        let h = height - (shorter ? 1 : 0)
        let buffer = buffers[shorter ? 1 : 0]
        session.input.holdsMovesUntilDisplayFrame = false
        session.handle(.down(id: 2, time: 1, location: Point(x: width / 2, y: 1)), seat: seat)
        session.handle(RawTouchInput.frame, seat: seat)
        session.handle(.motion(id: 2, time: 2, location: Point(x: width / 2 + 30, y: h - 1)), seat: seat)
        session.handle(RawTouchInput.frame, seat: seat)
        session.handle(.up(id: 2, time: 3), seat: seat)
        session.handle(RawTouchInput.frame, seat: seat)
        session.input.holdsMovesUntilDisplayFrame = true
        repeat {
            _ = session.displayFrame(into: buffer, scale: scale, bufferAge: 1)
        } while session.needsAnotherFrame
        session.perform(.undo)
        var frames: [Double] = []
        repeat {
            let start = SystemClock.monotonicNanoseconds
            _ = session.displayFrame(into: buffer, scale: scale, bufferAge: 1)
            frames.append(Double(SystemClock.monotonicNanoseconds - start))
        } while session.needsAnotherFrame && frames.count < 100_000
        return Result(frames: frames)
    }

    /// One frame that repaints the whole window into a buffer of unknown contents (age 0), with
    /// nothing to rebuild: what a new buffer costs. Nanoseconds.
    public func fullRepaint() -> Double {
        let buffer = buffers[shorter ? 1 : 0]
        let start = SystemClock.monotonicNanoseconds
        session.window.setNeedsDisplay()
        _ = session.displayFrame(into: buffer, scale: scale, bufferAge: 0)
        return Double(SystemClock.monotonicNanoseconds - start)
    }
}
