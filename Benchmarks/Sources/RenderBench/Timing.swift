import Glibc

/// CLOCK_MONOTONIC in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// Runs `body` and returns how long it took, in nanoseconds.
@inline(__always)
func measure(_ body: () -> Void) -> Double {
    let start = monotonicNanoseconds()
    body()
    return Double(monotonicNanoseconds() - start)
}
