#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
}
