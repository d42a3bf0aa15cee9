import Foundation
import Rendering
import TouchCanvasApp
import TouchCanvasConstants
import TouchKit

/// Plays a recording into a scene with no display and returns the pixels the app would have
/// shown, the same bytes every time for the same file.
///
/// ```swift
/// let recording = try RecordingParser.parse(contentsOf: "Recordings/ten-fingers.tcrec")
/// let replayer = Replayer(recording: recording, scene: .trace)
/// try replayer.writePNG(to: "ten-fingers.png")
/// ```
///
/// It drives a ``AppSession``, the same one the app drives, whose clock is the recording's:
/// before each line it reads the line's time, so animations (the spot growing over 0.2 s)
/// depend on the file alone. Input and command lines go to the session in file order
/// (``AppSession/play(_:at:)``); at each `display-frame` line the session draws its display
/// frame into one buffer (only the damage, as the app does with one buffer). After the last line
/// it delivers input still waiting for a frame (as the app does when the socket drains), then
/// draws a last display frame.
///
/// Made from a ``RecordingStream`` instead, it reads each event from the file as it plays it,
/// so a recording of any size takes the memory of its drawing and no more; a malformed line
/// then stops the replay where it is, with ``ReplayError/recording(_:)``. A stream plays once.
///
/// The buffer is `xrgb8888` at the recording's scale, its sides clamped as the app clamps them;
/// `configure` and `scale` lines resize it. The session's overlays are off: neither the HUD nor
/// the pointer's hover ring is drawn, as the app's saved picture leaves them out.
@MainActor
public final class Replayer {
    public let recording: Recording
    public let scene: Scene
    public let singleTouch: Bool
    /// Refuse surfaces needing more buffer pixels than this (64 Mi pixels, 256 MiB, by default).
    public var maximumBufferPixels = 64 << 20

    /// Where on the monotonic clock the recording's time 0 falls, in seconds: the session's
    /// clock and the events' timestamps are this plus each line's time. 0 (the moment the
    /// machine booted) by default; what is drawn does not depend on it, which a test shows by
    /// replaying the same file from two starts.
    public var startTime: TimeInterval = 0

    /// The time of the last event played, in milliseconds; nil before a run or for a recording
    /// with no events.
    public private(set) var lastEventTime: Double?
    /// How many events have been played.
    public private(set) var eventCount = 0

    /// Each delivery, as `TouchInputMachine.onDeliver` (for `--log phases`).
    public var onDeliver: ((TouchEvent) -> Void)?
    /// Each protocol anomaly in the recording, as `TouchInputMachine.onAnomaly`.
    public var onAnomaly: ((TouchAnomaly) -> Void)?
    /// A targets course in the recording finished: what it measured, as it did live.
    public var onTargetsFinished: ((TargetsResults) -> Void)?

    /// - Parameter scene: the scene to play into; `nil` takes the recording's own, else `canvas`.
    public init(recording: Recording, scene: Scene? = nil, singleTouch: Bool = false) {
        self.recording = recording
        self.scene = scene ?? recording.scene ?? .canvas
        self.singleTouch = singleTouch
        stream = nil
    }

    /// A replayer that reads its events from `stream` as it plays them; ``recording`` is the
    /// stream's header, with no events.
    public init(stream: RecordingStream, scene: Scene? = nil, singleTouch: Bool = false) {
        recording = stream.header
        self.scene = scene ?? stream.header.scene ?? .canvas
        self.singleTouch = singleTouch
        self.stream = stream
    }

    private let stream: RecordingStream?

    /// Plays the whole recording and returns the last frame's pixels.
    public func run() throws(ReplayError) -> PixelBuffer {
        var buffer: PixelBuffer?
        var rendered: PixelBuffer?
        return try play { session, size, prediction throws(ReplayError) -> PixelBuffer in
            let target = try bufferSize(width: size.width, height: size.height, scale: size.scale)
            let pixels: PixelBuffer
            if let buffer, buffer.width == target.width, buffer.height == target.height {
                pixels = buffer
            } else {
                do throws(PixelBufferError) {
                    pixels = try PixelBuffer(width: target.width, height: target.height, format: .xrgb8888)
                } catch {
                    throw .pixelBuffer(error)
                }
                buffer = pixels
            }
            // One buffer, always holding the previous frame: age 1, or 0 (repaint all) when new.
            _ = session.displayFrame(into: pixels, scale: Double(size.scale), bufferAge: pixels === rendered ? 1 : 0,
                                     predictionInterval: prediction)
            rendered = pixels
            return pixels
        }
    }

