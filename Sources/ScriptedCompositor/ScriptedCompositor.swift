internal import CWaylandServer
internal import WaylandServer
import Glibc

/// A small headless Wayland compositor that tests, benchmarks and `touchcanvas demo` drive
/// step by step.
///
/// ```swift
/// let compositor = try ScriptedCompositor()
/// let app = try ClientProcess(executable: path, environment: compositor.environmentForClient)
/// guard compositor.waitForMappedToplevel(timeout: 10) else { … }
/// compositor.touchDown(id: 0, x: 100, y: 120)
/// compositor.touchFrame()
/// let frame = compositor.waitForNextCommit(timeout: 2)?.frame
/// ```
///
/// There is no thread of its own: nothing happens unless the owner pumps it (`pump`, `waitUntil`,
/// the `waitFor…` methods), and every wait has a deadline, so a broken client fails a test instead
/// of hanging it. Use one instance from one task or thread at a time. Each wait comes twice: from
/// async code (tests) it suspends the caller while the socket is quiet, and a thread of its own
/// does the waiting, so a test waiting for the app holds none of the few threads tests run on;
/// from synchronous code (the demo, benchmarks) it blocks. A misbehaving client gets a protocol
/// error and is disconnected; the compositor carries on.
///
/// "The toplevel" is the most recently created live `xdg_toplevel`; commits, frames and stats
/// count that surface only (cursor surfaces and others are served but not recorded), and input
/// goes to it once it is mapped.
public final class ScriptedCompositor {
    public enum Failure: Error, CustomStringConvertible {
        case runtimeDirectory(String)
        case listen(String)
        case global(String)
        case clock(String)

        public var description: String {
            switch self {
            case .runtimeDirectory(let why): return "no XDG_RUNTIME_DIR for the scripted compositor: \(why)"
            case .listen(let why): return "the scripted compositor cannot listen: \(why)"
            case .clock(let why): return "the scripted compositor cannot share its clock: \(why)"
            case .global(let name): return "the scripted compositor could not create the \(name) global"
            }
        }
    }

    // MARK: Server state (internal: the protocol extensions share it)

    let display: ServerDisplay
    let keymap = Keymap()
    var output: OutputState
    /// Outputs plugged in by the driver after start (`addOutput`).
    var extraOutputs: [ExtraOutput] = []
    /// Each `xdg_toplevel.set_fullscreen` so far: the name of the output it asked for, or ""
    /// where it left the choice to the compositor.
    public internal(set) var fullscreenOutputs: [String] = []
    var seats: [SeatState] = []
    var surfaces: [ObjectIdentifier: SurfaceState] = [:]
    /// Surfaces ever created: the next one's `sequence`.
    var surfacesCreated = 0
    var regions: [ObjectIdentifier: RegionState] = [:]
    var shmBuffers: [ObjectIdentifier: ShmBufferInfo] = [:]
    var xdgSurfaces: [ObjectIdentifier: XdgSurfaceState] = [:]
    var toplevels: [ToplevelState] = []
    var wmBases: [XdgWmBase] = []
    var frameCallbacks: [PendingFrameCallback] = []
    /// Input events queued per client since its last flush (``TouchSending``'s `keepRoom`).
    var unflushedEvents: [OpaquePointer: Int] = [:]
    /// Clients that read nothing through a whole wait: not waited for again (libwayland drops them).
    var clientsNotReading: Set<OpaquePointer> = []
    var dataDevices = DataDeviceRegistry()
    var tablets = TabletRegistry()
    /// How many commits a ``waitForCommits(_:timeout:)`` waits for, and those that came.
    var commitsAwaited = 0
    var awaitedCommits: [Commit] = []
    var initialConfigure: (width: Int32, height: Int32, fullscreen: Bool)?
    private lazy var clock = EventClock(base: { [unowned self] in nowNanoseconds })
    /// The test's clock, nil for CLOCK_MONOTONIC (see ``ManualClock``).
    let manualClock: ManualClock?
    /// A client in another process that reads the manual clock (``startClientOnHeldClock(environment:_:)``).
    var clientClock: ClientClockLink?
    var presentationQueue: PresentationQueue
    var inputTimestamps = InputTimestampsRegistry()
    var pointerGestures = PointerGestureRegistry()
    private var globalDestroyers: [() -> Void] = []
    /// The globals made once at start (all but outputs and seats), for ``announcedGlobals``.
    private var fixedGlobals: [(interface: String, version: UInt32)] = []
    /// Globals withdrawn from clients (`wl_global_remove`) but kept a moment, so a client that
    /// binds one in flight is not disconnected for naming a dead global.
    var retiringGlobals: [(due: UInt64, destroy: () -> Void)] = []
    private var clientListeners: [OpaquePointer: SignalListener] = [:]
    /// Listeners of destroyed clients, freed after the dispatch round that destroyed them.
    var firedListeners: [SignalListener] = []
    private var clientCreatedListener: SignalListener?
    /// Where async waits for client traffic happen (see ``pump(for:)``).
    let readiness = ReadinessWait()

