#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process with `message` on stderr when `condition` is false.
///
/// A harness's checks must crash, not return: libFuzzer keeps an input only when the process
/// dies on it (a signal, a sanitizer report), and `abort()` is the plainest such death, with
/// the broken invariant named right above libFuzzer's own report.
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    printError("invariant failed at \(file):\(line): \(message())\n")
    abort()
}

/// `text` on stderr, by its descriptor: the C `stderr` is shared mutable state to Swift 6.
public func printError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// Runs `body` with the bytes of one `LLVMFuzzerTestOneInput` call, on the main actor.
///
/// libFuzzer calls the target on the process's main thread, one input at a time, which is where
/// TouchKit's main-actor types expect to be used; `MainActor.assumeIsolated` checks that claim
/// rather than taking it on trust.
public func runFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int, _ body: @MainActor ([UInt8]) -> Void) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { body(bytes) }
    return 0
}
