import CWaylandClient
import Foundation
import Glibc
import ScriptedCompositor
import Wayland
import TouchCanvasTesting

/// An in-process Wayland client on the test's thread, talking to a compositor on the same thread.
///
/// A real `wl_display_roundtrip` would block in `read` while the compositor — which only runs when
/// pumped by this very thread — never answers. So every exchange is non-blocking: flush the
/// client's requests, pump the compositor briefly, then read whatever is on the socket
/// (`prepare_read` / `poll(0)` / `read_events`) and dispatch it. `roundtrip()` repeats that until
/// a `wl_display.sync` comes back. The compositor's pumping suspends the test while its socket is
/// quiet, so other tests on the main actor (every in-process client is there) run meanwhile.
@MainActor
final class TestClient {
    let compositor: ScriptedCompositor
    let connection: Connection
    let registry: WlRegistry
    private(set) var globals: [(name: UInt32, interface: String, version: UInt32)] = []
    private(set) var removedGlobals: [UInt32] = []
    private(set) var failed = false

    init(_ compositor: ScriptedCompositor) async throws {
        self.compositor = compositor
        connection = try Connection(name: compositor.socketName)
        guard let registry = connection.root.getRegistry() else { throw TestFailure("no registry") }
        self.registry = registry
        registry.onEvent = { [unowned self] event in
            switch event {
            case .global(let name, let interface, let version): globals.append((name, interface, version))
            case .globalRemove(let name): removedGlobals.append(name)
            }
        }
        guard await roundtrip() else { throw TestFailure("initial roundtrip failed") }
    }

    /// Sends the queued requests without pumping the compositor.
    func flush() { wl_display_flush(connection.display) }

    /// One non-blocking exchange; false once the connection has failed (e.g. a protocol error).
    @discardableResult
    func exchange(pumping seconds: Double = 0.002) async -> Bool {
        let display = connection.display
        wl_display_flush(display)
        await compositor.pump(for: seconds)
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { failed = true; return false }
        }
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) > 0 {
            if wl_display_read_events(display) < 0 { failed = true; return false }
        } else {
            wl_display_cancel_read(display)
        }
        if wl_display_dispatch_pending(display) < 0 { failed = true; return false }
        return true
    }

    /// Exchanges until `condition` holds or `timeout` passes.
    @discardableResult
    func exchange(until condition: () -> Bool, timeout: Double = patience) async -> Bool {
        let deadline = ScriptedCompositor.monotonicNanoseconds + UInt64(timeout * 1e9)
        while !condition() {
            guard ScriptedCompositor.monotonicNanoseconds < deadline, await exchange() else { return condition() }
        }
        return true
    }

    /// A `wl_display.sync` round trip, pumping the compositor meanwhile.
    @discardableResult
    func roundtrip(timeout: Double = patience) async -> Bool {
        guard let callback = connection.root.sync() else { return false }
        var done = false
        callback.onEvent = { _ in done = true }
        return await exchange(until: { done }, timeout: timeout)
    }

    func global(_ interface: String) -> (name: UInt32, interface: String, version: UInt32)? {
        globals.first { $0.interface == interface && !removedGlobals.contains($0.name) }
    }

    func bind<T: WaylandInterface>(_ type: T.Type, version: UInt32, name: UInt32? = nil) -> T? {
        guard let global = name.flatMap({ n in globals.first { $0.name == n } }) ?? self.global(T.interfaceName) else {
            return nil
        }
        return registry.bind(name: global.name, as: type, version: min(version, global.version))
    }
}

/// How long a wait for something that will come may take before the test says it did not: long
/// enough for a loaded machine (two busy loops beside the suite, or a sanitizer build); a passing
/// wait returns as soon as its condition holds.
let patience: Double = Sanitizer.choose(20, sanitized: 60)

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Shared memory a test client draws into: an unlinked temp file, as any shm client would use.
@MainActor
final class TestPool {
    let fd: Int32
    let size: Int
    let data: UnsafeMutableRawPointer
    let pool: WlShmPool

