import Glibc

/// Where every log, the `check` report and anything else meant for a reader goes: one JSON
/// object or report line per line on stdout.
enum StandardOutput {
    /// One `write(2)` per line: unbuffered, so a reader (a test, `jq`, a pipe) sees every line
    /// as it happens and nothing is lost if the process is killed.
    nonisolated static func writeLine(_ line: String) { writeLine(line, to: 1) }

    /// `line` on `descriptor` (1 stdout, 2 stderr), whole.
    nonisolated static func writeLine(_ line: String, to descriptor: Int32) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = write(descriptor, base + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }  // stdout closed: logging is best effort, drawing goes on
                offset += n
            }
        }
    }
}

/// One line on stderr, for errors and saved-file paths.
func printError(_ message: String) {
    var bytes = Array("touchcanvas: \(message)\n".utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
