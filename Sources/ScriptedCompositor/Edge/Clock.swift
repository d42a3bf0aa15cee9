import Glibc

/// CLOCK_MONOTONIC in nanoseconds: deadlines and latency stamps must not jump with the wall clock.
func uptimeNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// Converts seconds (possibly negative, NaN or huge) to a nanosecond span without trapping.
func nanoseconds(fromSeconds seconds: Double) -> UInt64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    let value = seconds * 1_000_000_000
    return value >= Double(UInt64.max / 2) ? UInt64.max / 2 : UInt64(value)
}

/// The millisecond clock stamped on input events and frame callbacks.
///
/// Wayland times are 32-bit milliseconds that wrap every ~49.7 days. The clock runs with real
/// time from whatever value it was last set to, so a test can start it just below `UInt32.max`
/// and watch a client cope with the wrap.
struct EventClock {
    private var base: UInt32
    private var baseNanoseconds: UInt64
    /// Frozen, `now` is `base` until set again.
    private(set) var isFrozen = false

    init() {
        baseNanoseconds = uptimeNanoseconds()
        // Start where a real compositor would: CLOCK_MONOTONIC in ms, truncated to 32 bits.
        base = UInt32(truncatingIfNeeded: baseNanoseconds / 1_000_000)
    }

    var now: UInt32 {
        guard !isFrozen else { return base }
        let elapsed = (uptimeNanoseconds() &- baseNanoseconds) / 1_000_000
        return base &+ UInt32(truncatingIfNeeded: elapsed)
    }

    mutating func set(_ value: UInt32) {
        base = value
        baseNanoseconds = uptimeNanoseconds()
    }

    /// Freezing keeps the current reading; thawing runs on from it, without a jump.
    mutating func setFrozen(_ frozen: Bool) {
        guard frozen != isFrozen else { return }
        set(now)
        isFrozen = frozen
    }
}
