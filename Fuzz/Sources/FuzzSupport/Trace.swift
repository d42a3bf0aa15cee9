#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FUZZ_TRACE=1`: a harness prints each operation it decodes, on stderr, so an input libFuzzer
/// kept (`fuzz-input-machine crash-…`) reads as the script it is. Off while fuzzing.
public enum Trace {
    public static let isOn = getenv("FUZZ_TRACE").map { String(cString: $0) == "1" } ?? false

    public static func print(_ line: @autoclosure () -> String) {
        guard isOn else { return }
        printError(line() + "\n")
    }
}
