/// Why a recording could not be read, in one line that names the file and the line:
///
/// ```
/// recording.txt:17: unknown event 'mtion'
/// recording.txt:1: version 2 is newer than this touchcanvas understands (1)
/// ```
///
/// `line` counts from 1. It is 0 only when the file itself could not be read (it does not
/// exist, is a folder, is too large); then the description has no line number.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as given to the parser.
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
