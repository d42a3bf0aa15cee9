import Glibc
import Testing
@testable import touchcanvas

/// A clock the test sets: what `InputClock` reads instead of the kernel's, so a test can start it
/// anywhere, two milliseconds after boot included, on any machine whenever it booted.
@MainActor
final class HandClock {
    var seconds: Double
    /// The clocks it answers for; others read as unreadable.
    var readable: Set<clockid_t> = [CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW]

    init(_ seconds: Double) { self.seconds = seconds }

    var nanoseconds: UInt64 { UInt64(seconds * 1e9) }

    func inputClock() -> InputClock {
        InputClock { [unowned self] clock in readable.contains(clock) ? seconds : nil }
    }
}

/// Event times against the presentation clock, and `--predict`, with no compositor. Every test
/// runs with the clock long after boot (1000 s) and two milliseconds after it, where a time
/// before the machine started cannot be written as a reading at all.
@MainActor
@Suite struct InputTimingTests {
    nonisolated static let starts = [1000.0, 0.002]

    @Test(arguments: starts) func aNanosecondTimeOnThePresentationClockIsTaken(start: Double) {
        let hand = HandClock(start)
        let clock = hand.inputClock()
        var said: [String] = []
        clock.onMismatch = { said.append($0) }
        let stamped = hand.nanoseconds - min(hand.nanoseconds, 1_500_000)
        hand.seconds += 0.003
        let time = clock.time(of: InputEventTime(milliseconds: 0, nanoseconds: stamped))
        #expect(time == Double(stamped) / 1e9)
        #expect(clock.trustsEventTimes && said.isEmpty)
    }

    /// Core milliseconds are unwrapped against the arrival: the event is placed in the middle
    /// of its millisecond, at most half a millisecond from the truth.
    @Test(arguments: starts) func aCoreMillisecondTimeIsUnwrappedToItsArrival(start: Double) {
        let hand = HandClock(start)
        let clock = hand.inputClock()
        let truth = hand.nanoseconds
        hand.seconds += 0.0073
        let time = clock.time(of: InputEventTime(milliseconds: UInt32(truncatingIfNeeded: truth / 1_000_000)))
        #expect(abs(time - Double(truth) / 1e9) <= 0.0005 + 1e-9)
        #expect(clock.trustsEventTimes)
    }

    /// Event times off by minutes (as core times) or by more than the allowed lead or delay
    /// (as nanoseconds): said once, and every later input is timed by its arrival. The other
    /// clock's reading is the test clock's plus the offset, wrapping as the protocol's unsigned
    /// times do when the other clock is behind one that started two milliseconds ago.
    @Test(arguments: [
        (Int64(10_000_000), true), (Int64(-6_000_000_000), true),  // 10 ms ahead, 6 s behind
        (Int64(180_000_000_000), false), (Int64(-600_000_000_000), false),  // minutes, as core times
    ], starts)
    func anEventTimeOnAnotherClockIsSaidOnceAndArrivalUsed(offset: (nanoseconds: Int64, precise: Bool), start: Double) {
        let hand = HandClock(start)
        let clock = hand.inputClock()
        var said: [String] = []
        clock.onMismatch = { said.append($0) }
        for _ in 0..<3 {
            let stamped = UInt64(bitPattern: Int64(bitPattern: hand.nanoseconds) &+ offset.nanoseconds)
            hand.seconds += 0.004
            let arrival = hand.seconds
            let time = offset.precise
                ? clock.time(of: InputEventTime(milliseconds: 0, nanoseconds: stamped))
                : clock.time(of: InputEventTime(milliseconds: UInt32(truncatingIfNeeded: stamped / 1_000_000)))
            #expect(time == arrival, "the arrival, never off by the clocks' difference")
        }
        #expect(!clock.trustsEventTimes)
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.contains("not on the presentation clock (CLOCK_MONOTONIC)") == true)
    }

    @Test func anUnreadableClockIsRefused() {
        let hand = HandClock(5)
        let clock = hand.inputClock()
        #expect(!clock.use(clock: 12_345))
        #expect(clock.clockID == CLOCK_MONOTONIC)
        #expect(clock.use(clock: CLOCK_MONOTONIC_RAW))
        #expect(clock.now() == 5)
        // The kernel's own reader refuses the unknown clock too.
        #expect(InputClock.systemRead(12_345) == nil)
        #expect(InputClock.systemRead(CLOCK_MONOTONIC) != nil)
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
        var recent = RecentSamples(capacity: 31)
        #expect(recent.median == nil)
        for value in [0.030, 0.010, 0.020, 5, -1, .nan] { recent.add(value) }
        #expect(recent.median == 0.020, "absurd samples are left out")
        #expect(recent.value == 0.030, "the ninth decile of three is the largest")
        for _ in 0..<recent.capacity { recent.add(0.040) }
        #expect(recent.median == 0.040 && recent.value == 0.040, "older samples age out")
    }
}

/// The input frames a commit carries, for touch→glass per frame: each whole frame once, by its
/// oldest event, the newest 32 when more pile up, none left after the commit.
@Suite struct FrameTimingSampleTests {
    @Test func eachWholeFrameIsOneSampleByItsOldestEvent() {
        var timing = FrameTiming()
        timing.inputArrived(at: 10.002)
        timing.inputArrived(at: 10.001)  // another device's event, stamped earlier
        #expect(timing.undrawnSamples.isEmpty, "no sample before its frame closes")
        timing.inputFramed()
        timing.inputFramed()  // a frame with nothing in it is no sample
        timing.inputArrived(at: 10.007)
        timing.inputFramed()
        #expect(timing.undrawnSamples == [10.001, 10.007])
        #expect(timing.oldestUndrawnInput == 10.001)
        timing.committed(at: 10.009)
        #expect(timing.undrawnSamples.isEmpty && timing.oldestUndrawnInput == nil)
    }

    @Test func aPileOfFramesKeepsTheNewest() {
        var timing = FrameTiming()
        for i in 0..<(FrameTiming.samplesKept + 8) {
            timing.inputArrived(at: 10 + Double(i) * 0.005)
            timing.inputFramed()
        }
        #expect(timing.undrawnSamples.count == FrameTiming.samplesKept)
        #expect(timing.undrawnSamples.last == 10 + Double(FrameTiming.samplesKept + 7) * 0.005)
        #expect(timing.oldestUndrawnInput == 10, "the commit's oldest input is still the oldest")
    }
}
