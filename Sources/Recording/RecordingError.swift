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

    /// Control characters in `message` (a quoted piece of the file can hold any) are written as
    /// `\u{…}`, so the line printed on a terminal cannot move its cursor, clear it or recolour it.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = Self.printable(message)
    }

    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
