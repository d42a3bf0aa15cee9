import CShim
import CWaylandClient
import Glibc
import SystemClock

/// The app's one loop: `poll` over the display socket, a timer, a signalfd and whatever else
/// was given to ``watch(_:onReadable:)`` (a worker's eventfd).
///
/// Nothing busy-waits: with no events and no timer armed the process sleeps in `poll`. After
/// each batch of events, once the socket has nothing more to read, `onDrained` runs: that is
/// where pending input is delivered (a compositor may send no frame after the last up) and where
/// the app renders, so one read of many events gives at most one commit.
@MainActor
public final class EventLoop {
    let connection: Connection
    private let timerFD: Int32
    private(set) var signalFD: Int32 = -1
    /// The signals `handleSignals` blocked, unblocked again when the loop goes.
    private var blockedSignals = sigset_t()
    private var running = false
    private var stopStatus: Int32 = 0
    private var watched: [(fd: Int32, onReadable: () -> Void)] = []
    /// A test's held clock in place of the timer (see ``followHeldClock(descriptor:)``).
    private var heldClock: HeldClockLink?

    /// The socket has been read dry and every event dispatched.
    public var onDrained: (() -> Void)?
    /// The one-shot timer set with `setTimer(after:)` fired.
    public var onTimer: (() -> Void)?
    /// A signal from `handleSignals(_:)` arrived.
    public var onSignal: ((Int32) -> Void)?
    /// True while another thread does work whose end the loop will hear of through a watched
    /// descriptor (a buffer being prefaulted). On a held clock the reading is not answered
    /// until it is done: that work runs in real time, and time must not move on without it.
    public var isWorkInFlight: (() -> Bool)?

    public init(connection: Connection) throws(WaylandError) {
        self.connection = connection
        timerFD = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard timerFD >= 0 else { throw .connectionLost(errno: errno) }
    }

    isolated deinit {
        close(timerFD)
        if signalFD >= 0 {
            close(signalFD)
            // A signal that came after the loop's last look takes its default action now.
            sigprocmask(SIG_UNBLOCK, &blockedSignals, nil)
        }
    }

