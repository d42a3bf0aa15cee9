#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recording file read in fixed-size chunks and handed out a line at a time, so reading a
/// file of any size takes one chunk of memory (and the longest line, when one is longer).
///
/// Opening never waits: the file is opened with `O_NONBLOCK`, and anything but a regular file
/// (a FIFO with no writer would block a plain `open` forever, a device could stream without end)
/// is refused by what it is before a byte is read.
final class RecordingFile {
    /// Bytes read per `read(2)`: large enough that the calls cost nothing beside the parse,
    /// small enough to be a constant beside the drawing.
    static let chunkSize = 1 << 20

    let path: String
    /// The size `fstat` gave when it was opened.
    let size: Int
    /// Bytes read so far, for a progress line.
    private(set) var bytesRead = 0
    /// Called after each chunk is read, with ``bytesRead``.
    var onRead: ((Int) -> Void)?

    private let fd: Int32
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes read and not yet handed out: `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var atEnd = false

    /// Opens `path`, refusing what cannot be a recording with an error on line 0.
    init(path: String) throws(RecordingError) {
        self.path = path
        func failure(_ message: String) -> RecordingError {
            RecordingError(file: path, line: 0, message: message)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = errno
            // A socket cannot be opened at all (ENXIO): say what it is, as for a FIFO.
            if reason == ENXIO, let kind = Self.kind(ofPathAt: path) {
                throw failure(Self.notRegular(kind))
            }
            throw failure("cannot open the recording: \(String(cString: strerror(reason)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = errno
            close(fd)
            throw failure("cannot read the recording: \(String(cString: strerror(reason)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw failure(Self.notRegular(Self.kind(of: info.st_mode)))
        }
        guard Int(info.st_size) <= RecordingParser.maximumFileSize else {
            close(fd)
            throw failure("the file is \(info.st_size) bytes; recordings are at most \(RecordingParser.maximumFileSize)")
        }
        self.fd = fd
        size = Int(info.st_size)
        buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        close(fd)
        buffer.deallocate()
    }

    /// The next line without its `\n`, or nil at the end of the file; `complete` is false for
    /// a last line with no `\n` (the file was cut short). The bytes are valid until the next call.
    func nextLine() throws(RecordingError) -> (bytes: UnsafeBufferPointer<UInt8>, complete: Bool)? {
        // How far past `start` there is no newline (`fill` moves `start` to 0).
        var searched = 0
        while true {
            if let newline = firstNewline(from: start + searched) {
                let line = UnsafeBufferPointer(rebasing: buffer[start..<newline])
                start = newline + 1
                return (line, true)
            }
            searched = end - start
            if atEnd {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                start = end
                return (line, false)
            }
            try fill()
        }
    }

    private func firstNewline(from index: Int) -> Int? {
        guard index < end, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + index, Int32(UInt8(ascii: "\n")), end - index) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Reads one more chunk after what is left, moving the rest of a line to the front, and
    /// growing the buffer only for a line longer than it.
    private func fill() throws(RecordingError) {
        if start > 0 {
            let left = end - start
            if left > 0, let base = buffer.baseAddress { memmove(base, base + start, left) }
            (start, end) = (0, left)
        }
        if end == buffer.count {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
            _ = larger.initialize(fromContentsOf: buffer)
            buffer.deallocate()
            buffer = larger
        }
        while true {
            let count = read(fd, buffer.baseAddress.map { $0 + end }, buffer.count - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw RecordingError(file: path, line: 0, message: "cannot read the recording: \(String(cString: strerror(errno)))")
            }
            if count == 0 { atEnd = true; return }
            end += count
            bytesRead += count
            onRead?(bytesRead)
            guard bytesRead <= RecordingParser.maximumFileSize else {
                throw RecordingError(file: path, line: 0, message: "the file is larger than \(RecordingParser.maximumFileSize) bytes")
            }
            return
        }
    }

    static func notRegular(_ kind: String) -> String {
        "cannot read the recording: it is \(kind), not a regular file"
    }

    /// What a file that is not a regular one is, for the message that refuses it.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "an unknown kind of file"
        }
    }

    /// The kind of what is at `path` when it is not a regular file, else nil.
    private static func kind(ofPathAt path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else { return nil }
        return kind(of: info.st_mode)
    }
}
