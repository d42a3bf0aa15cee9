import Foundation
import Glibc
import Testing
import TouchKit
@testable import Recording
import TouchCanvasTesting

/// A recording read one event at a time from its file: the same events and the same errors as
/// the whole-file parse, whatever the chunk boundaries, and nothing but a regular file opened.
@Suite struct RecordingStreamTests {
    /// A fresh folder, removed by the caller.
    static func scratchFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "tc-stream-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func events(of stream: RecordingStream) throws(RecordingError) -> [TimedEvent] {
        var events: [TimedEvent] = []
        while let event = try stream.next() { events.append(event) }
        return events
    }

    /// Every shipped recording streams to the events the text parser reads from it.
    @Test func shippedRecordingsStreamToTheParsedEvents() throws {
        let folder = RecordingGenerator.folder.path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tcrec") }
        #expect(names.count >= 5)
        for name in names {
            let path = folder + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let parsed = try RecordingParser.parse(text, file: path)
            let stream = try RecordingStream(contentsOf: path)
            var header = parsed
            header.events = []
            #expect(stream.header == header, "\(name)")
            #expect(try Self.events(of: stream) == parsed.events, "\(name)")
        }
    }

    /// Lines longer than a chunk, and lines that straddle chunk boundaries, are read whole.
    @Test func linesAcrossChunksAndLongerThanOneAreReadWhole() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = "touchcanvas-recording 3\nsize 800 600\nscale 1\n"
        text += "seat 7 " + String(repeating: "a", count: RecordingFile.chunkSize * 2 + 17) + "\n"
        var t = 0
        while text.utf8.count < RecordingFile.chunkSize * 3 {
            text += "\(t) 7 down 0 12.5 \(t % 500)\n\(t) 7 frame\n\(t + 4) 7 up 0\n\(t + 4) 7 frame\n\(t + 4) - display-frame 8.5\n"
            t += 8
        }
        let path = folder + "/long.tcrec"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let stream = try RecordingStream(contentsOf: path)
        let parsed = try RecordingParser.parse(text, file: path)
        #expect(stream.header.seats.first?.name.count == RecordingFile.chunkSize * 2 + 17)
        #expect(try Self.events(of: stream) == parsed.events)
        #expect(parsed.events.count > 50_000)
    }

    /// A bad line deep in a file is refused by the stream with the parser's line number and words.
    @Test(arguments: [
        ("90 7 frame\n", "time 90 is before the previous line's 99"),
        ("1000 7 motion 0 1 nan\n", "y 'nan' is not a finite decimal number"),
        ("1000 7 motion 0 1 9000000\n", "y 9000000 is out of range (-8388608…8388608)"),
        ("1000 7 motion 0 1\n", "expected 'motion ID X Y'"),
        ("1000 - motion 0 1 1\n", "'motion' needs a seat id, not '-'"),
        ("1000 7 display-frame\n", "'display-frame' is a window event: its seat must be '-'"),
        ("1000 7 motion 2147483648 1 1\n", "touch id '2147483648' is not an integer -2147483648…2147483647"),
        ("1000 7 frame", "the file ends in the middle of this line (no newline): the recording was cut short"),
        ("1000 7 motion 0 1 1 \u{1}\n", "expected 'motion ID X Y'"),
    ])
    func aBadLineFarInIsRefusedAsTheParserRefusesIt(_ bad: String, _ message: String) throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = "touchcanvas-recording 3\nsize 800 600\nscale 1\n"
        for step in 0..<100 { text += "\(step) 7 motion 0 \(step) 5\n\(step) 7 frame\n" }
        try expectTheSameError(Array(text.utf8) + Array(bad.utf8), line: 204, message: message, in: folder)
    }

    /// A byte that is not UTF-8 is refused by the stream as by the parser.
    @Test func aLineThatIsNotUTF8IsRefused() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "touchcanvas-recording 3\nsize 800 600\nscale 1\n0 7 motion 0 1 1\n0 7 frame\n"
        try expectTheSameError(Array(text.utf8) + Array("1 7 motion 0 1 1".utf8) + [0xFF, 0x0A], line: 6,
                               message: "the line is not valid UTF-8 text", in: folder)
    }

    func expectTheSameError(_ bytes: [UInt8], line: Int, message: String, in folder: String) throws {
        let path = folder + "/bad.tcrec"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var expected: RecordingError?
        do { _ = try RecordingParser.parse(bytes: bytes, file: path) } catch { expected = error }
        let wanted = try #require(expected)
        #expect(wanted.line == line)
        #expect(wanted.message == message)
        do {
            let stream = try RecordingStream(contentsOf: path)
            _ = try Self.events(of: stream)
            Issue.record("streamed a bad file")
        } catch {
            #expect(error == wanted)
        }
    }

    /// Coordinates and times read from a line's bytes are the `Double`s the text reads as:
    /// short decimals, the writer's 17-digit ones, exponents, signs and leading zeros.
    @Test func numbersReadFromBytesAreTheTextsDoubles() throws {
        var generator = SystemRandomNumberGenerator()
        var tokens = ["0", "-0", "007", "1.50", "0.000123", "123456789012345", "1234567890123456",
                      "0.1", "0.30000000000000004", "8388608", "-8388608", "1e-05", "2.5E+3", "9007199254740993",
                      "4.9406564584124654e-324", "0.12345678901234567890123"]
        for _ in 0..<2000 {
            let value = Double.random(in: -8_388_608...8_388_608, using: &generator)
            tokens.append(value.description)
            tokens.append(String(format: "%.\(Int.random(in: 0...9, using: &generator))f", value))
        }
        for token in tokens {
            let text = "touchcanvas-recording 3\nsize 800 600\nscale 1\n0 7 frame\n1 7 motion 0 \(token) 5\n"
            guard let expected = Double(token), abs(expected) <= 8_388_608 else { continue }
            let recording = try RecordingParser.parse(text)
            guard case let .touch(_, .motion(_, _, location)) = recording.events.last?.event else {
                Issue.record("no motion for \(token)")
                continue
            }
            #expect(location.x.bitPattern == expected.bitPattern, "\(token)")
        }
    }

    /// A FIFO with no writer, a character device and a folder are refused at once, by what they are.
    @Test func onlyARegularFileIsOpened() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/fifo.tcrec"
        #expect(mkfifo(fifo, 0o600) == 0)
        do {
            _ = try RecordingStream(contentsOf: fifo)
            Issue.record("opened a FIFO")
        } catch {
            #expect(error.description == "\(fifo): cannot read the recording: it is a FIFO, not a regular file")
        }
        do {
            _ = try RecordingParser.parse(contentsOf: folder)
            Issue.record("opened a folder")
        } catch {
            #expect(error.description == "\(folder): cannot read the recording: it is a directory, not a regular file")
        }
    }
}