    // MARK: Public state

    /// The socket under `runtimeDirectory` that clients connect to.
    public var socketName: String { display.socketName }
    public let runtimeDirectory: String
    /// What a child process needs to connect here (merge into its environment).
    public var environmentForClient: [String: String] {
        ["WAYLAND_DISPLAY": socketName, "XDG_RUNTIME_DIR": runtimeDirectory]
    }
    /// The pixels of the toplevel's most recently committed buffer, copied at commit time.
    public internal(set) var lastFrame: Frame?
    /// Commits of the toplevel's surface.
    public internal(set) var commitCount = 0
    public internal(set) var stats = Stats()
    /// Number of clients connected right now.
    public private(set) var connectedClientCount = 0
    /// A client is connected.
    public var clientConnected: Bool { connectedClientCount > 0 }
    /// A client connected and then went away (quit, crashed, or was disconnected for an error).
    public private(set) var clientDisconnected = false
    /// Every protocol error sent to a client, in order.
    public internal(set) var protocolErrors: [PostedProtocolError] = []
    /// The serial of the last `xdg_wm_base.pong`.
    public internal(set) var lastPongSerial: UInt32?
    /// Delay between a commit and the answer to the frame callbacks it requested (ignored in
    /// vblank mode, where the tick answers them).
    public var frameCallbackDelayMilliseconds = 1
    /// The `refresh` that `wp_presentation_feedback.presented` carries without vblank mode, in
    /// ns: 0, "unknown", unless a test wants a client to see one.
    public var presentationRefreshNanoseconds: UInt64 = 0
    /// Copy pixels at each commit (`lastFrame`, `Commit.frame`). Benchmarks that measure latency
    /// can turn it off: copying a 4K buffer costs milliseconds.
    public var captureFrames = true
    /// The decoration mode sent in answer to `set_mode`/`unset_mode` (1 client-side, 2
    /// server-side); nil: the mode the client asked for, server-side when it asked for none.
    public var decorationModeAnswer: UInt32?
    /// Answer `set_fullscreen` with a configure of the output's logical size, as desktops do.
    public var respondsToFullscreenRequests = true
    /// Answer an `xdg_toplevel.move` that quotes the serial of a touch still down with
    /// `wl_touch.cancel` to the client, as Mutter 43 does: the compositor takes the touches for
    /// the move. Off by default: moves are only recorded (``moveRequests``).
    public var cancelsTouchesOnMove = false
    /// Every `xdg_toplevel.move` the client asked for, oldest first.
    public internal(set) var moveRequests: [MoveRequest] = []
    /// Every `set_maximized` (true) and `unset_maximized` (false), oldest first. Only recorded:
    /// the driver decides what configure answers them.
    public internal(set) var maximizeRequests: [Bool] = []
    /// Every `xdg_toplevel.resize`, oldest first; only recorded.
    public internal(set) var resizeRequests: [ResizeRequest] = []
    /// Keep the buffers a subsurface's commits replace instead of releasing them, as a
    /// compositor still reading them would, until ``releaseHeldBuffers()``.
    public var holdsSubsurfaceBuffers = false
    /// The same for every surface: a compositor that never releases a buffer (a misbehaviour).
    public var holdsAllBuffers = false
    /// False: frame callbacks are never answered (a misbehaviour: a compositor that has stopped
    /// drawing the client, or a broken one). Presentation feedback still follows vblank mode.
    public var answersFrameCallbacks = true
    /// False: `wp_presentation_feedback` is never answered, neither presented nor discarded (a
    /// misbehaviour: Sway 1.7's headless output does this).
    public var answersPresentationFeedback = true
    var heldBuffers: [WlBuffer] = []
    /// Every `wl_pointer.set_cursor`, oldest first.
    public internal(set) var cursorRequests: [CursorRequest] = []
    /// How many times the client asked to be minimised.
    public internal(set) var minimizeRequests = 0
    /// The longest single wait in the event loop, so `waitUntil` conditions that depend on things
    /// outside the Wayland socket (a child's exit, its stdout) are re-checked often enough.
    public var maximumRoundMilliseconds: Int32 = 5

