import FuzzSupport
import Recording

/// The parser target: arbitrary bytes are a recording file.
///
/// What it holds the parser to, for every input:
/// - it returns a recording or throws a ``RecordingError`` naming a line of the input (1 up
///   to its line count, the line after the last for a file cut short) with a one-line message;
///   never traps, never hangs (libFuzzer's `-timeout` catches a hang);
/// - it reads the same bytes to the same result twice;
/// - what it returns, written back by ``RecordingWriter``, parses again to the same recording,
///   and writing that gives the same text (``RoundTrip``);
/// - it replays, on a surface cut down to stay fast, without trapping (``SmallReplay``).
public enum RecordingParserFuzz {
    @MainActor
    public static func run(_ bytes: [UInt8]) {
        let recording: Recording
        do {
            recording = try RecordingParser.parse(bytes: bytes, file: "fuzz")
        } catch {
            checkRefusal(error, of: bytes)
            return
        }
        invariant((try? RecordingParser.parse(bytes: bytes, file: "fuzz")) == recording,
                  "the same bytes parsed to another recording")
        RoundTrip.check(recording)
        SmallReplay.check(recording)
    }

    /// A refusal names a line the file has, says why in one line, and is the same every time.
    static func checkRefusal(_ error: RecordingError, of bytes: [UInt8]) {
        let newlines = bytes.count { $0 == UInt8(ascii: "\n") }
        let lines = newlines + (bytes.last == UInt8(ascii: "\n") || bytes.isEmpty ? 0 : 1)
        invariant((1...max(lines, 1)).contains(error.line),
                  "error at line \(error.line) of a file of \(lines) lines: \(error)")
        invariant(!error.message.isEmpty, "an empty error message at line \(error.line)")
        invariant(!error.description.contains("\n"), "a message of several lines: \(error)")
        invariant(error.description.hasPrefix("fuzz:\(error.line): "), "a message without its place: \(error)")
        do {
            _ = try RecordingParser.parse(bytes: bytes, file: "fuzz")
            invariant(false, "the same bytes parsed the second time, after \(error)")
        } catch let again {
            invariant(again == error, "the same bytes were refused for another reason: first \(error), then \(again)")
        }
    }
}
