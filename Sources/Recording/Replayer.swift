import Foundation
import Canvas
import TouchCanvasApp
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
/// It builds what the app builds — a ``Window`` on a white background, the scene's root view,
/// a ``TouchInputMachine`` with `holdsMovesUntilDisplayFrame` — but the window's clock is the
/// recording's: before each event it reads the line's time, so animations (the spot growing
/// over 0.2 s) depend on the file alone. Events go to the machine in file order, stamped with
/// their time in whole milliseconds. At each `display-frame` line it does what the app does
/// before drawing: advance animations, set the prediction interval when the line gives one,
/// deliver held moves, advance animations again, and render into its buffer (only the damage,
/// as the app does with one buffer). After the last line it delivers input still waiting for
/// a frame (as the app does when the socket drains), then draws a last display frame.
///
/// The buffer is `xrgb8888` at the recording's scale, its sides clamped as the app clamps them
/// (at most 16384 buffer pixels); `configure` and `scale` lines resize it. `clear`, `undo` and
/// `scene` lines do what the key did in the app; a `scene` line switches even when replay was
/// told which scene to start in. The pointer's hover ring is not drawn: the picture is the one
/// the app saves, which leaves it out as it leaves out the cursor.
@MainActor
public final class Replayer {
    public let recording: Recording
    public let scene: Scene
    public let singleTouch: Bool
    /// Refuse surfaces needing more buffer pixels than this (64 Mi pixels, 256 MiB, by default).
    public var maximumBufferPixels = 64 << 20

    /// Each delivery, as `TouchInputMachine.onDeliver` (for `--log phases`).
    public var onDeliver: ((TouchEvent) -> Void)?
    /// Each protocol anomaly in the recording, as `TouchInputMachine.onAnomaly`.
    public var onAnomaly: ((TouchAnomaly) -> Void)?

    /// - Parameter scene: the scene to play into; `nil` takes the recording's own, else `canvas`.
    public init(recording: Recording, scene: Scene? = nil, singleTouch: Bool = false) {
        self.recording = recording
        self.scene = scene ?? recording.scene ?? .canvas
        self.singleTouch = singleTouch
    }

    /// Plays the whole recording and returns the last frame's pixels.
    public func run() throws(ReplayError) -> PixelBuffer {
        let clock = ReplayClock()
        var width = recording.width
        var height = recording.height
        var scale = recording.scale
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let window = Window(frame: frame, clock: { clock.now })
        window.backgroundColor = .white
        var root = Scene.makeRootView(for: scene, frame: frame, singleTouch: singleTouch)
        var currentScene = scene
        window.addSubview(root)
        let machine = TouchInputMachine(window: window)
        machine.holdsMovesUntilDisplayFrame = true
        machine.onDeliver = onDeliver
        machine.onAnomaly = onAnomaly
        for seat in recording.seats { machine.setSeatName(seat.name, for: seat.id) }

        let renderer = ViewRenderer()
        var buffer: PixelBuffer?
        var rendered: PixelBuffer?

        @discardableResult
        func displayFrame(prediction: Double?) throws(ReplayError) -> PixelBuffer {
            window.advanceAnimations()
            if let prediction { machine.predictionInterval = prediction / 1000 }
            if machine.hasHeldMoves {
                machine.deliverHeldMoves()
                window.advanceAnimations()
            }
            let target = try bufferSize(width: width, height: height, scale: scale)
            let pixels: PixelBuffer
            if let buffer, buffer.width == target.width, buffer.height == target.height {
                pixels = buffer
            } else {
                do {
                    pixels = try PixelBuffer(width: target.width, height: target.height, format: .xrgb8888)
                } catch {
                    throw .pixelBuffer(error)
                }
                buffer = pixels
            }
            // One buffer, always holding the previous frame: age 1, or 0 (repaint all) when new.
            _ = renderer.render(window, into: pixels, scale: Double(scale), bufferAge: pixels === rendered ? 1 : 0)
            rendered = pixels
            return pixels
        }

        for timed in recording.events {
            clock.now = timed.time / 1000
            let stamp = UInt32(timed.time.rounded(.down))
            switch timed.event {
            case let .touch(seat, touch):
                machine.handle(touch.raw(time: stamp), seat: seat)
            case let .pointer(seat, pointer):
                machine.handle(pointer.raw(time: stamp), seat: seat)
            case let .capabilityLost(seat, .touch):
                machine.touchCapabilityLost(seat: seat)
            case let .capabilityLost(seat, .pointer):
                machine.pointerCapabilityLost(seat: seat)
            case let .seatRemoved(seat):
                machine.seatRemoved(seat)
            case let .seatName(seat, name):
                machine.setSeatName(name, for: seat)
            case let .configure(newWidth, newHeight):
                width = newWidth
                height = newHeight
                let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
                if window.frame != frame {
                    window.frame = frame
                    root.frame = frame
                }
                window.setNeedsDisplay()
            case let .scale(newScale):
                scale = newScale
                window.setNeedsDisplay()
            case .flush:
                machine.flushPendingInput()
            case let .displayFrame(prediction):
                try displayFrame(prediction: prediction)
            case .command(.clear):
                (root as? Clearable)?.clear()
            case .command(.undo):
                (root as? Undoable)?.undo()
            case let .command(.scene(newScene)):
                // As the app switches: touches in flight cancelled, then a fresh scene.
                guard newScene != currentScene else { break }
                machine.cancelAllTouches()
                root.removeFromSuperview()
                root = Scene.makeRootView(for: newScene, frame: window.bounds, singleTouch: singleTouch)
                window.insertSubview(root, at: 0)
                currentScene = newScene
            }
        }
        machine.flushPendingInput()
        return try displayFrame(prediction: nil)
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

    /// The buffer the app would draw: each side clamped to 16384 buffer pixels, as the app does.
    private func bufferSize(width: Int, height: Int, scale: Int) throws(ReplayError) -> (width: Int, height: Int) {
        let scale = max(scale, 1)
        let limit = 16384 / scale
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
    var now: TimeInterval = 0
}
