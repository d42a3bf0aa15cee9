import FuzzSupport
import Recording

/// A parsed recording written back by ``RecordingWriter`` must parse again to the same
/// recording: the writer is the parser's inverse on everything the parser accepts, so a file
/// the app writes from a replay (or a tool writes from a parse) never changes meaning.
///
/// Two things the format itself lets change, and only those: the version (the writer writes
/// the current one, which reads every older file's lines) and event times finer than the
/// writer's microsecond, which it rounds.
enum RoundTrip {
    @MainActor
    static func check(_ recording: Recording) {
        let text = write(recording)
        let again: Recording
        do {
            again = try RecordingParser.parse(text, file: "written")
        } catch {
            invariant(false, "the writer's text does not parse: \(error)\n\(text)")
            return
        }
        invariant(again.version == Recording.currentVersion, "written as version \(again.version)")
        invariant(again.width == recording.width && again.height == recording.height && again.scale == recording.scale,
                  "size \(recording.width)×\(recording.height)@\(recording.scale) written as \(again.width)×\(again.height)@\(again.scale)")
        invariant(again.scene == recording.scene, "scene \(String(describing: recording.scene)) written as \(String(describing: again.scene))")
        invariant(again.writer == recording.writer,
                  "writer \(String(reflecting: recording.writer)) written as \(String(reflecting: again.writer))")
        invariant(again.seats == recording.seats, "seats \(recording.seats) written as \(again.seats)")
        invariant(again.events.count == recording.events.count,
                  "\(recording.events.count) events written as \(again.events.count)")
        for (index, (read, original)) in zip(again.events, recording.events).enumerated() {
            invariant(read.event == original.event, "event \(index): \(original.event) written as \(read.event)")
            // Half the writer's microsecond, and what a millisecond count of 2^32 loses in a
            // Double on its way through seconds.
            let tolerance = 0.0005 + original.time * 1e-12
            invariant(abs(read.time - original.time) <= tolerance,
                      "event \(index): time \(original.time) written as \(read.time)")
        }
        invariant(write(again) == text, "writing the re-read recording gave other text")
    }

    /// The recording as the writer writes it, each event at its own time.
    static func write(_ recording: Recording) -> String {
        let writer = RecordingWriter(width: recording.width, height: recording.height, scale: recording.scale,
                                     seats: recording.seats, scene: recording.scene, writer: recording.writer,
                                     clock: { 0 })
        for timed in recording.events {
            writer.record(timed.event, at: timed.time / 1000)
        }
        return writer.text
    }
}
