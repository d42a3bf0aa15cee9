/// A recording file read one event at a time, in constant memory whatever its size: the header
/// is read when it is opened, then ``next()`` parses each event line as it is asked for it.
///
/// ```swift
/// let stream = try RecordingStream(contentsOf: "big.tcrec")
/// print(stream.header.width, stream.header.height)
/// while let timed = try stream.next() { … }
/// ```
///
/// It refuses exactly what ``RecordingParser/parse(contentsOf:)`` refuses, with the same
/// messages and line numbers (that function collects this stream's events), but a malformed
/// line is found only when the stream reaches it: whoever plays the events as they come has
/// played those before it. Opening never blocks (see ``RecordingFile``).
public final class RecordingStream {
    /// The file's name as given.
    public let file: String
    /// The header (size, scale, seats, scene, version, writer); its `events` are empty.
    public private(set) var header: Recording
    /// The file's size when it was opened, in bytes.
    public var fileSize: Int { source.size }
    /// The bytes read from the file so far.
    public var bytesRead: Int { source.bytesRead }
    /// Called after each chunk of the file is read (about every MiB), with the bytes read so
    /// far and ``fileSize``: for a progress line.
    public var onRead: ((_ bytesRead: Int, _ fileSize: Int) -> Void)? {
        didSet {
            let size = source.size
            source.onRead = onRead.map { report in { report($0, size) } }
        }
    }

    private let source: RecordingFile
    private var parser: LineParser
    private var number = 0
    /// The first event, read with the header (the header ends where it starts).
    private var pending: TimedEvent?
    private var finished = false

    /// Opens the file at `path` and reads its header; errors name the file as `path`.
    public init(contentsOf path: String) throws(RecordingError) {
        file = path
        source = try RecordingFile(path: path)
        parser = LineParser(file: path)
        var first: TimedEvent?
        var ended = false
        while first == nil {
            guard let line = try source.nextLine() else { ended = true; break }
            number += 1
            guard line.complete else { throw parser.cutShort(number: number) }
            first = try parser.take(line.bytes, number: number)
        }
        if ended {
            header = try parser.finish(lastLine: number)
            finished = true
        } else if let header = parser.header {
            self.header = header
            pending = first
        } else {
            // Not reached: an event line is refused unless the header is complete.
            throw RecordingError(file: path, line: number, message: "the header is incomplete")
        }
    }

    /// The next event, or nil after the last; throws at the first line that is not a valid
    /// one (and again if asked again).
    public func next() throws(RecordingError) -> TimedEvent? {
        if let pending {
            self.pending = nil
            return pending
        }
        while !finished {
            guard let line = try source.nextLine() else {
                _ = try parser.finish(lastLine: number)
                finished = true
                return nil
            }
            number += 1
            guard line.complete else { throw parser.cutShort(number: number) }
            if let event = try parser.take(line.bytes, number: number) { return event }
        }
        return nil
    }
}
