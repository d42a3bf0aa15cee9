import Glibc
import SystemClock

/// CLOCK_MONOTONIC in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 { SystemClock.monotonicNanoseconds }

/// Runs `body` and returns how long it took, in nanoseconds.
@inline(__always)
func measure(_ body: () -> Void) -> Double {
    let start = monotonicNanoseconds()
    body()
    return Double(monotonicNanoseconds() - start)
}
