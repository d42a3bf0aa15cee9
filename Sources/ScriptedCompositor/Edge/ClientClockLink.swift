import Glibc

/// The compositor's end of a client's held clock: the manual clock's readings go out on it,
/// numbered, and the client's answers come back, each with when its own timer is due.
///
/// A client answers a reading once it has handled everything sent before it and flushed its
/// requests (the app's event loop does, see its `HeldClockLink`), so the compositor knows when a
/// client in another process has caught up with an instant before it moves the clock on.
final class ClientClockLink {
    let descriptor: Int32
    /// The number of the last reading sent, and of the last the client answered.
    private(set) var sent: UInt64 = 0
    private(set) var answered: UInt64 = 0
    /// When the client's timer is due, on the manual clock, as it last said.
    private(set) var clientDeadline: UInt64?
    /// False once the client closed its end (it exited) or a send failed.
    private(set) var isOpen = true

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Whether the client has answered the last reading sent.
    var caughtUp: Bool { !isOpen || answered >= sent }

    func send(_ nanoseconds: UInt64) {
        guard isOpen else { return }
        sent += 1
        var message: (UInt64, UInt64) = (sent, nanoseconds)
        let count = withUnsafeBytes(of: &message) { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if count != MemoryLayout<(UInt64, UInt64)>.size { isOpen = false }
    }

    /// Reads the answers waiting.
    func receive() {
        var message: (UInt64, UInt64) = (0, 0)
        while isOpen {
            let count = withUnsafeMutableBytes(of: &message) { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == MemoryLayout<(UInt64, UInt64)>.size {
                answered = max(answered, message.0)
                clientDeadline = message.1 == .max ? nil : message.1
                continue
            }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { isOpen = false }
            return
        }
    }
}