    init(shm: WlShm, size: Int) throws {
        var template = Array("/tmp/tc-sc-test-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw TestFailure("mkstemp failed") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        guard ftruncate(fd, off_t(size)) == 0,
              let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
              map != UnsafeMutableRawPointer(bitPattern: -1) else {
            close(fd)
            throw TestFailure("cannot map \(size) bytes")
        }
        guard let pool = shm.createPool(fd: fd, size: Int32(size)) else { throw TestFailure("create_pool") }
        self.fd = fd
        self.size = size
        self.data = map
        self.pool = pool
    }

    isolated deinit {
        munmap(data, size)
        close(fd)
    }

    /// Fills `width × height` pixels at `offset` with one ARGB colour.
    func fill(offset: Int, width: Int, height: Int, stride: Int, argb: UInt32) {
        for y in 0..<height {
            let row = (data + offset + y * stride).bindMemory(to: UInt32.self, capacity: width)
            for x in 0..<width { row[x] = argb.littleEndian }
        }
    }
}

/// A toplevel window of the in-process client: surface, xdg_surface, xdg_toplevel, and the
/// configure handshake done the way a well-behaved client does it.
@MainActor
final class TestWindow {
    let client: TestClient
    let compositorGlobal: WlCompositor
    let shm: WlShm
    let wmBase: XdgWmBase
    let surface: WlSurface
    let xdgSurface: XdgSurface
    let toplevel: XdgToplevel
    var configures: [(width: Int32, height: Int32, states: [UInt8])] = []
    var pendingSerial: UInt32?
    var closed = false
    var enteredOutputs = 0
    private var pools: [TestPool] = []

    init(_ client: TestClient, title: String = "test") async throws {
        self.client = client
        guard let compositorGlobal = client.bind(WlCompositor.self, version: 5),
              let shm = client.bind(WlShm.self, version: 1),
              let wmBase = client.bind(XdgWmBase.self, version: 5),
              let surface = compositorGlobal.createSurface(),
              let xdgSurface = wmBase.getXdgSurface(surface: surface),
              let toplevel = xdgSurface.getToplevel() else { throw TestFailure("cannot make a toplevel") }
        self.compositorGlobal = compositorGlobal
        self.shm = shm
        self.wmBase = wmBase
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        wmBase.onEvent = { [unowned wmBase] event in
            if case .ping(let serial) = event { wmBase.pong(serial: serial) }
        }
        xdgSurface.onEvent = { [unowned self] event in
            if case .configure(let serial) = event { pendingSerial = serial }
        }
        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, let states): configures.append((width, height, states))
            case .close: closed = true
            default: break
            }
        }
        surface.onEvent = { [unowned self] event in
            if case .enter = event { enteredOutputs += 1 }
        }
        toplevel.setTitle(title: title)
        toplevel.setAppId(appId: "org.touchcanvas.test")
        surface.commit()  // the initial commit asks for the first configure
        guard await client.exchange(until: { self.pendingSerial != nil }) else { throw TestFailure("no initial configure") }
    }

    func ackConfigure() {
        if let serial = pendingSerial { xdgSurface.ackConfigure(serial: serial) }
        pendingSerial = nil
    }

    /// A buffer of one colour in its own pool.
    func makeBuffer(width: Int, height: Int, argb: UInt32) throws -> (buffer: WlBuffer, pool: TestPool) {
        let stride = width * 4
        let pool = try TestPool(shm: shm, size: stride * height)
        pool.fill(offset: 0, width: width, height: height, stride: stride, argb: argb)
        guard let buffer = pool.pool.createBuffer(offset: 0, width: Int32(width), height: Int32(height),
                                                  stride: Int32(stride), format: .argb8888) else {
            throw TestFailure("create_buffer")
        }
        pools.append(pool)
        return (buffer, pool)
    }

    /// Acks the pending configure and shows a buffer: the window is mapped.
    @discardableResult
    func map(width: Int = 64, height: Int = 48, argb: UInt32 = 0xFFFF_FFFF) throws -> WlBuffer {
        ackConfigure()
        let (buffer, _) = try makeBuffer(width: width, height: height, argb: argb)
        surface.attach(buffer: buffer, x: 0, y: 0)
        surface.damageBuffer(x: 0, y: 0, width: Int32(width), height: Int32(height))
        surface.commit()
        return buffer
    }
}
