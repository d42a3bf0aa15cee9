import Glibc
import Synchronization

/// The read ends of a child's stdout and stderr pipes, drained without blocking.
///
/// A child that logs a line per touch fills a 64 KiB pipe quickly and then blocks in `write`,
/// which to a test looks like a frozen app. So every live capture is registered process-wide and
/// the compositor's pump drains them all each round, whichever thread pumps; the lock makes that
/// safe when tests run in parallel.
final class OutputCapture: Sendable {
    private struct State {
        var outFD: Int32
        var errFD: Int32
        var partialLine: [UInt8] = []
        var lines: [String] = []
        var standardOutput: [UInt8] = []
        var standardError: [UInt8] = []
    }

    private let state: Mutex<State>

    /// Takes ownership of both (non-blocking) descriptors.
    init(stdout: Int32, stderr: Int32) {
        state = Mutex(State(outFD: stdout, errFD: stderr))
        liveCaptures.withLock { $0.append(WeakCapture(capture: self)) }
    }

    deinit {
        state.withLock { state in
            if state.outFD >= 0 { close(state.outFD) }
            if state.errFD >= 0 { close(state.errFD) }
        }
    }

    /// Reads whatever is available now; at end of file the descriptors are closed.
    func drain() {
        state.withLock { state in
            if state.outFD >= 0 {
                let (bytes, ended) = Self.readAvailable(state.outFD)
                state.standardOutput.append(contentsOf: bytes)
                for byte in bytes {
                    if byte == UInt8(ascii: "\n") {
                        state.lines.append(String(decoding: state.partialLine, as: UTF8.self))
                        state.partialLine.removeAll(keepingCapacity: true)
                    } else {
                        state.partialLine.append(byte)
                    }
                }
                if ended {
                    close(state.outFD)
                    state.outFD = -1
                    if !state.partialLine.isEmpty {
                        state.lines.append(String(decoding: state.partialLine, as: UTF8.self))
                        state.partialLine.removeAll()
                    }
                }
            }
            if state.errFD >= 0 {
                let (bytes, ended) = Self.readAvailable(state.errFD)
                state.standardError.append(contentsOf: bytes)
                if ended {
                    close(state.errFD)
                    state.errFD = -1
                }
            }
        }
    }

    var lines: [String] { state.withLock { $0.lines } }
    var standardOutput: String { state.withLock { String(decoding: $0.standardOutput, as: UTF8.self) } }
    var standardError: String { state.withLock { String(decoding: $0.standardError, as: UTF8.self) } }

    private static func readAvailable(_ fd: Int32) -> (bytes: [UInt8], ended: Bool) {
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                collected.append(contentsOf: chunk[0..<n])
            } else if n == 0 {
                return (collected, true)
            } else if errno == EINTR {
                continue
            } else {
                // EAGAIN: nothing more for now. Anything else: treat as the end of the stream.
                return (collected, errno != EAGAIN && errno != EWOULDBLOCK)
            }
        }
    }

    /// Drains every capture still alive in this process.
    static func drainAll() {
        let captures = liveCaptures.withLock { list -> [OutputCapture] in
            list.removeAll { $0.capture == nil }
            return list.compactMap(\.capture)
        }
        for capture in captures { capture.drain() }
    }
}

private struct WeakCapture: Sendable {
    weak var capture: OutputCapture?
}

private let liveCaptures = Mutex<[WeakCapture]>([])
