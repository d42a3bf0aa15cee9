internal import CWaylandServer

/// A `wl_listener` that calls a Swift closure.
///
/// libwayland signals link the caller's `wl_listener` into a list and call back with its address,
/// expecting the caller to find its own state next to it (`wl_container_of`). We allocate the
/// listener with a pointer to the closure box right behind it, so the C callback needs no globals.
///
/// Lifetime rule: the memory must stay valid while it is linked into a signal list. Free it (drop
/// the object) only after `remove()` or after the signal's owner is gone.
final class SignalListener {
    private final class Handler {
        let body: (UnsafeMutableRawPointer?) -> Void
        init(_ body: @escaping (UnsafeMutableRawPointer?) -> Void) { self.body = body }
    }

    private static let handlerOffset = MemoryLayout<wl_listener>.stride
    private let memory: UnsafeMutableRawPointer
    private var linked = false

    /// The listener to pass to `wl_*_add_*_listener`; call `didLink()` afterwards.
    let listener: UnsafeMutablePointer<wl_listener>

    init(_ body: @escaping (UnsafeMutableRawPointer?) -> Void) {
        memory = UnsafeMutableRawPointer.allocate(
            byteCount: Self.handlerOffset + MemoryLayout<UnsafeMutableRawPointer>.stride,
            alignment: max(MemoryLayout<wl_listener>.alignment, MemoryLayout<UnsafeMutableRawPointer>.alignment))
        listener = memory.bindMemory(to: wl_listener.self, capacity: 1)
        listener.initialize(to: wl_listener(link: wl_list(prev: nil, next: nil), notify: signalListenerNotify))
        let handler = Unmanaged.passRetained(Handler(body)).toOpaque()
        (memory + Self.handlerOffset).storeBytes(of: handler, as: UnsafeMutableRawPointer.self)
    }

    /// Records that libwayland linked the listener, so `remove()` knows to unlink it.
    func didLink() { linked = true }

    /// The signal fired for an object that is now gone: the link belongs to freed memory.
    func didFireFinal() { linked = false }

    /// Unlinks from the signal (safe to call twice).
    func remove() {
        guard linked else { return }
        wl_list_remove(&listener.pointee.link)
        linked = false
    }

    deinit {
        remove()
        let handler = (memory + Self.handlerOffset).load(as: UnsafeMutableRawPointer.self)
        Unmanaged<Handler>.fromOpaque(handler).release()
        listener.deinitialize(count: 1)
        memory.deallocate()
    }

    fileprivate static func fire(_ listener: UnsafeMutablePointer<wl_listener>, _ data: UnsafeMutableRawPointer?) {
        let handler = (UnsafeMutableRawPointer(listener) + handlerOffset).load(as: UnsafeMutableRawPointer.self)
        Unmanaged<Handler>.fromOpaque(handler).takeUnretainedValue().body(data)
    }
}

private func signalListenerNotify(_ listener: UnsafeMutablePointer<wl_listener>?, _ data: UnsafeMutableRawPointer?) {
    guard let listener else { return }
    SignalListener.fire(listener, data)
}
