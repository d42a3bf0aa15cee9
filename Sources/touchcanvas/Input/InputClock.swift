import Glibc
import SystemClock

/// When an input event happened, as the compositor stamped it: the core protocol's 32-bit
/// milliseconds, and the nanoseconds `zwp_input_timestamps_v1` sent just before it where the
/// compositor offers them.
struct InputEventTime {
    var milliseconds: UInt32
    var nanoseconds: UInt64?
}

/// The clock touch→glass is measured on: `wp_presentation`'s, so an input time and a
/// presentation time can be subtracted.
///
/// The compositor's event times are used only while they look like readings of that clock: an
/// event must not be stamped after the moment it arrived, nor long before it. The protocol does
/// not promise a clock for event times (Weston, Mutter, KWin and wlroots use CLOCK_MONOTONIC,
/// which is also the presentation clock they name; a nested or remote compositor need not), so
/// the first event that fails says so once and every later input is timed by its arrival instead.
/// Arrival is later than the event, so the figures then leave out the compositor's dispatch, but
/// they are never off by the difference between two clocks.
@MainActor
final class InputClock {
    /// An event stamped more than this after its arrival is on another clock. Core times are
    /// whole milliseconds, some compositors round rather than truncate, so one is allowed.
    static let allowedLead = 0.001
    /// An event stamped more than this before its arrival is on another clock (CLOCK_BOOTTIME
    /// after a suspend, CLOCK_REALTIME): an event that truly took this long to arrive would make
    /// a latency figure meaningless anyway.
    static let allowedDelay = 5.0

    /// `clock_gettime`'s clock: CLOCK_MONOTONIC until `wp_presentation` names its own.
    private(set) var clockID = CLOCK_MONOTONIC
    /// False once an event time failed the check: from then on input is timed by its arrival.
    private(set) var trustsEventTimes = true
    /// Says, once, why event times are no longer used.
    var onMismatch: (String) -> Void = { printError($0) }
    /// Reads a clock in seconds, nil for one this kernel cannot read: `clock_gettime` in the app,
    /// a hand-set clock in tests (which start it anywhere, just after boot included, without
    /// waiting for the machine's clock to get there).
    private let read: @MainActor (clockid_t) -> Double?

    init(read: @escaping @MainActor (clockid_t) -> Double? = InputClock.systemRead) {
        self.read = read
    }

    /// Seconds now on the measuring clock (``use(clock:)`` took only a clock that can be read).
    func now() -> Double { read(clockID) ?? 0 }

    /// The kernel's reading of `clock`, in seconds.
    nonisolated static func systemRead(_ clock: clockid_t) -> Double? { SystemClock.seconds(on: clock) }

    /// Measures on `clock` from now on (the presentation clock). False when this kernel cannot
    /// read it: then no figure can be compared with a presentation time.
    ///
    /// Every known compositor stamps input on CLOCK_MONOTONIC. On another presentation clock
    /// (Weston's headless backend presents on CLOCK_MONOTONIC_RAW) event times are not used at
    /// all: the two clocks drift apart by tens of parts per million, which the check below
    /// could not tell from a late event, and the figures would be off by the drift since boot.
    func use(clock: clockid_t) -> Bool {
        guard read(clock) != nil else { return false }
        clockID = clock
        if clock != CLOCK_MONOTONIC, trustsEventTimes {
            trustsEventTimes = false
            onMismatch("the presentation clock is \(Self.clockName(clock)), not the CLOCK_MONOTONIC input events are stamped on: "
                + "touch→glass is measured from each event's arrival, read on \(Self.clockName(clock))")
        }
        return true
    }

    /// The event's time in seconds on the measuring clock, or its arrival (now) when event times
    /// are not on that clock.
    func time(of event: InputEventTime?) -> Double {
        let arrival = now()
        guard trustsEventTimes, let event else { return arrival }
        let stamped: Double
        if let nanoseconds = event.nanoseconds {
            stamped = Double(nanoseconds) / 1e9
        } else {
            // 32-bit milliseconds wrap every 49.7 days: the event is taken to be the reading
            // nearest below the arrival with those low bits. Half a millisecond is added because
            // a truncated reading lies anywhere in its millisecond.
            let arrivalMilliseconds = UInt64(arrival * 1000)
            let age = Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: arrivalMilliseconds) &- event.milliseconds))
            stamped = (Double(Int64(arrivalMilliseconds) - age) + 0.5) / 1000
        }
        let lead = stamped - arrival
        guard lead <= Self.allowedLead, -lead <= Self.allowedDelay else {
            trustsEventTimes = false
            onMismatch(Self.mismatch(lead: lead, clock: clockID, precise: event.nanoseconds != nil))
            return arrival
        }
        return min(stamped, arrival)
    }

    static func mismatch(lead: Double, clock: clockid_t, precise: Bool) -> String {
        let how = lead > 0 ? "\(duration(lead)) after" : "\(duration(-lead)) before"
        let source = precise ? "zwp_input_timestamps_v1" : "core event"
        return "input event times are not on the presentation clock (\(clockName(clock))): a \(source) time was \(how) "
            + "its arrival; touch→glass is measured from each event's arrival from now on"
    }

    static func clockName(_ clock: clockid_t) -> String {
        switch clock {
        case CLOCK_MONOTONIC: "CLOCK_MONOTONIC"
        case CLOCK_MONOTONIC_RAW: "CLOCK_MONOTONIC_RAW"
        case CLOCK_REALTIME: "CLOCK_REALTIME"
        case CLOCK_BOOTTIME: "CLOCK_BOOTTIME"
        default: "clock \(clock)"
        }
    }

    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "an unknown time" }
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 120 { return "\(Int(seconds.rounded())) s" }
        return "\(Int((seconds / 60).rounded())) min"
    }
}

/// A protocol's split timespec (`tv_sec_hi`, `tv_sec_lo`, `tv_nsec`) as nanoseconds. A
/// compositor's value may be anything: it saturates instead of trapping.
func wireNanoseconds(secondsHigh: UInt32, secondsLow: UInt32, nanoseconds: UInt32) -> UInt64 {
    let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, carry) = product.addingReportingOverflow(UInt64(min(nanoseconds, 999_999_999)))
    return overflow || carry ? UInt64.max : sum
}
