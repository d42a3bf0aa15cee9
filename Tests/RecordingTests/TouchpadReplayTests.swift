import Rendering
import Testing
import TouchCanvasApp
import TouchKit
@testable import Recording
import TouchCanvasTesting

/// A session with touchpad gestures replays to the same pixels and the same recognizer states:
/// the live session is recorded, its file read back and played into a fresh session frame by
/// frame, and every frame and every state change compared.
@MainActor
@Suite struct TouchpadReplayTests {
    /// The seconds both the session and the writer read.
    @MainActor
    final class Clock {
        var now = 0.0
    }

    /// A session in the gestures scene with ``PinchSquareView`` over it, drawing into one buffer
    /// as the app and ``Replayer`` do, keeping every frame's bytes and every recognizer change.
    @MainActor
    final class Rig {
        let clock = Clock()
        let session: AppSession
        let square: PinchSquareView
        let pixels: PixelBuffer
        var frames: [[UInt8]] = []
        var states: [String] = []

        init() throws {
            let clock = clock
            session = AppSession(.init(scene: .gestures, width: 300, height: 200, showsOverlays: false,
                                          clock: { clock.now }))
            session.configure(width: 300, height: 200, scale: 1)
            square = PinchSquareView(frame: session.window.bounds)
            session.window.addSubview(square)
            pixels = try PixelBuffer(width: 300, height: 200, format: .xrgb8888)
            session.onGestureStateChange = { [unowned self] recognizer, state in
                states.append("\(recognizer.name ?? "?") \(state)")
            }
        }

        func displayFrame() {
            _ = session.displayFrame(into: pixels, scale: 1, bufferAge: frames.isEmpty ? 0 : 1)
            frames.append(rowBytes(pixels))
        }
    }

    static let seat = SeatID(7)

    /// Pinches the square to 1.6, swipes it by (32, 6), pinches again and has that pinch
    /// cancelled (the square goes back to 1.6), then rests fingers (a hold), at `ms` times.
    func playLive(into rig: Rig, recordingInto writer: RecordingWriter) {
        rig.session.startRecording(into: writer, scale: 1)
        func at(_ ms: UInt32, _ act: () -> Void) {
            rig.clock.now = Double(ms) / 1000
            act()
        }
        func pad(_ ms: UInt32, _ kind: TouchpadGesture.Kind, _ phase: TouchpadGesture.Phase, _ fingers: Int,
                 delta: Point = .zero, scale: Double = 1, rotation: Double = 0) {
            at(ms) {
                rig.session.handle(TouchpadGesture(kind: kind, phase: phase, fingers: fingers, location: .zero, time: 0,
                                                   delta: delta, scale: scale, rotation: rotation),
                                   time: ms, seat: Self.seat)
            }
        }
        at(0) {
            rig.session.handle(.enter(location: Point(x: 150, y: 100)), seat: Self.seat)
            rig.session.handle(RawPointerInput.frame, seat: Self.seat)
            rig.displayFrame()
        }
        pad(10, .pinch, .began, 2)
        pad(18, .pinch, .changed, 2, delta: Point(x: 0.5, y: -0.25), scale: 1.25, rotation: 3)
        at(20) { rig.displayFrame() }
        pad(26, .pinch, .changed, 2, scale: 1.6, rotation: -1.5)
        at(33) { rig.displayFrame() }
        pad(34, .pinch, .ended, 2)
        at(40) { rig.displayFrame() }
        pad(50, .swipe, .began, 3)
        pad(58, .swipe, .changed, 3, delta: Point(x: 12, y: 0))
        pad(66, .swipe, .changed, 3, delta: Point(x: 20, y: 6))
        at(70) { rig.displayFrame() }
        pad(74, .swipe, .ended, 3)
        at(80) { rig.displayFrame() }
        pad(90, .pinch, .began, 2)
        pad(96, .pinch, .changed, 2, scale: 0.5)
        at(100) { rig.displayFrame() }
        pad(104, .pinch, .cancelled, 2)
        pad(110, .hold, .began, 3)
        pad(115, .hold, .ended, 3)
        at(120) { rig.displayFrame() }
    }

    /// Plays `recording` into `rig` as ``Replayer`` does: the clock at each line's time, input
    /// through ``AppSession/play(_:at:)``, a frame at each `display-frame`.
    func replay(_ recording: Recording, into rig: Rig) {
        for timed in recording.events {
            rig.clock.now = timed.time / 1000
            if case .displayFrame = timed.event {
                rig.displayFrame()
            } else {
                rig.session.play(timed.event, at: timed.time)
            }
        }
    }

    func recordedLive() throws -> (rig: Rig, text: String) {
        let live = try Rig()
        let writer = RecordingWriter(width: 300, height: 200, scale: 1, scene: .gestures, writer: nil,
                                     clock: { [clock = live.clock] in clock.now })
        playLive(into: live, recordingInto: writer)
        return (live, writer.text)
    }

    @Test func aTouchpadSessionReplaysToTheSamePixelsAndStates() throws {
        let (live, text) = try recordedLive()
        #expect(text.contains("\n18 7 touchpad pinch changed 2 0.5 -0.25 1.25 3\n"), "\(text)")
        #expect(text.contains("\n104 7 touchpad pinch cancelled 2\n"), "\(text)")
        let recording = try RecordingParser.parse(text)
        #expect(recording.events.filter { if case .touchpad = $0.event { true } else { false } }.count == 13)

        // What the live session did, so the comparison below is about something.
        #expect(live.square.scale == 1.6 && live.square.offset == Point(x: 32, y: 6))
        #expect(live.states == ["pinch began", "pinch changed", "pinch ended", "pan began", "pan changed", "pan ended",
                                "pinch began", "pinch cancelled"], "\(live.states)")
        #expect(Set(live.frames).count >= 4, "the square changed on screen")

        let replayed = try Rig()
        replay(recording, into: replayed)
        #expect(replayed.states == live.states)
        #expect(replayed.square.scale == live.square.scale && replayed.square.offset == live.square.offset)
        #expect(replayed.frames.count == live.frames.count)
        for (index, (a, b)) in zip(live.frames, replayed.frames).enumerated() {
            #expect(a == b, "frame \(index) differs")
        }
        #expect(differences(live.pixels, replayed.pixels).isEmpty)
    }

    /// Without its touchpad lines the same file draws the square where it started: why they are
    /// written.
    @Test func withoutTheTouchpadLinesTheReplayDiffers() throws {
        let (live, text) = try recordedLive()
        var recording = try RecordingParser.parse(text)
        recording.events.removeAll { if case .touchpad = $0.event { true } else { false } }
        let replayed = try Rig()
        replay(recording, into: replayed)
        #expect(replayed.states.isEmpty && replayed.square.scale == 1)
        #expect(!differences(live.pixels, replayed.pixels).isEmpty)
    }

    /// The app's own replay takes the file too, in the gestures scene it names.
    @Test func theReplayerPlaysATouchpadFile() throws {
        let (_, text) = try recordedLive()
        let first = try Replayer(recording: try RecordingParser.parse(text)).run()
        let second = try Replayer(recording: try RecordingParser.parse(text)).run()
        #expect(rowBytes(first) == rowBytes(second))
    }
}
