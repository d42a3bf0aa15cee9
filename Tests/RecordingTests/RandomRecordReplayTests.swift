import Rendering
import Testing
import TouchCanvasApp
import TouchKit
@testable import Recording
import TouchCanvasTesting

/// Random sessions, recorded as the app records them and replayed: fingers (with shapes, lifted
/// or cancelled), a pen (hovering, pressing, tilting, its eraser button, leaving while down),
/// the mouse, touchpad pinches, swipes and holds, keys (clear, undo, another scene, palm
/// rejection), the recognizers' time-outs fired by the app's timer, the socket running dry with
/// input waiting for a frame, and display frames at random moments. The replay's picture must be
/// the live session's last frame, pixel for pixel.
///
/// The live side is the session the app drives, fed as the shell feeds it: moves held for the
/// display frame, a time-out fired when the deadline the session asked for comes, each display
/// frame into one buffer (age 1), as a compositor that releases it at once would have it.
@MainActor
@Suite struct RandomRecordReplayTests {
    static let seat = SeatID(3)
    static let pen = TabletToolID(1)
    static let tablet = TabletID(1)
    static let width = 320, height = 240

    /// One random session; returns the live picture and the replay's.
    func session(seed: UInt64, steps: Int) throws -> (live: PixelBuffer, replayed: PixelBuffer, text: String) {
        var rng = SplitMix64(seed: seed)
        var seconds = 100.0
        let start = Scene.allCases.filter { $0 != .inspect }[Int(seed % 5)]
        let session = AppSession(.init(scene: start, width: Double(Self.width), height: Double(Self.height),
                                          showsOverlays: false, clock: { seconds }))
        session.input.holdsMovesUntilDisplayFrame = true
        let writer = RecordingWriter(width: Self.width, height: Self.height, scale: 1,
                                     seats: [RecordedSeat(id: Self.seat, name: "seat0")], scene: start, clock: { seconds })
        session.tabletToolAdded(Self.pen, description: TabletToolDescription(
            type: .pen, hardwareSerial: 7, capabilities: [.pressure, .tilt, .distance]), seat: Self.seat)
        writer.recordTools(of: session, seats: [Self.seat])
        session.startRecording(into: writer, scale: 1)
        let buffer = try PixelBuffer(width: Self.width, height: Self.height, format: .xrgb8888)
        var age = 0
        var fingers: Set<Int32> = []
        var penDown = false, penNear = false, pointerIn = false, buttonDown = false
        var gesture: TouchpadGesture.Kind?

        func stamp() -> UInt32 { UInt32(seconds * 1000) }
        func point() -> Point {
            Point(x: Double(rng.next() % UInt64(Self.width * 4)) / 4, y: Double(rng.next() % UInt64(Self.height * 4)) / 4)
        }
        func touch(_ input: RawTouchInput) { session.handle(input, seat: Self.seat) }
        func tool(_ input: RawTabletToolInput) { session.handle(input, tool: Self.pen, seat: Self.seat) }
        func pointer(_ input: RawPointerInput) { session.handle(input, seat: Self.seat) }
        func displayFrame() {
            _ = session.displayFrame(into: buffer, scale: 1, bufferAge: age,
                                     predictionInterval: rng.next() % 2 == 0 ? nil : Double(rng.next() % 20) / 1000)
            age = 1
        }

        for _ in 0..<steps {
            // Time passes; the app's timer fires the recognizers' time-outs that fell due.
            let next = seconds + Double(rng.next() % 40 + 1) / 1000
            if let due = session.nextGestureDeadline, due <= next {
                seconds = max(seconds, due + Double(rng.next() % 3) / 1000)
                session.advanceGestures()
            }
            seconds = max(seconds, next)
            switch rng.next() % 16 {
            case 0, 1, 2:  // a finger down (at most four), with a shape now and then
                let id = Int32(rng.next() % 4)
                if !fingers.contains(id) {
                    touch(.down(id: id, time: stamp(), location: point()))
                    if rng.next() % 3 == 0 { touch(.shape(id: id, major: 12, minor: 8)) }
                    touch(.frame)
                    fingers.insert(id)
                }
            case 3, 4, 5, 6:  // the fingers move, several frames before a display frame
                for _ in 0..<(rng.next() % 3 + 1) {
                    for id in fingers { touch(.motion(id: id, time: stamp(), location: point())) }
                    if !fingers.isEmpty { touch(.frame) }
                    seconds += 0.004
                }
            case 7:  // one lifts; or, now and then, a cancel takes them all
                if rng.next() % 5 == 0, !fingers.isEmpty {
                    touch(.cancel)
                    fingers.removeAll()
                } else if let id = fingers.first {
                    touch(.up(id: id, time: stamp()))
                    touch(.frame)
                    fingers.remove(id)
                }
            case 8, 9:  // the pen: in range, down, pressing and tilting, up, out
                if !penNear {
                    tool(.proximityIn(tablet: Self.tablet))
                    tool(.motion(location: point()))
                    tool(.distance(UInt32(rng.next() % 30_000)))
                    penNear = true
                } else if !penDown, rng.next() % 3 != 0 {
                    tool(.down)
                    tool(.pressure(UInt32(rng.next() % 65_536)))
                    if rng.next() % 4 == 0 { tool(.button(code: 0x14b, pressed: true)) }
                    penDown = true
                } else if penDown, rng.next() % 4 == 0 {
                    tool(.up)
                    tool(.button(code: 0x14b, pressed: false))
                    penDown = false
                } else if rng.next() % 6 == 0 {
                    tool(.proximityOut)  // down or not
                    penNear = false
                    penDown = false
                } else {
                    tool(.motion(location: point()))
                    tool(.pressure(UInt32(rng.next() % 65_536)))
                    tool(.tilt(x: Double(rng.next() % 120) - 60, y: Double(rng.next() % 120) - 60))
                }
                tool(.frame(time: stamp()))
            case 10:  // the mouse: enter, press, drag, release, leave
                if !pointerIn {
                    pointer(.enter(location: point()))
                    pointerIn = true
                } else if rng.next() % 2 == 0 {
                    buttonDown.toggle()
                    pointer(.button(time: stamp(), button: 0x110, pressed: buttonDown))
                } else if rng.next() % 5 == 0, !buttonDown {
                    pointer(.leave)
                    pointerIn = false
                } else {
                    pointer(.motion(time: stamp(), location: point()))
                }
                pointer(.frame)
            case 11:  // the touchpad, over where the pointer is
                let kinds: [TouchpadGesture.Kind] = [.pinch, .swipe, .hold]
                if let kind = gesture {
                    let ends = rng.next() % 3 == 0
                    let phase: TouchpadGesture.Phase = ends ? (rng.next() % 4 == 0 ? .cancelled : .ended) : .changed
                    if kind == .hold && !ends { break }
                    session.handle(TouchpadGesture(kind: kind, phase: phase, fingers: 3, location: .zero, time: 0,
                                                   delta: Point(x: 3, y: -2), scale: 1 + Double(rng.next() % 50) / 100,
                                                   rotation: Double(rng.next() % 20)), time: stamp(), seat: Self.seat)
                    if ends { gesture = nil }
                } else if pointerIn {
                    let kind = kinds[Int(rng.next() % 3)]
                    session.handle(TouchpadGesture(kind: kind, phase: .began, fingers: 3, location: .zero, time: 0),
                                   time: stamp(), seat: Self.seat)
                    gesture = kind
                }
            case 12:  // a key
                switch rng.next() % 8 {
                case 0, 1: session.perform(.undo)
                case 2: session.perform(.clear)
                case 3: session.perform(.palmRejection(rng.next() % 2 == 0))
                case 4:
                    // Another scene cancels every finger in flight, as the key does.
                    session.perform(.scene(Scene.allCases.filter { $0 != .inspect }[Int(rng.next() % 5)]))
                    fingers.removeAll()
                default: break
                }
            case 13:  // the socket ran dry with input waiting for a frame
                if !fingers.isEmpty {
                    touch(.motion(id: fingers.first ?? 0, time: stamp(), location: point()))
                    _ = session.flushPendingInput()
                }
            default:
                displayFrame()
            }
        }
        _ = session.flushPendingInput()
        displayFrame()
        let text = writer.text
        let replayed = try Replayer(recording: try RecordingParser.parse(text)).run()
        return (buffer, replayed, text)
    }

