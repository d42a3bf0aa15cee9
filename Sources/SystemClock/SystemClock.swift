#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The kernel's clocks, read in one place for every module: the touch model's clock, the app's
/// presentation clock, the scripted compositor's event stamps, the benchmarks' timers and the
/// integration tests' injector all come here.
///
/// CLOCK_MONOTONIC is what compositors stamp input and frame callbacks with, and it never jumps
/// when the wall clock is set; a compositor's `wp_presentation` may name another clock
/// (CLOCK_MONOTONIC_RAW, CLOCK_BOOTTIME), which ``nanoseconds(on:)`` reads too.
public enum SystemClock {
    /// Nanoseconds on `clock` since its arbitrary start; nil for a clock this kernel cannot read.
    public static func nanoseconds(on clock: clockid_t) -> UInt64? {
        if clock == CLOCK_MONOTONIC, let held = heldMonotonic { return held }
        var now = timespec()
        guard clock_gettime(clock, &now) == 0, now.tv_sec >= 0, now.tv_nsec >= 0 else { return nil }
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// Seconds on `clock`; nil for a clock this kernel cannot read.
    public static func seconds(on clock: clockid_t) -> Double? {
        nanoseconds(on: clock).map { Double($0) / 1e9 }
    }

    /// Nanoseconds on CLOCK_MONOTONIC, which every kernel can read (0 if one ever could not).
    public static var monotonicNanoseconds: UInt64 { nanoseconds(on: CLOCK_MONOTONIC) ?? 0 }

    /// Seconds on CLOCK_MONOTONIC.
    public static var monotonicSeconds: Double { Double(monotonicNanoseconds) / 1e9 }

    /// Makes every CLOCK_MONOTONIC reading of this process `nanoseconds` until the next call: a
    /// test's scripted compositor moves the clock, and the app's pacing, prediction, logs and
    /// animations read the compositor's time. Once held, the clock stays held.
    public static func holdMonotonic(at nanoseconds: UInt64) {
        held.store(nanoseconds | heldFlag, ordering: .releasing)
    }

    /// The held reading, nil while the machine's clock runs.
    public static var heldMonotonic: UInt64? {
        let value = held.load(ordering: .acquiring)
        return value & heldFlag == 0 ? nil : value & ~heldFlag
    }

    /// The held reading with ``heldFlag`` set, 0 while not held. The top bit is free: it would
    /// take CLOCK_MONOTONIC 292 years to reach it.
    private static let held = Atomic<UInt64>(0)
    private static let heldFlag: UInt64 = 1 << 63
}