    /// Plays the whole recording with nothing drawn, for what it delivers (``onDeliver``,
    /// ``onTargetsFinished``): every display frame's input and animation steps, no pixels.
    public func runWithoutDrawing() throws(ReplayError) {
        try play { session, _, prediction throws(ReplayError) in session.advanceFrame(predictionInterval: prediction) }
    }

    /// Plays the recording into a new session; `frame` makes each display frame (the window's
    /// size and scale then, the prediction in seconds), and once more after the last line: its
    /// last result is returned.
    private func play<Frame>(
        _ frame: (AppSession, (width: Int, height: Int, scale: Int), Double?) throws(ReplayError) -> Frame
    ) throws(ReplayError) -> Frame {
        let clock = ReplayClock(now: startTime)
        var width = recording.width
        var height = recording.height
        var scale = recording.scale
        let session = AppSession(.init(scene: scene, width: Double(width), height: Double(height),
                                          singleTouch: singleTouch, showsOverlays: false, clock: { clock.now }))
        session.onDeliver = onDeliver
        session.onAnomaly = onAnomaly
        session.onTargetsFinished = onTargetsFinished
        // A recording cut off with fingers down leaves touches in flight: let the views go.
        defer { session.end() }
        session.configure(width: width, height: height, scale: scale)
        for seat in recording.seats { session.setSeatName(seat.name, for: seat.id) }

        var index = 0
        /// The next event, from the stream or the recording's array.
        func next() throws(ReplayError) -> TimedEvent? {
            if let stream {
                do throws(RecordingError) { return try stream.next() } catch { throw .recording(error) }
            }
            guard index < recording.events.count else { return nil }
            index += 1
            return recording.events[index - 1]
        }
        lastEventTime = nil
        eventCount = 0
        while let timed = try next() {
            lastEventTime = timed.time
            eventCount += 1
            clock.now = startTime + timed.time / 1000
            switch timed.event {
            case let .configure(newWidth, newHeight):
                (width, height) = (newWidth, newHeight)
                session.configure(width: width, height: height, scale: scale)
            case let .scale(newScale):
                scale = newScale
                session.configure(width: width, height: height, scale: scale)
            case let .displayFrame(prediction):
                _ = try frame(session, (width, height, scale), prediction.map { $0 / 1000 })
            default:
                session.play(timed.event, at: startTime * 1000 + timed.time)
            }
        }
        session.flushPendingInput()
        return try frame(session, (width, height, scale), nil)
    }

    /// Plays the recording and saves the last frame as a PNG at `path`.
    public func writePNG(to path: String) throws(ReplayError) {
        let pixels = try run()
        do {
            try PNGWriter().write(pixels, to: path)
        } catch {
            throw .png(error)
        }
    }

    /// The buffer the app would draw: each side clamped to `BufferLimits.maximumSide` buffer
    /// pixels, as the app does.
    private func bufferSize(width: Int, height: Int, scale: Int) throws(ReplayError) -> (width: Int, height: Int) {
        let scale = max(scale, 1)
        let limit = BufferLimits.maximumSide / scale
        let w = min(max(width, 1), limit) * scale
        let h = min(max(height, 1), limit) * scale
        guard w.multipliedReportingOverflow(by: h).partialValue <= maximumBufferPixels else {
            throw .tooLarge(width: w, height: h, limit: maximumBufferPixels)
        }
        return (w, h)
    }
}

/// The window's clock during replay: the current line's time, in seconds.
@MainActor
private final class ReplayClock {
    var now: TimeInterval

    init(now: TimeInterval) { self.now = now }
}
