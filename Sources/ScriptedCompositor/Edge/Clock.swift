import Glibc
import SystemClock

/// CLOCK_MONOTONIC in nanoseconds: deadlines and latency stamps must not jump with the wall clock.
func uptimeNanoseconds() -> UInt64 { SystemClock.monotonicNanoseconds }

/// A clock that moves only when the compositor's pump moves it: a test built on it decides what
/// happens at which instant, so its outcome is the same on a quiet machine, a busy one and under
/// a sanitizer.
///
/// Given to ``ScriptedCompositor/init(socketName:outputScale:fractionalScale:outputMode:seats:offersDecorationManager:offersTabletManager:offersPresentation:offersInputTimestamps:offersPointerGestures:pointerGesturesVersion:offersFifo:offersCommitTiming:vblank:clock:)``,
/// it is the clock of vblank ticks, frame callbacks, presentation times, commit times, the
/// content-update queues and input stamps. Each round of ``ScriptedCompositor/pump(for:)`` runs
/// what is due now and then jumps to the next thing due (a tick, a scanout, a frame callback, a
/// timed commit) or to the end of the pump, whichever is first. Waits for a condition keep their
/// patience on the machine's clock. A client in process reads the clock itself; one in another
/// process (the app) follows it through ``ScriptedCompositor/startClientOnHeldClock(environment:_:)``.
public final class ManualClock {
    /// The reading, in nanoseconds.
    public var nanoseconds: UInt64

    /// Starts at `nanoseconds` (a second, by default: nothing is due before it).
    public init(nanoseconds: UInt64 = 1_000_000_000) { self.nanoseconds = nanoseconds }
}

/// Converts seconds (possibly negative, NaN or huge) to a nanosecond span without trapping.
func nanoseconds(fromSeconds seconds: Double) -> UInt64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    let value = seconds * 1_000_000_000
    return value >= Double(UInt64.max / 2) ? UInt64.max / 2 : UInt64(value)
}

/// The clock stamped on input events and frame callbacks: milliseconds in the core protocol,
/// nanoseconds through `zwp_input_timestamps_v1`, both readings of one clock so a client that
/// gets both sees them agree.
///
/// Wayland times are 32-bit milliseconds that wrap every ~49.7 days. Untouched, the clock is
/// CLOCK_MONOTONIC, as on real compositors; set, it runs with real time from the value given, so a
/// test can start it just below `UInt32.max` and watch a client cope with the wrap, or move it
/// away from the presentation clock and watch a client notice.
struct EventClock {
    /// The clock it runs with: CLOCK_MONOTONIC, or the compositor's manual clock.
    let base: () -> UInt64

    init(base: @escaping () -> UInt64) { self.base = base }
    /// Added (wrapping) to the base clock while running.
    private var offset: UInt64 = 0
    /// The reading while frozen.
    private var frozenNanoseconds: UInt64 = 0
    /// Frozen, the clock stands still until set again.
    private(set) var isFrozen = false

    var nanoseconds: UInt64 { isFrozen ? frozenNanoseconds : base() &+ offset }

    var now: UInt32 { UInt32(truncatingIfNeeded: nanoseconds / 1_000_000) }

    /// Makes `now` read `value` from this instant; the milliseconds above 32 bits are kept, so the
    /// nanosecond reading stays near where it was instead of falling back to 0.
    mutating func set(_ value: UInt32) {
        let high = nanoseconds / 1_000_000 & ~UInt64(UInt32.max)
        let target = (high | UInt64(value)) &* 1_000_000
        if isFrozen { frozenNanoseconds = target } else { offset = target &- base() }
    }

    /// Makes the clock read `value` nanoseconds from this instant.
    mutating func set(nanoseconds value: UInt64) {
        if isFrozen { frozenNanoseconds = value } else { offset = value &- base() }
    }

    /// Freezing keeps the current reading; thawing runs on from it, without a jump.
    mutating func setFrozen(_ frozen: Bool) {
        guard frozen != isFrozen else { return }
        if frozen { frozenNanoseconds = nanoseconds } else { offset = frozenNanoseconds &- base() }
        isFrozen = frozen
    }
}
