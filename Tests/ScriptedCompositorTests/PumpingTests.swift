import ScriptedCompositor
import Testing

/// The compositor's rounds wait to the nanosecond, so input a test or benchmark sends on its own
/// clock goes out when it is due, not whenever a client's request happens to wake the loop.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PumpingTests {
    /// A wait of a fifth of a millisecond with no client traffic. Rounded to epoll's whole
    /// milliseconds it could never end in less than one; waiting to the nanosecond it usually
    /// ends within a few tens of microseconds of its end. A busy machine can delay any one
    /// pump, so only the quickest of fifty is asked to come before the millisecond.
    @Test func aShortPumpEndsWhenItIsDueNotAtTheNextMillisecond() throws {
        let compositor = try ScriptedCompositor()
        var quickest = UInt64.max
        for _ in 0..<50 {
            let start = ScriptedCompositor.monotonicNanoseconds
            compositor.pump(for: 0.0002)
            let took = ScriptedCompositor.monotonicNanoseconds - start
            #expect(took >= 200_000, "a pump ends no earlier than asked")
            quickest = min(quickest, took)
        }
        #expect(quickest < 900_000, "the quickest pump of 0.2 ms took \(Double(quickest) / 1e6) ms")
    }
}
