import Glibc
import Recording
import SystemClock

/// `replaying big.tcrec: 43 % (110 of 256 MiB)` on stderr, rewritten in place as a long replay
/// reads its file, and wiped when it ends. Only on a terminal, and only once the replay has run
/// for two seconds: a short replay, a pipe, a log file or a test sees nothing of it.
final class ReplayProgress {
    /// How long a replay runs before it says how far it is.
    static let delay: UInt64 = 2_000_000_000

    private let name: String
    private let start = SystemClock.monotonicNanoseconds
    private var shown = false
    private var lastText = ""

    /// Follows `stream`, or does nothing when stderr is not a terminal.
    init(following stream: RecordingStream, name: String) {
        self.name = name
        guard isatty(2) == 1 else { return }
        stream.onRead = { [weak self] read, size in self?.update(read: read, of: size) }
    }

    private func update(read: Int, of size: Int) {
        guard size > 0, SystemClock.monotonicNanoseconds &- start >= Self.delay else { return }
        let mebibyte = Double(1 << 20)
        let percent = min(100, read * 100 / size)
        let text = "replaying \(name): \(percent) % (\(Int(Double(read) / mebibyte)) of \(Int((Double(size) / mebibyte).rounded(.up))) MiB)"
        guard text != lastText else { return }
        lastText = text
        shown = true
        Self.write("\r\u{1B}[K" + text)
    }

    /// Wipes the line, if one was shown, so what follows starts on a clean line.
    func finish() {
        guard shown else { return }
        shown = false
        Self.write("\r\u{1B}[K")
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
