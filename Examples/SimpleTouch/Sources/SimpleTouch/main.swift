import Rendering
import Glibc
import TouchKit
import Wayland

/// A window of TouchKit views drawn by Rendering into shared memory: only into a buffer the compositor
/// released, only where something changed, committed at most once per frame callback.
@MainActor
final class SimpleTouch {
    private let loop: EventLoop
    private let registry: GlobalRegistry
    private let surface: WlSurface
    /// Held for the window's life: dropping a proxy destroys its object.
    private let shell: (wmBase: XdgWmBase, xdgSurface: XdgSurface, toplevel: XdgToplevel)
    /// Two buffers: one is drawn while the compositor may still read the other.
    private let swapchain: ShmSwapchain
    private let window = Window(frame: Rect(x: 0, y: 0, width: 600, height: 400))
    private lazy var spots = SpotsView(frame: window.bounds)
    private let input: TouchInputMachine
    private let renderer = ViewRenderer()
    private var seats: [UInt32: WlSeat] = [:]
    private var pendingSize: (width: Int32, height: Int32) = (0, 0), isConfigured = false
    /// From commit to frame callback: a frame drawn meanwhile would never be seen.
    private var frameCallback: WlCallback?
    private var drawnChangeCount: UInt64?

    init() throws {
        let connection = try Connection()
        loop = try EventLoop(connection: connection)
        guard let registry = GlobalRegistry(connection: connection) else { fail("the registry could not be read") }
        self.registry = registry
        try loop.roundtrip()
        func bind<T: WaylandInterface>(minimum: UInt32 = 1) -> T {
            guard let global = registry.first(T.interfaceName),
                  let proxy = registry.bind(global, as: T.self, wanted: minimum, minimum: minimum)
            else { fail("the compositor offers no \(T.interfaceName) of version \(minimum) or later") }
            return proxy
        }
        let compositor: WlCompositor = bind(minimum: 4), wmBase: XdgWmBase = bind()  // 4: damage_buffer
        swapchain = ShmSwapchain(shm: bind() as WlShm, format: .xrgb8888, maxBuffers: 2)
        guard let surface = compositor.createSurface(), let xdgSurface = wmBase.getXdgSurface(surface: surface),
              let toplevel = xdgSurface.getToplevel() else { fail("the compositor refused a window") }
        (self.surface, shell) = (surface, (wmBase, xdgSurface, toplevel))
        input = TouchInputMachine(window: window)
        window.addSubview(spots)
        wmBase.onEvent = { [unowned wmBase] in if case .ping(let serial) = $0 { wmBase.pong(serial: serial) } }
        toplevel.onEvent = { [unowned self] event in
            if case .configure(let width, let height, _) = event { pendingSize = (width, height) }
            if case .close = event { loop.stop() }
        }
        // 0×0 means "you choose": the size stays. An unchanged size draws nothing, so the commit
        // that applies the ack goes out alone.
        xdgSurface.onEvent = { [unowned self] event in
            guard case .configure(let serial) = event else { return }
            shell.xdgSurface.ackConfigure(serial: serial)
            let size = Rect(x: 0, y: 0, width: Double(pendingSize.width), height: Double(pendingSize.height))
            if size.width > 0, size.height > 0, size != window.frame {
                window.frame = size
                spots.frame = window.bounds
            } else if isConfigured {
                surface.commit()
            }
            isConfigured = true
        }
        toplevel.setTitle(title: "SimpleTouch"); toplevel.setAppId(appId: "simple-touch")
        surface.commit()  // with no buffer: asks for the first configure
        registry.onAdded = { [unowned self] in addSeat($0) }
        registry.onRemoved = { [unowned self] in if seats.removeValue(forKey: $0.name) != nil { input.seatRemoved(SeatID($0.name)) } }
        for global in registry.globals.values { addSeat(global) }
        // One render after each batch of events, for all of them. GNOME sends no frame after the
        // last up: input still waiting for one 4 ms after the socket ran dry goes out then (a
        // frame's events may come in more than one read, so not at once).
        loop.onDrained = { [unowned self] in
            loop.setTimer(after: input.hasPendingInput ? 0.004 : nil)
            do { try render() } catch { fail("\(error)") }
        }
        loop.onTimer = { [unowned self] in input.flushPendingInput(); loop.onDrained?() }
    }

    /// wl_seat 5 or later: pointer frames, and the `release` sent when a device's proxy is
    /// dropped. A device or seat that goes cancels its touches, or their spots would stay.
    private func addSeat(_ global: GlobalRegistry.Global) {
        guard global.interface == WlSeat.interfaceName, seats[global.name] == nil,
              let seat = registry.bind(global, as: WlSeat.self, wanted: 5, minimum: 5) else { return }
        let id = SeatID(global.name)
        var touch: WlTouch?, pointer: WlPointer?
        seat.onEvent = { [unowned self, unowned seat] event in
            guard case .capabilities(let caps) = event else { return }
            if caps.contains(.touch) != (touch != nil) {
                if touch != nil { input.touchCapabilityLost(seat: id) }
                touch = touch == nil ? seat.getTouch() : nil
                touch?.onEvent = { [unowned self] in input.feed($0, seat: id) }
            }
            if caps.contains(.pointer) != (pointer != nil) {
                if pointer != nil { input.pointerCapabilityLost(seat: id) }
                pointer = pointer == nil ? seat.getPointer() : nil
                pointer?.onEvent = { [unowned self] in input.feed($0, seat: id) }
            }
        }
        seats[global.name] = seat
    }

    func run() throws -> Int32 { try loop.run() }

    private func render() throws {
        guard isConfigured, frameCallback == nil, window.changeCount != drawnChangeCount else { return }
        // nil while the compositor holds both; its release comes in a later batch of events.
        guard let buffer = try swapchain.nextBuffer(width: Int(window.frame.width), height: Int(window.frame.height)) else { return }
        let pixels = try PixelBuffer(borrowing: buffer.data, width: buffer.width, height: buffer.height,
                                     stride: buffer.stride, format: .xrgb8888)
        // The age says which older damage this buffer missed: the renderer repaints that too.
        let damage = renderer.render(window, into: pixels, scale: 1, bufferAge: buffer.age)
        drawnChangeCount = window.changeCount
        guard !damage.isEmpty else { return }
        surface.attach(buffer: buffer.wlBuffer, x: 0, y: 0)
        for r in damage.rects {
            surface.damageBuffer(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height))
        }
        frameCallback = surface.frame()
        frameCallback?.onEvent = { [unowned self] _ in frameCallback = nil }
        surface.commit()
        swapchain.didCommit(buffer)
    }
}

/// Every failure: one line on stderr, then exit status 1.
func fail(_ message: String) -> Never {
    _ = "simple-touch: \(message)\n".withCString { write(2, $0, strlen($0)) }
    exit(1)
}

do { exit(try SimpleTouch().run()) } catch { fail("\(error)") }
