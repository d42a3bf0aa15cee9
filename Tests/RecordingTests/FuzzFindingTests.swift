import Testing
import TouchKit
@testable import Recording

/// What the recording-parser fuzz target (Fuzz/, docs/fuzzing.md) found, each test replaying
/// the exact input it found; the same bytes are in `Fuzz/Corpus/recording-parser`, so every
/// fuzzing run starts from them too.
@Suite struct FuzzFindingTests {
    /// A control character in a name was read as itself, while the writer writes it as U+FFFD:
    /// the file, read and written back, named its seat otherwise.
    @Test func aControlCharacterInASeatNameIsReadAsTheWriterWritesIt() throws {
        let found = Array("touchcanvas-recording 1\nsize 1 9\nscale 1\nseat 1 \u{1}\n".utf8)
        let recording = try RecordingParser.parse(bytes: found, file: "fuzz")
        #expect(recording.seats == [RecordedSeat(id: SeatID(1), name: "\u{FFFD}")])
        let writer = RecordingWriter(width: recording.width, height: recording.height, scale: recording.scale,
                                     seats: recording.seats, writer: nil, clock: { 0 })
        #expect(try RecordingParser.parse(writer.text).seats == recording.seats)
    }

    /// Every name is read so: the `seat` line's, the `writer` line's and a `seat-name` event's,
    /// tabs as spaces and the blanks round it dropped.
    @Test func everyNameIsReadAsTheWriterWritesIt() throws {
        let text = "touchcanvas-recording 3\nwriter tc\u{7}\t1\nsize 8 8\nscale 1\nseat 2 a\u{1B}[2J\tb\r\r\n"
            + "0 2 seat-name \t\u{0}x\u{7F} \n"
        let recording = try RecordingParser.parse(text)
        #expect(recording.writer == "tc\u{FFFD} 1")
        #expect(recording.seats == [RecordedSeat(id: SeatID(2), name: "a\u{FFFD}[2J b\u{FFFD}")])
        #expect(recording.events.map(\.event) == [.seatName(seat: SeatID(2), "\u{FFFD}x\u{FFFD}")])
        let writer = RecordingWriter(width: 8, height: 8, scale: 1, seats: recording.seats, writer: recording.writer,
                                     clock: { 0 })
        for timed in recording.events { writer.record(timed.event, at: timed.time / 1000) }
        let again = try RecordingParser.parse(writer.text)
        #expect(again.writer == recording.writer && again.seats == recording.seats && again.events == recording.events)
    }
}
