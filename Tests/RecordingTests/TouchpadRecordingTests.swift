import Foundation
import Testing
import TouchCanvasApp
import TouchKit
@testable import Recording

/// The touchpad's lines (format version 3): what the session hands the recorder is what the
/// file says and what the parser reads back.
@MainActor
@Suite struct TouchpadRecordingTests {
    static let seat = SeatID(9)

    func gesture(_ kind: TouchpadGesture.Kind, _ phase: TouchpadGesture.Phase, _ fingers: Int,
                 delta: Point = .zero, scale: Double = 1, rotation: Double = 0) -> TouchpadGesture {
        TouchpadGesture(kind: kind, phase: phase, fingers: fingers, location: Point(x: 77, y: 88), time: 5,
                        delta: delta, scale: scale, rotation: rotation)
    }

    /// The session's hook reaches the file through the writer's own method, as its line: the
    /// protocol's empty default would have recorded nothing. Neither the location nor the
    /// event's own time is written.
    @Test func theWritersTouchpadMethodWritesItsLines() throws {
        var seconds = 0.0
        let writer = RecordingWriter(width: 100, height: 100, scale: 1, writer: nil, clock: { seconds })
        let recorder: any AppSessionRecorder = writer
        seconds = 0.012
        recorder.touchpadGesture(gesture(.pinch, .began, 2), time: 123_456, seat: Self.seat)
        recorder.touchpadGesture(gesture(.pinch, .changed, 2, delta: Point(x: 0.5, y: -1), scale: 1.25, rotation: -2.5),
                                 time: 123_460, seat: Self.seat)
        recorder.touchpadGesture(gesture(.pinch, .ended, 2), time: 123_470, seat: Self.seat)
        recorder.touchpadGesture(gesture(.swipe, .began, 3), time: 1, seat: Self.seat)
        recorder.touchpadGesture(gesture(.swipe, .changed, 3, delta: Point(x: 12, y: 0)), time: 1, seat: Self.seat)
        recorder.touchpadGesture(gesture(.swipe, .cancelled, 3), time: 1, seat: Self.seat)
        recorder.touchpadGesture(gesture(.hold, .began, 4), time: 1, seat: Self.seat)
        recorder.touchpadGesture(gesture(.hold, .ended, 4, delta: Point(x: 1, y: 0)), time: 1, seat: Self.seat)
        let events = writer.text.split(separator: "\n").drop { !$0.hasPrefix("12 ") }
        #expect(Array(events) == [
            "12 9 touchpad pinch began 2",
            "12 9 touchpad pinch changed 2 0.5 -1 1.25 -2.5",
            "12 9 touchpad pinch ended 2",
            "12 9 touchpad swipe began 3",
            "12 9 touchpad swipe changed 3 12 0 1 0",
            "12 9 touchpad swipe cancelled 3",
            "12 9 touchpad hold began 4",
            "12 9 touchpad hold ended 4 1 0 1 0",
        ])
    }

    /// A live session's gestures come back from its file as the session was handed them, less
    /// the location and time the file leaves out.
    @Test func aSessionsGesturesReadBackExactly() throws {
        var seconds = 0.0
        let session = AppSession(.init(scene: .gestures, width: 200, height: 200, showsOverlays: false, clock: { seconds }))
        let writer = RecordingWriter(width: 200, height: 200, scale: 1, scene: .gestures, clock: { seconds })
        session.startRecording(into: writer, scale: 1)
        let sent = [
            gesture(.pinch, .began, 2),
            gesture(.pinch, .changed, 2, delta: Point(x: 0.1 + 0.2, y: 1e-7), scale: 1.5, rotation: 0.30000000000000004),
            gesture(.pinch, .cancelled, 2),
            gesture(.swipe, .began, 3),
            gesture(.swipe, .changed, 3, delta: Point(x: -4.25, y: 9)),
            gesture(.swipe, .ended, 3),
            gesture(.hold, .began, 3),
            gesture(.hold, .cancelled, 3),
        ]
        for (index, event) in sent.enumerated() {
            seconds = Double(index) * 0.004
            session.handle(event, time: UInt32(index * 4), seat: Self.seat)
        }
        let recording = try RecordingParser.parse(writer.text)
        #expect(recording.events.map(\.event) == sent.map { .touchpad(seat: Self.seat, RecordedTouchpadGesture($0)) })
        #expect(recording.events.map(\.time) == [0, 4, 8, 12, 16, 20, 24, 28])
        #expect(recording.events.map { event -> TouchpadGesture? in
            guard case let .touchpad(_, recorded) = event.event else { return nil }
            return recorded.gesture
        } == sent.map { event -> TouchpadGesture? in
            var event = event
            event.location = .zero
            event.time = 0
            return event
        })
    }

    /// Values no file can hold are clamped so the file always reads back: fingers into
    /// 0…4294967295, motion into what a `wl_fixed` holds, NaN as 0.
    @Test func valuesOutsideTheFormatAreClamped() throws {
        let writer = RecordingWriter(width: 10, height: 10, scale: 1, clock: { 0 })
        writer.touchpadGesture(gesture(.pinch, .began, -3), time: 0, seat: Self.seat)
        writer.touchpadGesture(gesture(.pinch, .changed, Int.max, delta: Point(x: .nan, y: -.infinity),
                                       scale: .infinity, rotation: 1e300), time: 0, seat: Self.seat)
        let recording = try RecordingParser.parse(writer.text)
        #expect(recording.events.map(\.event) == [
            .touchpad(seat: Self.seat, RecordedTouchpadGesture(kind: .pinch, phase: .began, fingers: 0)),
            .touchpad(seat: Self.seat, RecordedTouchpadGesture(kind: .pinch, phase: .changed, fingers: Int(UInt32.max),
                                                               delta: Point(x: 0, y: -8388608), scale: 8388608,
                                                               rotation: 8388608)),
        ])
    }

    /// A gesture line is a batch: it is on disk as soon as it is recorded.
    @Test func aGestureLineEndsABatch() throws {
        let path = RoundTripTests.scratchPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RecordingWriter(path: path, width: 100, height: 100, scale: 1, clock: { 0 })
        writer.touchpadGesture(gesture(.swipe, .began, 3), time: 0, seat: Self.seat)
        #expect(try RecordingParser.parse(contentsOf: path).events.count == 1)
        try writer.close()
    }

    /// The touchpad example in the format's document reads as the document says.
    @Test func theDocumentsTouchpadExampleReads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/recording-format.md"), encoding: .utf8)
        let start = try #require(document.range(of: "80 7 pointer-enter"))
        let end = try #require(document.range(of: "```", range: start.lowerBound..<document.endIndex))
        let recording = try RecordingParser.parse("touchcanvas-recording 3\nsize 800 600\nscale 1\n"
            + document[start.lowerBound..<end.lowerBound])
        #expect(recording.events.count == 8)
        #expect(recording.events[3].event == .touchpad(seat: SeatID(7), RecordedTouchpadGesture(
            kind: .pinch, phase: .changed, fingers: 2, delta: Point(x: 0.5, y: -0.25), scale: 1.25, rotation: 3)))
    }
}