    /// Milliseconds stamped on input events and frame callbacks. Runs with real time; set it (e.g.
    /// near `UInt32.max`) to test a client against the 32-bit wrap.
    public var eventTime: UInt32 {
        get { clock.now }
        set { clock.set(newValue) }
    }

    /// Stops `eventTime` from following real time: it then changes only when set, so a test (e.g.
    /// of a recording) knows the exact time of every event it sends. Turning it off again lets the
    /// clock run on from its current value.
    public var freezesEventTime: Bool {
        get { clock.isFrozen }
        set { clock.setFrozen(newValue) }
    }

    /// The time stamped on the most recent input event that carries one (touch down, motion and
    /// up, pointer motion and button, key, tablet frame, touchpad gesture), misbehaving ones
    /// included; nil before the first.
    public internal(set) var lastEventTime: UInt32?

    /// The event clock in nanoseconds, of which `eventTime` is the low 32 bits of the
    /// milliseconds: CLOCK_MONOTONIC (the presentation clock) unless a test set `eventTime` or
    /// this. Set, it reads the value from then on (frozen) or runs on from it.
    public var eventNanoseconds: UInt64 {
        get { clock.nanoseconds }
        set { clock.set(nanoseconds: newValue) }
    }

    /// The same stamp as `lastEventTime`, in nanoseconds, as `zwp_input_timestamps_v1` sends it.
    public internal(set) var lastEventNanoseconds: UInt64?

    /// CLOCK_MONOTONIC in nanoseconds, the clock of `Commit.uptimeNanoseconds` and `stats`.
    public static var monotonicNanoseconds: UInt64 { uptimeNanoseconds() }

    /// The compositor's clock now: the manual clock it was given, else CLOCK_MONOTONIC. Ticks,
    /// commit times, presentation times and `stats` are on it.
    public var clockNanoseconds: UInt64 { nowNanoseconds }

    var nowNanoseconds: UInt64 { manualClock?.nanoseconds ?? uptimeNanoseconds() }

    /// The environment variable that names, to the client, the descriptor it reads the manual
    /// clock from (``ClientProcess/inheritedDescriptor``).
    public static let heldClockVariable = "TOUCHCANVAS_HELD_CLOCK_FD"

    /// Starts a client in another process that reads the manual clock: `start` gets the
    /// environment (`environment` with ``heldClockVariable`` added) and the descriptor to pass
    /// to ``ClientProcess`` as `inheriting:`. The pump then moves the clock only once that client
    /// has caught up with the current instant, and stops at the client's own deadlines, so the
    /// client's pacing, timers and stamps run on the test's time. One such client per compositor.
    ///
    /// This end of the descriptor is closed as soon as `start` returns, before any wait for the
    /// client's window: while it is open here the clock's link cannot hear the client die, and
    /// the pump would wait out its patience for an answer that cannot come.
    public func startClientOnHeldClock(environment: [String: String],
                                       _ start: (_ environment: [String: String], _ descriptor: Int32) throws -> ClientProcess) throws -> ClientProcess {
        let descriptor = try holdClientClock()
        defer { Glibc.close(descriptor) }
        var environment = environment
        environment[Self.heldClockVariable] = "\(ClientProcess.inheritedDescriptor)"
        return try start(environment, descriptor)
    }

