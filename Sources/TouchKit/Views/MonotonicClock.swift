import Foundation
import SystemClock

/// Seconds on `CLOCK_MONOTONIC`: the clock the compositor's input timestamps and frame callbacks
/// are based on, and one that never jumps when the wall clock is set.
public enum MonotonicClock {
    /// The current time in seconds since an arbitrary start; the default clock of
    /// ``Window/init(frame:clock:)``.
    public static func now() -> TimeInterval { SystemClock.monotonicSeconds }
}
