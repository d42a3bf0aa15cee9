import Glibc
import SystemClock

/// The app's end of a clock that a test's scripted compositor holds: instead of the kernel's
/// timer, the loop's deadline is met when the compositor says its clock has reached it.
///
/// The compositor runs in the test's process and moves time in steps. At each step it sends
/// the new reading with a number, and waits until the app has handled it: the app answers with
/// that number once everything the compositor sent before it is dispatched, its timer has fired
/// if due, and its own requests are flushed, and says when its timer is due next. Only then
/// does the compositor move on, to the earliest of its own next event, the app's deadline and
/// the test's next step. Every reading the app makes of CLOCK_MONOTONIC (``SystemClock``) is
/// the compositor's, so pacing, prediction, the logs and animations see the time the test set,
/// however slow the machine.
///
/// The link is a `SOCK_SEQPACKET` socket, so each message (two 64-bit numbers) arrives whole.
struct HeldClockLink {
    let descriptor: Int32
    /// The number of the last reading read and not answered yet.
    var unanswered: UInt64?
    /// When the loop's timer is due, on the held clock.
    var deadline: UInt64?

    /// Reads the readings waiting on the link; the clock is held at the newest. False once the
    /// compositor has closed its end.
    mutating func receive() -> Bool {
        var message: (UInt64, UInt64) = (0, 0)
        while true {
            let count = withUnsafeMutableBytes(of: &message) { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == MemoryLayout<(UInt64, UInt64)>.size {
                unanswered = message.0
                SystemClock.holdMonotonic(at: message.1)
                continue
            }
            if count == 0 { return false }
            return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        }
    }

    /// Answers the last reading, with the timer's deadline (none: `UInt64.max`).
    mutating func answer() {
        guard let number = unanswered else { return }
        var message: (UInt64, UInt64) = (number, deadline ?? .max)
        _ = withUnsafeBytes(of: &message) { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        unanswered = nil
    }
}