    /// Routes the signals through the loop instead of killing the process, so exit paths (saving,
    /// logging the last line) run in order. Ctrl+C becomes a normal quit.
    /// Called again, it replaces the set (a signal already pending is kept for the new one).
    public func handleSignals(_ signals: [Int32]) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        sigprocmask(SIG_BLOCK, &mask, nil)
        if signalFD >= 0 { close(signalFD) }
        signalFD = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        // Without a signalfd the signals must keep their default action, or Ctrl+C does nothing.
        if signalFD < 0 { sigprocmask(SIG_UNBLOCK, &mask, nil) } else { blockedSignals = mask }
    }

    /// Calls `onReadable` whenever `fd` is readable; the handler reads it. For a descriptor
    /// that other threads signal through (an eventfd), so their results are handled here, on
    /// the main thread, between batches of compositor events.
    public func watch(_ fd: Int32, onReadable: @escaping () -> Void) {
        watched.append((fd, onReadable))
    }

    /// Times the loop by a clock a test's scripted compositor holds, read from `descriptor`
    /// (a `SOCK_SEQPACKET` socket), instead of the kernel's: see `HeldClockLink`. The first
    /// reading is taken now, so the clock is held before anything reads it.
    public func followHeldClock(descriptor: Int32) {
        var link = HeldClockLink(descriptor: descriptor)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 5_000)
        guard link.receive() else { return }
        heldClock = link
    }

    /// The loop keeps a test's held time (``followHeldClock(descriptor:)``), on which work takes
    /// no time at all: whatever is budgeted by time must be budgeted some other way.
    public var followsHeldClock: Bool { heldClock != nil }

    /// Arms the timer once; nil disarms it.
    public func setTimer(after seconds: Double?) {
        if heldClock != nil {
            // As the kernel's timer is armed (``timerSpec(after:)``): at least a microsecond
            // ahead, so a timer set for now is still ahead of the held clock and the compositor
            // moves time to it, rather than past it. Rounded up, so it is never due a fraction
            // of a nanosecond before the time it was set for.
            heldClock?.deadline = seconds.map {
                SystemClock.monotonicNanoseconds &+ max(Self.nanoseconds($0, roundedUp: true), 1_000)
            }
            return
        }
        var spec = seconds.map(Self.timerSpec(after:)) ?? itimerspec()
        timerfd_settime(timerFD, 0, &spec, nil)
    }

    /// A one-shot `itimerspec` for `seconds` from now: at least a microsecond (zero would
    /// disarm the timer), at most a day, which also stands for an infinite or NaN wait (an
    /// `Int` made from those would trap).
    nonisolated static func timerSpec(after seconds: Double) -> itimerspec {
        let clamped = seconds.isFinite ? min(max(seconds, 0.000_001), 86_400) : 86_400
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(clamped)
        spec.it_value.tv_nsec = Int((clamped - Double(Int(clamped))) * 1_000_000_000)
        return spec
    }

    /// `seconds` as nanoseconds, at most a day (also for infinite or NaN).
    nonisolated static func nanoseconds(_ seconds: Double, roundedUp: Bool = false) -> UInt64 {
        let clamped = seconds.isFinite ? min(max(seconds, 0), 86_400) : 86_400
        return UInt64(roundedUp ? (clamped * 1e9).rounded(.up) : clamped * 1e9)
    }

    /// Ends `run()` after the current iteration with `status`.
    public func stop(status: Int32 = 0) {
        running = false
        stopStatus = status
    }

    /// Runs until `stop`, returning its status; throws when the connection fails.
    public func run() throws(WaylandError) -> Int32 {
        let display = connection.display
        running = true
        while running {
            var wantWrite = try prepareToRead()

            // More bytes already waiting means the batch is not over: read before "drained".
            if !readable(connection.fileDescriptor) {
                wl_display_cancel_read(display)
                onDrained?()
                if !running { break }
                wantWrite = try prepareToRead()
                // All the compositor sent is handled, our requests are all out (none left for
                // a full socket) and no worker is still busy: the held clock's reading is
                // answered, after everything it must follow.
                if !wantWrite, isWorkInFlight?() != true { heldClock?.answer() }
            }

            var fds = [
                pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: heldClock?.descriptor ?? timerFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            ]
            for entry in watched { fds.append(pollfd(fd: entry.fd, events: Int16(POLLIN), revents: 0)) }
            try pollAndDispatch(&fds)
            if fds[1].revents & Int16(POLLIN | POLLHUP) != 0 {
                if var link = heldClock {
                    // A compositor that went away leaves the clock where it was, and the
                    // loop ends with the connection.
                    let open = link.receive()
                    let due = link.deadline.map { $0 <= SystemClock.monotonicNanoseconds } ?? false
                    if due { link.deadline = nil }
                    heldClock = open ? link : nil
                    if due { onTimer?() }
                } else {
                    var expirations: UInt64 = 0
                    _ = read(timerFD, &expirations, 8)
                    onTimer?()
                }
            }
            if fds[2].revents & Int16(POLLIN) != 0 {
                var info = signalfd_siginfo()
                while read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                    onSignal?(Int32(bitPattern: info.ssi_signo))
                }
            }
            for (index, entry) in watched.enumerated() where fds[3 + index].revents & Int16(POLLIN) != 0 {
                entry.onReadable()
            }
        }
        wl_display_flush(display)
        return stopStatus
    }

    /// Sends the queued requests now. A full socket (EAGAIN) is not a failure: the rest goes out
    /// with the next flush.
    public func flush() throws(WaylandError) {
        if wl_display_flush(connection.display) < 0, errno != EAGAIN { throw failure() }
    }

    /// Blocks until the compositor has processed every request sent so far (start-up only).
    public func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(connection.display) < 0 { throw failure() }
    }

    /// Dispatches everything queued, then takes the read intent (libwayland's threading rule)
    /// and sends what is queued. True when the socket is full: the rest waits for `POLLOUT`.
    func prepareToRead() throws(WaylandError) -> Bool {
        let display = connection.display
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw failure() }
        }
        let wantWrite = wl_display_flush(display) < 0
        if wantWrite && errno != EAGAIN { wl_display_cancel_read(display); throw failure() }
        return wantWrite
    }

    /// With the read intent held: polls `fds` (the socket's first) until one is ready, reads
    /// the socket's events if it has any (else gives the intent up) and dispatches them. The
    /// other descriptors' `revents` are left for the caller.
    func pollAndDispatch(_ fds: inout [pollfd]) throws(WaylandError) {
        let display = connection.display
        var ready: Int32
        repeat { ready = poll(&fds, nfds_t(fds.count), -1) } while ready < 0 && errno == EINTR
        if ready < 0 { wl_display_cancel_read(display); throw .connectionLost(errno: errno) }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            if wl_display_read_events(display) < 0 { throw failure() }
        } else {
            wl_display_cancel_read(display)
        }
        if wl_display_dispatch_pending(display) < 0 { throw failure() }
    }

    func failure() -> WaylandError {
        connection.error ?? WaylandError.readFailure(errno: errno == 0 ? EPIPE : errno, display: connection.name)
    }

    func readable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) > 0 && p.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
    }
}
