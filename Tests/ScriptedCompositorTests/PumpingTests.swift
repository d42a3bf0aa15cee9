@testable import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The compositor's rounds wait to the nanosecond, so input a test or benchmark sends on its own
/// clock goes out when it is due, not whenever a client's request happens to wake the loop.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct PumpingTests {
    /// A pump of a fifth of a millisecond with no client traffic waits for exactly that long:
    /// rounded to epoll's whole milliseconds it could never end in less than one. The wait
    /// is what the round computes (the machine decides how promptly the kernel wakes it, which
    /// is a benchmark's business, not a test's), and a pump never ends before it is due.
    @Test func aShortPumpWaitsToTheNanosecond() throws {
        // The computation, on a clock that stands still while it is looked at.
        let held = try ScriptedCompositor(clock: ManualClock())
        let now = held.clockNanoseconds
        #expect(held.roundWaitNanoseconds(until: now + 200_000) == 200_000)
        #expect(held.roundWaitNanoseconds(until: now) == 0, "a deadline that has passed waits for nothing")
        // The pump on the machine's clock.
        let compositor = try ScriptedCompositor()
        for _ in 0..<5 {
            let start = ScriptedCompositor.monotonicNanoseconds
            compositor.pump(for: 0.0002)
            #expect(ScriptedCompositor.monotonicNanoseconds - start >= 200_000, "a pump ends no earlier than asked")
        }
    }
}