    @Test(arguments: 0..<24)
    func aRandomSessionReplaysAsItWasDrawn(seed: UInt64) async throws {
        let (live, replayed, text) = try session(seed: 0xC0FFEE + seed, steps: 400)
        let differing = differences(live, replayed)
        #expect(differing.isEmpty, "seed \(seed): \(differing.prefix(5))")
        // The session did what it is meant to: every kind of line is somewhere in these files.
        #expect(text.contains(" down ") && text.contains(" display-frame"), "seed \(seed)")
    }

    /// Across the sessions, every kind of input the test means to exercise was recorded.
    @Test func theSessionsCoverEveryKindOfLine() throws {
        var all = ""
        for seed in UInt64(0)..<24 { all += try session(seed: 0xC0FFEE + seed, steps: 400).text }
        for kind in [" down ", " motion ", " up ", " cancel", " shape ", " tool-proximity-in ", " tool-down ", " tool-pressure ",
                     " tool-tilt ", " tool-button ", " tool-proximity-out ", " pointer-button ", " touchpad pinch ",
                     " touchpad swipe ", " touchpad hold ", " - undo", " - clear", " - scene ", " - palm-rejection ",
                     " - gesture-timeout", " - flush", " - display-frame"] {
            #expect(all.contains(kind), "no \(kind) line")
        }
    }
}
