import Glibc
import Testing
@testable import touchcanvas

/// Event times against the presentation clock, and `--predict`, with no compositor: the clock
/// is the real CLOCK_MONOTONIC, and events are stamped relative to its reading.
@MainActor
@Suite struct InputTimingTests {
    func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    @Test func aNanosecondTimeOnThePresentationClockIsTaken() {
        let clock = InputClock()
        var said: [String] = []
        clock.onMismatch = { said.append($0) }
        let stamped = monotonicNanoseconds() - 3_000_000
        let time = clock.time(of: InputEventTime(milliseconds: 0, nanoseconds: stamped))
        #expect(time == Double(stamped) / 1e9)
        #expect(clock.trustsEventTimes && said.isEmpty)
    }

    /// Core milliseconds are unwrapped against the arrival: the event is placed in the middle
    /// of its millisecond, at most half a millisecond from the truth.
    @Test func aCoreMillisecondTimeIsUnwrappedToItsArrival() {
        let clock = InputClock()
        let truth = monotonicNanoseconds() - 7_300_000
        let time = clock.time(of: InputEventTime(milliseconds: UInt32(truncatingIfNeeded: truth / 1_000_000)))
        #expect(abs(time - Double(truth) / 1e9) <= 0.0005 + 1e-9)
        #expect(clock.trustsEventTimes)
    }

    @Test(arguments: [
        (Int64(10_000_000), true), (Int64(-6_000_000_000), true),  // 10 ms ahead, 6 s behind
        (Int64(180_000_000_000), false), (Int64(-600_000_000_000), false),  // minutes, as core times
    ])
    func anEventTimeOnAnotherClockIsSaidOnceAndArrivalUsed(offsetNanoseconds: Int64, nanosecondTimes: Bool) {
        let clock = InputClock()
        var said: [String] = []
        clock.onMismatch = { said.append($0) }
        for _ in 0..<3 {
            let stamped = UInt64(Int64(monotonicNanoseconds()) + offsetNanoseconds)
            let before = clock.now()
            let time = nanosecondTimes
                ? clock.time(of: InputEventTime(milliseconds: 0, nanoseconds: stamped))
                : clock.time(of: InputEventTime(milliseconds: UInt32(truncatingIfNeeded: stamped / 1_000_000)))
            #expect(time >= before && time <= clock.now(), "the arrival, never off by the clocks' difference")
        }
        #expect(!clock.trustsEventTimes)
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.contains("not on the presentation clock (CLOCK_MONOTONIC)") == true)
    }

    @Test func anUnreadableClockIsRefused() {
        let clock = InputClock()
        #expect(!clock.use(clock: 12_345))
        #expect(clock.clockID == CLOCK_MONOTONIC)
        #expect(clock.use(clock: CLOCK_MONOTONIC_RAW))
    }

    @Test func predictArguments() {
        #expect(Prediction(argument: "auto") == .auto)
        #expect(Prediction(argument: "OFF") == .off)
        #expect(Prediction(argument: "0") == .off)
        #expect(Prediction(argument: "12.5") == .fixed(0.0125))
        #expect(Prediction(argument: "50") == .fixed(0.05))
        for bad in ["51", "-1", "nan", "inf", "soon", ""] { #expect(Prediction(argument: bad) == nil, "\(bad)") }
    }

    @Test func autoPredictsByTouchToGlassAndNothingBelowOneRefresh() {
        let refresh = 1 / 60.0
        #expect(Prediction.auto.interval(inputToPresent: nil, refresh: nil, estimate: 0.02) == 0.02, "no feedback yet")
        #expect(Prediction.auto.interval(inputToPresent: 0.016, refresh: refresh, estimate: 0.03) == 0)
        #expect(Prediction.auto.interval(inputToPresent: 0.017, refresh: refresh, estimate: 0.001) == 0.017)
        #expect(Prediction.auto.interval(inputToPresent: 0.012, refresh: nil, estimate: nil) == 0.012, "refresh unknown")
        #expect(Prediction.auto.interval(inputToPresent: 0.2, refresh: refresh, estimate: nil) == 0.05)
        #expect(Prediction.off.interval(inputToPresent: 0.03, refresh: refresh, estimate: 0.03) == 0)
        #expect(Prediction.fixed(0.01).interval(inputToPresent: 0.001, refresh: refresh, estimate: nil) == 0.01)
    }

    @Test func theMedianFollowsTheLatestPresentations() {
        var recent = RecentLatencies()
        #expect(recent.median == nil)
        for value in [0.030, 0.010, 0.020, 5, -1, .nan] { recent.add(value) }
        #expect(recent.median == 0.020, "absurd samples are left out")
        for _ in 0..<RecentLatencies.count { recent.add(0.040) }
        #expect(recent.median == 0.040, "older samples age out")
    }
}
