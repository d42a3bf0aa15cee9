import CShim
import CWaylandClient
import Glibc

/// Round trips that end: a compositor that accepts the connection and then never answers (a
/// hung compositor, or a socket that is not a compositor's) would keep `wl_display_roundtrip`
/// waiting for ever, and Ctrl+C would end the process without a word. Here the wait is a
/// `wl_display.sync` whose `done` is awaited in a `poll` loop that also watches a one-shot
/// timer and the loop's signals, and each way out says which step it was waiting for.
extension EventLoop {
    /// Blocks until the compositor has processed every request sent so far, as
    /// ``roundtrip()``, but gives up after `seconds` (``WaylandError/noAnswer(display:step:seconds:)``)
    /// and when a signal given to ``handleSignals(_:)`` arrives
    /// (``WaylandError/interrupted(signal:step:)``). `step` names the round trip in those
    /// messages: "registry round trip" reads "did not answer the registry round trip".
    public func roundtrip(_ step: String, within seconds: Double) throws(WaylandError) {
        let display = connection.display
        // A timer of its own: the loop's one is the app's, and may be armed meanwhile (a
        // configure that arrives in the round trip can schedule playback).
        let timer = try OneShotTimer(after: seconds)
        guard let callback = connection.root.sync() else { throw failure() }
        var answered = false
        callback.onEvent = { _ in answered = true }
        while !answered {
            // Queued events are dispatched before the read intent is taken: the answer may be among them.
            let wantWrite = try prepareToRead()
            if answered { wl_display_cancel_read(display); break }
            var fds = [
                pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            ]
            try pollAndDispatch(&fds)
            if answered { break }
            if fds[2].revents & Int16(POLLIN) != 0, let signal = takeSignal() {
                throw .interrupted(signal: signal, step: step)
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                throw .noAnswer(display: connection.name, step: step, seconds: seconds)
            }
        }
    }

    /// The next signal waiting on the loop's signalfd, read off it.
    private func takeSignal() -> Int32? {
        var info = signalfd_siginfo()
        guard read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size else { return nil }
        return Int32(bitPattern: info.ssi_signo)
    }
}

/// A `timerfd` armed once on CLOCK_MONOTONIC, closed with the value: the kernel keeps the time,
/// so a wait's deadline is one more descriptor to poll and no clock is read here.
struct OneShotTimer: ~Copyable {
    let fileDescriptor: Int32

    init(after seconds: Double) throws(WaylandError) {
        fileDescriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard fileDescriptor >= 0 else { throw .connectionLost(errno: errno) }
        var spec = EventLoop.timerSpec(after: seconds)
        timerfd_settime(fileDescriptor, 0, &spec, nil)
    }

    deinit { close(fileDescriptor) }
}
