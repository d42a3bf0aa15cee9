import Dispatch
import Glibc

/// Waits for a descriptor to become readable on a thread that is not the caller's, so an async
/// caller (a test) gives its thread back while the compositor has nothing to do.
///
/// Swift's cooperative threads are few, one per core. A test that blocked one in `epoll_wait`
/// at every round of the compositor held it for the whole test, and the tests queued behind it
/// ran out their time limits before they had run (on a busy two-core machine, dozens did). The
/// wait runs on a serial queue of this object's own, which libdispatch serves with a thread of
/// its own pool rather than a cooperative one; the caller is suspended meanwhile.
final class ReadinessWait: Sendable {
    private let queue = DispatchQueue(label: "scripted-compositor.readiness")

    /// Returns when `descriptor` is readable, `milliseconds` have passed, or a signal woke the
    /// wait early (the caller's loop treats that as an early, empty round).
    nonisolated(nonsending) func readable(_ descriptor: Int32, milliseconds: Int32) async {
        await withCheckedContinuation { (woken: CheckedContinuation<Void, Never>) in
            queue.async {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, milliseconds)
                woken.resume()
            }
        }
    }
}
