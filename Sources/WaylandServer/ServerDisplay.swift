import CWaylandServer
import Glibc

/// A listening `wl_display` on the server side, for the scripted compositor.
///
/// The display is driven by the caller (`dispatch(timeout:)`), never by a thread of its own, so a
/// test decides exactly when the compositor runs; an async caller waits for
/// ``eventLoopDescriptor`` off its own thread and dispatches without blocking.
public final class ServerDisplay {
    public let raw: OpaquePointer
    public let socketName: String
    private let loop: OpaquePointer

    public enum Failure: Error, CustomStringConvertible {
        case create, socket(String)
        public var description: String {
            switch self {
            case .create: return "wl_display_create failed"
            case .socket(let name): return "cannot listen on Wayland socket \(name) (is XDG_RUNTIME_DIR set and writable?)"
            }
        }
    }

    /// Listens on `$XDG_RUNTIME_DIR/<socketName>`.
    public init(socketName: String) throws {
        guard let display = wl_display_create(), let loop = wl_display_get_event_loop(display) else {
            throw Failure.create
        }
        guard wl_display_add_socket(display, socketName) == 0 else {
            wl_display_destroy(display)
            throw Failure.socket(socketName)
        }
        self.raw = display
        self.loop = loop
        self.socketName = socketName
    }

    deinit {
        wl_display_destroy_clients(raw)
        wl_display_destroy(raw)
    }

    public var nextSerial: UInt32 { wl_display_next_serial(raw) }

    /// The event loop's epoll descriptor: readable when a client or timer has work for
    /// `dispatch`, so a caller can wait for it elsewhere and dispatch with a timeout of 0.
    public var eventLoopDescriptor: Int32 { wl_event_loop_get_fd(loop) }

    /// Runs one round: waits up to `timeout` ms for client activity, dispatches it, flushes events.
    public func dispatch(timeout: Int32) {
        wl_event_loop_dispatch(loop, timeout)
        wl_display_flush_clients(raw)
    }

    /// The same round, waiting to the nanosecond: up to `timeoutNanoseconds` for client
    /// activity or a timer of the loop.
    ///
    /// Why not `dispatch(timeout:)`: epoll counts whole milliseconds, so a wait must be rounded
    /// up, and a caller that sends events on its own clock (a scripted finger at 200 Hz) then
    /// sends each up to a millisecond late, unless some client's request wakes the loop
    /// first. Events then bunch up just after a client's commits: a client that commits once a
    /// refresh saw its input arrive right after its commit far more often than chance, which is
    /// the worst moment. `ppoll` takes nanoseconds (the kernel's high-resolution timers).
    public func dispatch(timeoutNanoseconds: UInt64) {
        if timeoutNanoseconds > 0 { _ = tc_wait_readable(eventLoopDescriptor, timeoutNanoseconds) }
        wl_event_loop_dispatch(loop, 0)
        wl_display_flush_clients(raw)
    }

    public func flush() { wl_display_flush_clients(raw) }

    /// Sends what is queued for `client` now, waiting up to `milliseconds` for it to read when
    /// its socket is full. False when it read nothing in that time.
    ///
    /// Why: libwayland queues a client's events in a 4 KiB buffer and, when one does not fit,
    /// writes the buffer out without waiting; if the socket is full then (a frame of thousands
    /// of touches, sent faster than the client reads), the event is lost and the client is
    /// disconnected ("error in client communication"). A sender of many events calls this every
    /// few of them: a Unix socket polls writable only while at most a quarter of its send buffer
    /// is in flight, so after that wait the next 4 KiB always goes out whole.
    public static func flush(_ client: OpaquePointer, waitingUpTo milliseconds: Int32) -> Bool {
        wl_client_flush(client)
        var entry = pollfd(fd: wl_client_get_fd(client), events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = poll(&entry, 1, milliseconds) } while ready < 0 && errno == EINTR
        guard ready > 0, entry.revents & Int16(POLLOUT) != 0 else { return false }
        wl_client_flush(client)
        return true
    }

    /// The pid of a connected client, for tests that want to know who connected.
    public static func pid(of client: OpaquePointer) -> pid_t {
        var pid: pid_t = 0
        wl_client_get_credentials(client, &pid, nil, nil)
        return pid
    }
}