    /// The client's end of a new link to the manual clock (see ``startClientOnHeldClock(environment:_:)``).
    private func holdClientClock() throws -> Int32 {
        guard let manualClock else { throw Failure.clock("it was made without a ManualClock") }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw Failure.clock("socketpair: \(String(cString: strerror(errno)))")
        }
        let link = ClientClockLink(descriptor: pair[0])
        link.send(manualClock.nanoseconds)
        clientClock = link
        return pair[1]
    }

    // MARK: Life

    /// Starts listening. `socketName` defaults to a unique `tc-scripted-<pid>-<n>`; when
    /// XDG_RUNTIME_DIR is unset a private one is made for this process (see `processRuntimeDirectory`).
    /// Every seat starts with touch, pointer and keyboard. With a `fractionalScale` (e.g. 1.25) the
    /// compositor offers `wp_fractional_scale_manager_v1` and `wp_viewporter`, announces that
    /// scale to surfaces and its ceiling as the output's integer scale (`outputScale` is then
    /// ignored). `zxdg_decoration_manager_v1` is offered unless `offersDecorationManager` is
    /// false (a compositor like Weston or Mutter, where clients draw their own frames).
    /// `zwp_tablet_manager_v2` is offered unless `offersTabletManager` is false (Weston 10, which
    /// has no tablet-v2: a pen then reaches no client at all). `wp_presentation` and
    /// `zwp_input_timestamps_manager_v1` are offered unless `offersPresentation` or
    /// `offersInputTimestamps` is false (compositors without them, for a client's fallbacks);
    /// so is `zwp_pointer_gestures_v1` unless `offersPointerGestures` is false, at
    /// `pointerGesturesVersion` (1…3, clamped), so a client of an older compositor can be tested.
    /// `wp_fifo_manager_v1` and `wp_commit_timing_manager_v1` are offered only when `offersFifo`
    /// and `offersCommitTiming` say so (none of Debian 12's compositors has them); the commits
    /// they hold wait in their surface's queue. With a `vblank` mode, frame callbacks and
    /// presentation follow its periodic tick
    /// (see ``VblankMode``), otherwise each commit is presented when its frame callbacks are
    /// answered. The output's mode is `outputMode` in buffer pixels (1920×1080 unless given, e.g.
    /// `(3840, 2160)` to let a client open a 4K window, which clients clamp to what outputs show);
    /// outputs plugged in later get the same mode. With a `clock`, time moves only as the pump
    /// moves it (see ``ManualClock``).
    public init(socketName: String? = nil, outputScale: Int32 = 1, fractionalScale: Double? = nil,
                outputMode: (width: Int32, height: Int32)? = nil, seats seatNames: [String] = ["seat0"], offersDecorationManager: Bool = true,
                offersTabletManager: Bool = true, offersPresentation: Bool = true,
                offersInputTimestamps: Bool = true, offersPointerGestures: Bool = true,
                pointerGesturesVersion: UInt32 = 3, offersFifo: Bool = false, offersCommitTiming: Bool = false,
                vblank: VblankMode? = nil, clock manualClock: ManualClock? = nil) throws {
        self.manualClock = manualClock
        presentationQueue = PresentationQueue(vblank: vblank, origin: manualClock?.nanoseconds ?? uptimeNanoseconds())
        switch processRuntimeDirectory {
        case .success(let path): runtimeDirectory = path
        case .failure(let failure): throw failure
        }
        do {
            display = try ServerDisplay(socketName: socketName ?? nextSocketName())
        } catch {
            throw Failure.listen("\(error)")
        }
        output = OutputState(scale: max(outputScale, 1), mode: outputMode ?? OutputState.defaultMode)
        if let fractionalScale, let scale120 = Self.scale120(fractionalScale) {
            output.fractionalScale120 = scale120
            output.scale = Int32((scale120 + 119) / 120)
        }
        try addGlobal(WlCompositor.self, version: min(WlCompositor.maxVersion, 5)) { [weak self] in self?.bindCompositor($0) }
        try addGlobal(WlShm.self, version: min(WlShm.maxVersion, 1)) { [weak self] in self?.bindShm($0) }
        try addGlobal(XdgWmBase.self, version: min(XdgWmBase.maxVersion, 5)) { [weak self] in self?.bindWmBase($0) }
        try addGlobal(WlDataDeviceManager.self, version: Self.dataDeviceManagerVersion) { [weak self] in
            self?.bindDataDeviceManager($0)
        }
        if output.fractionalScale120 != nil { try offerFractionalScale() }
        if offersDecorationManager { try offerDecorationManager() }
        if offersTabletManager { try offerTabletManager() }
        try offerSubcompositor()
        if offersPresentation { try offerPresentation() }
        if offersInputTimestamps { try offerInputTimestamps() }
        if offersPointerGestures { try offerPointerGestures(version: pointerGesturesVersion) }
        if offersFifo { try offerFifo() }
        if offersCommitTiming { try offerCommitTiming() }
        guard let outputGlobal = Global<WlOutput>(display: display.raw, version: Self.outputVersion, onBind: { [weak self] in
            self?.bindOutput($0)
        }) else { throw Failure.global("wl_output") }
        output.global = outputGlobal
        for name in seatNames where seat(named: name) == nil {
            seats.append(try makeSeat(name, capabilities: .all))
        }
        watchClients()
    }

    func addGlobal<T: WaylandInterface>(_ type: T.Type, version: UInt32, onBind: @escaping (T) -> Void) throws(Failure) {
        guard let global = Global<T>(display: display.raw, version: version, onBind: onBind) else {
            throw .global(T.interfaceName)
        }
        globalDestroyers.append { global.destroy() }
        fixedGlobals.append((T.interfaceName, version))
    }

    /// Every global a client connecting now is told of, with its version: the fixed ones in the
    /// order they were made, then the outputs and the seats (a test compares a client's view).
    public var announcedGlobals: [(interface: String, version: UInt32)] {
        var globals = fixedGlobals
        if output.global != nil { globals.append((WlOutput.interfaceName, Self.outputVersion)) }
        globals += extraOutputs.filter { $0.global != nil }.map { _ in (WlOutput.interfaceName, Self.outputVersion) }
        globals += seats.filter { $0.global != nil }.map { _ in (WlSeat.interfaceName, Self.seatVersion) }
        return globals
    }

    private func watchClients() {
        let created = SignalListener { [weak self] data in
            guard let self, let data else { return }
            clientCreated(OpaquePointer(data))
        }
        wl_display_add_client_created_listener(display.raw, created.listener)
        created.didLink()
        clientCreatedListener = created
    }

    private func clientCreated(_ client: OpaquePointer) {
        connectedClientCount += 1
        let destroyed = SignalListener { [weak self] _ in
            guard let self, let listener = clientListeners.removeValue(forKey: client) else { return }
            listener.didFireFinal()
            firedListeners.append(listener)
            connectedClientCount -= 1
            clientDisconnected = true
            unflushedEvents[client] = nil
            clientsNotReading.remove(client)
        }
        wl_client_add_destroy_listener(client, destroyed.listener)
        destroyed.didLink()
        clientListeners[client] = destroyed
    }

    deinit {
        // Order matters: unhook from the display, then drop the clients while our state exists
        // (their resources' destroy handlers hold weak references and do nothing now), then
        // withdraw the globals; `display` is destroyed last, with this object's stored properties.
        clientCreatedListener?.remove()
        wl_display_destroy_clients(display.raw)
        for listener in clientListeners.values { listener.didFireFinal() }
        for destroy in globalDestroyers { destroy() }
        for seat in seats { seat.global?.destroy() }
        for extra in extraOutputs { extra.global?.destroy() }
        output.global?.destroy()
        for retiring in retiringGlobals { retiring.destroy() }
    }
}
