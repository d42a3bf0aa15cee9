import ArgumentParser
import Canvas
import Glibc
import Recording
import TouchCanvasApp
import TouchKit
import Wayland
import WaylandDecor

/// Wires the pieces together: Wayland globals and seats in, TouchKit deliveries through the
/// scene's views, Cairo rendering out to shared-memory buffers, paced by frame callbacks.
@MainActor
final class AppController: SeatInputSink {
    private let options: AppOptions
    private let connection: Connection
    private let loop: EventLoop
    private let registry: GlobalRegistry
    private var compositor: WlCompositor?
    private var shm: WlShm?
    private var wmBase: XdgWmBase?
    /// libdecor, when it draws the window's frame; it outlives the window.
    private var decor: DecorContext?
    /// Kept for the life of the window (destroying it would be legal, but is noise in logs).
    private var decorationManager: ZxdgDecorationManagerV1?
    private var outputs: [UInt32: (output: WlOutput, scale: Int32)] = [:]
    private var seats: [UInt32: SeatInput] = [:]
    private var window: WaylandWindow?
    private var canvasBuffers: DrawableBuffers?
    /// Needed for the app's own frame, a subsurface.
    private var subcompositor: WlSubcompositor?
    private var viewporter: WpViewporter?
    /// The app's own frame, when it draws one.
    private var clientFrame: ClientFrame?
    /// The cursor names last shown over the frame by each seat's pointer, so a motion that stays
    /// on one part of the frame sets no cursor (an enter always does).
    private var frameCursorNames: [SeatID: [String]] = [:]

    private let uiWindow: Window
    private var rootView: View
    private let input: TouchInputMachine
    private let renderer = ViewRenderer()
    private var needsRender = true
    private var scene: Scene
    /// The buffer the compositor shows now: what `s` and `--save-on-exit` save, pixel for pixel.
    private var lastPresented: PixelBuffer?
    private var timing = FrameTiming()
    private var recorder: RecordingWriter?
    private var cursor: PointerCursor?
    /// Double taps on libdecor's frame, which maximise the window: the same limits as `tapCount`.
    private lazy var frameTaps = FrameDoubleTap(interval: UInt32((input.tapCountInterval * 1000).rounded()),
                                                distance: input.tapCountDistance)
    /// The buffer scale the recording last noted.
    private var recordedScale = 1
    private let startTime = MonotonicClock.now()
    /// The inspector HUD (`h`, and always in the inspect scene) and the numbers behind it.
    let inspector = InputInspector()
    private lazy var hud = InspectorHUDView(inspector: inspector)
    /// The pointer's hover ring, over the scene and under the HUD.
    private let hoverRings = HoverRingView()
    private var hudNeedsRefresh = false
    /// The `check` command's listener, when running it.
    var observer: InputObserver?

    /// Connects and binds everything the app needs, or throws one readable reason.
    init(options: AppOptions) throws(AppError) {
        self.options = options
        do {
            connection = try Connection()
            loop = try EventLoop(connection: connection)
        } catch {
            throw AppError(error.description)
        }
        guard let registry = GlobalRegistry(connection: connection) else {
            throw AppError("the compositor connection failed before the registry could be read")
        }
        self.registry = registry
        let frame = Rect(x: 0, y: 0, width: Double(options.size.width), height: Double(options.size.height))
        uiWindow = Window(frame: frame)
        uiWindow.backgroundColor = .white
        scene = options.scene
        rootView = Scene.makeRootView(for: options.scene, frame: frame, singleTouch: options.singleTouch)
        uiWindow.addSubview(rootView)
        hoverRings.frame = frame
        uiWindow.addSubview(hoverRings)
        input = TouchInputMachine(window: uiWindow)
        connectWindowMoving()
        // touchesMoved at most once per display frame, with every sample as coalesced touches.
        input.holdsMovesUntilDisplayFrame = true
        // Before the first roundtrip: the first configure, which starts the playback, may come in it.
        if let recording = options.play {
            playback = RecordingPlayback(recording: recording)
            // The seats the recording starts with are named in its header, not by events.
            for seat in recording.seats { seatNamed(RecordingPlayback.seat(seat.id), name: seat.name) }
        }

        registry.onAdded = { [unowned self] in globalAdded($0) }
        registry.onRemoved = { [unowned self] in globalRemoved($0) }
        do {
            try loop.roundtrip()
        } catch {
            throw AppError(error.description)
        }
        try bindRequiredGlobals()
        do {
            try loop.roundtrip()  // seat names, output scales and capabilities before the first frame
        } catch {
            throw AppError(error.description)
        }
        // The header holds the seats and the surface as they are now; what changes later (a
        // configure, a scale, a seat's name) is recorded as it comes.
        if let path = options.record {
            let known = orderedSeats.map { RecordedSeat(id: $0.id, name: $0.name) }
            let configured = window?.isConfigured == true
            recordedScale = Int(window?.scale ?? 1)
            do {
                recorder = try RecordingWriter(
                    path: path, width: configured ? window?.width ?? options.size.width : options.size.width,
                    height: configured ? window?.height ?? options.size.height : options.size.height,
                    scale: recordedScale, seats: known, scene: options.scene)
                recorder?.onWriteError = { error in
                    printError(error.description + "; recording stops here, the app goes on")
                }
            } catch {
                throw AppError(error.description)
            }
        }

        input.stuckTouchThreshold = options.stuckAfter
        let logsPhases = options.log == .phases, logsAnomalies = options.log != .none
        input.onDeliver = { [unowned self] event in
            if logsPhases { PhaseLog.emit(event) }
            inspector.noteDelivery(event)
            observer?.delivered(event)
        }
        input.onPointerHover = { [unowned self] seat, location in
            hoverRings.setHover(location, seat: seat)
            scheduleRender()
        }
        input.onAnomaly = { [unowned self] anomaly in
            if logsAnomalies { StandardOutput.writeLine(AnomalyLog.line(for: anomaly)) }
            inspector.noteAnomaly(anomaly)
            observer?.anomaly(anomaly)
        }
        inspector.onChange = { [unowned self] in
            guard isHUDShown else { return }
            hudNeedsRefresh = true
            scheduleRender()
        }
        if options.scene == .inspect { setHUDVisible(true) }
        if let timeout = options.checkTimeout { startCheck(timeout: timeout) }
    }

    /// Required globals and why each minimum version:
    /// - wl_compositor 4: `damage_buffer`, so damage is in buffer pixels at any scale (wanted 5 is
    ///   not needed; 4 is the newest request we use).
    /// - wl_shm 1: argb8888/xrgb8888 are always there.
    /// - xdg_wm_base 1: everything we use is in version 1; we want up to 4 for `configure_bounds`-era
    ///   compositors to treat us as current, but nothing here depends on it.
    private func bindRequiredGlobals() throws(AppError) {
        guard let g = registry.first("wl_compositor") else { throw AppError(WaylandError.missingGlobal("wl_compositor").description) }
        guard let compositor = registry.bind(g, as: WlCompositor.self, wanted: 4, minimum: 4) else {
            throw AppError("the compositor's wl_compositor is version \(g.version); touchcanvas needs version 4 (damage_buffer)")
        }
        guard let s = registry.first("wl_shm"), let shm = registry.bind(s, as: WlShm.self, wanted: 1) else {
            throw AppError(WaylandError.missingGlobal("wl_shm").description)
        }
        guard let x = registry.first("xdg_wm_base"), let wmBase = registry.bind(x, as: XdgWmBase.self, wanted: 4) else {
            throw AppError(WaylandError.missingGlobal("xdg_wm_base (xdg-shell)").description)
        }
        wmBase.onEvent = { [unowned wmBase] event in
            switch event {
            case .ping(let serial): wmBase.pong(serial: serial)
            }
        }
        self.compositor = compositor
        self.shm = shm
        self.wmBase = wmBase
        canvasBuffers = DrawableBuffers(shm: shm, format: .xrgb8888)
        subcompositor = registry.first("wl_subcompositor").flatMap { registry.bind($0, as: WlSubcompositor.self, wanted: 1) }
        viewporter = registry.first("wp_viewporter").flatMap { registry.bind($0, as: WpViewporter.self, wanted: 1) }
        guard let window = WaylandWindow(
            compositor: compositor, shell: chooseShell(wmBase: wmBase), title: title(for: options.scene),
            appID: "touchcanvas", size: options.size, fullscreen: options.fullscreen,
            outputScale: { [unowned self] output in outputs.values.first { $0.output === output }?.scale ?? 1 },
            viewporter: viewporter,
            fractionalScaleManager: registry.first("wp_fractional_scale_manager_v1").flatMap {
                registry.bind($0, as: WpFractionalScaleManagerV1.self, wanted: 1)
            })
        else { throw AppError("the compositor refused to create a window") }
        window.onConfigure = { [unowned self] in windowConfigured() }
        window.onDecorationMode = { [unowned self] mode in
            switch mode {
            case .clientSide where clientFrame == nil:
                // Asked for server-side and told to draw our own: it shows with the next configure.
                makeClientFrame()
                if clientFrame == nil { printError("the compositor chose client-side decorations, and the app's frame could not be made") }
            case .serverSide where clientFrame != nil:
                // xdg-decoration lets the compositor change its mind at any time: its frame
                // replaces ours (the subsurface goes with it), from the next configure's size.
                clientFrame = nil
                window.drawsOwnFrame = false
                frameCursorNames = [:]
            default:
                break
            }
        }
        window.onClose = { [unowned self] in loop.stop(status: 0) }
        window.onFrameDone = { [unowned self] _ in
            timing.frameDone(at: MonotonicClock.now())
            renderIfNeeded()
        }
        self.window = window
        if window.drawsOwnFrame {
            makeClientFrame()
            if clientFrame == nil { printError("the app's window frame could not be made: the window has none") }
        }
        cursor = PointerCursor(compositor: compositor, shm: shm)
        // Seats and outputs seen before the window existed.
        for global in registry.globals.values.sorted(by: { $0.name < $1.name }) { globalAdded(global) }
    }

    /// Server-side decorations where the compositor offers `zxdg_decoration_manager_v1` (Sway,
    /// KWin); else the app's own frame (Mutter, Weston), which needs `wl_subcompositor`; else a
    /// bare toplevel. `--decorations` forces one way (`libdecor` for libdecor's frame), falling
    /// back to none with a note.
    private func chooseShell(wmBase: XdgWmBase) -> WindowShell {
        let offered = registry.first("zxdg_decoration_manager_v1")
        switch options.decorations {
        case .auto, .server:
            if let offered, let manager = registry.bind(offered, as: ZxdgDecorationManagerV1.self, wanted: 1) {
                decorationManager = manager
                return .xdg(wmBase, decorationManager: manager, ownFrame: false)
            }
            if options.decorations == .server {
                printError("the compositor offers no server-side decorations: the window has none")
                return .xdg(wmBase, decorationManager: nil, ownFrame: false)
            }
            return .xdg(wmBase, decorationManager: nil, ownFrame: canDrawOwnFrame())
        case .client:
            return .xdg(wmBase, decorationManager: nil, ownFrame: canDrawOwnFrame())
        case .libdecor:
            if let decor = DecorContext(connection: connection) {
                decor.onError = { [unowned self] message in
                    printError("libdecor: \(message)")
                    loop.stop(status: 1)
                }
                self.decor = decor
                return .libdecor(decor)
            }
            printError("libdecor could not start: the window has no decorations")
            return .xdg(wmBase, decorationManager: nil, ownFrame: false)
        case .none:
            return .xdg(wmBase, decorationManager: nil, ownFrame: false)
        }
    }

    /// The app's frame is a subsurface: without `wl_subcompositor` there is none (one line says so).
    private func canDrawOwnFrame() -> Bool {
        if subcompositor != nil { return true }
        printError("the compositor offers no wl_subcompositor: the window has no frame")
        return false
    }

    /// Makes the app's own frame; the window's configure sizes and geometry count it only when
    /// it was made.
    private func makeClientFrame() {
        guard clientFrame == nil, let window else { return }
        guard let compositor, let shm, let subcompositor,
              let frame = ClientFrame(compositor: compositor, subcompositor: subcompositor, parent: window.surface,
                                      shm: shm, viewporter: viewporter, title: title(for: scene))
        else {
            window.drawsOwnFrame = false
            return
        }
        window.drawsOwnFrame = true
        frame.input.tapCountInterval = input.tapCountInterval
        frame.input.tapCountDistance = input.tapCountDistance
        frame.view.onRequest = { [unowned self] request in frameRequested(request) }
        frame.onBufferFreed = { [unowned self] in
            scheduleRender()
            renderIfNeeded()
        }
        clientFrame = frame
        updateClientFrame()
    }

    private func title(for scene: Scene) -> String { "TouchCanvas — \(scene.rawValue)" }

    /// Lays the frame out for the window's current size and state.
    private func updateClientFrame() {
        guard let clientFrame, let window else { return }
        let floating = !(window.isMaximized || window.isTiled || window.isFullscreen)
        clientFrame.update(width: window.width, height: window.height, shown: !window.isFullscreen,
                           margin: floating ? FrameLayout.floatingMargin : 0,
                           isActive: window.isActivated, isMaximized: window.isMaximized)
    }

    /// What the frame's title bar, buttons and margin asked for.
    private func frameRequested(_ request: FrameRequest) {
        guard let window else { return }
        switch request {
        case .move(let touch):
            guard let (seat, serial) = pressSerial(for: touch, purpose: "window move") else { return }
            window.beginMove(seat: seat.seat, serial: serial)
            printError("frame: move requested for touch \(touch.number) (\(touch.type.name) id \(touch.identifier), serial \(serial))")
        case .resize(let edge, let touch):
            guard let (seat, serial) = pressSerial(for: touch, purpose: "window resize") else { return }
            window.beginResize(seat: seat.seat, serial: serial, edge: Self.xdgEdge(edge))
            printError("frame: resize \(edge.rawValue) requested for touch \(touch.number) (\(touch.type.name) id \(touch.identifier), serial \(serial))")
        case .minimize:
            window.minimize()
            printError("frame: minimise requested")
        case .toggleMaximize:
            printError("frame: \(window.isMaximized ? "restore" : "maximise") requested")
            window.toggleMaximized()
        case .close:
            printError("frame: close")
            loop.stop(status: 0)
        }
    }

    static func xdgEdge(_ edge: ResizeEdge) -> XdgToplevel.ResizeEdge {
        switch edge {
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }

    // MARK: Globals that come and go

    private func globalAdded(_ global: GlobalRegistry.Global) {
        guard window != nil else { return }  // bound once the window exists
        switch global.interface {
        case "wl_seat" where seats[global.name] == nil:
            guard let seat = registry.bind(global, as: WlSeat.self, wanted: SeatInput.wantedVersion) else { return }
            let input = SeatInput(id: SeatID(global.name), seat: seat, sink: self, classify: { [unowned self] s in
                InputSurface.classify(s, canvas: window?.surface, frame: clientFrame?.surface,
                                      libdecorFrame: window?.hasClientSideFrame == true)
            })
            let seatID = input.id
            input.onPointerEnter = { [unowned self] pointer, serial in
                frameCursorNames[seatID] = nil
                cursor?.apply(to: pointer, seat: seatID, serial: serial, scale: Int32(window?.bufferScale.ceiling ?? 1))
            }
            input.onFramePointer = { [unowned self] pointer, serial, location, entered in
                guard let names = clientFrame?.view.cursorNames(at: location),
                      entered || names != frameCursorNames[seatID] else { return }
                frameCursorNames[seatID] = names
                cursor?.apply(to: pointer, seat: seatID, serial: serial,
                              scale: Int32(window?.bufferScale.ceiling ?? 1), names: names)
            }
            input.onDecorationTouchDown = { [unowned self] serial, time, location in
                // A plugin with touch of its own (libdecor's gtk one, 0.2.2 on) moves and
                // maximises already: doing it too would move twice and toggle maximise back.
                guard decor?.pluginHandlesTouch != true else { return }
                if frameTaps.isDoubleTap(time: time, location: location) {
                    window?.toggleMaximized()
                } else {
                    window?.beginMove(seat: seat, serial: serial)
                }
            }
            seats[global.name] = input
        case "wl_output" where outputs[global.name] == nil:
            // Version 2 brings `scale`; nothing newer is needed.
            guard let output = registry.bind(global, as: WlOutput.self, wanted: 2) else { return }
            outputs[global.name] = (output, 1)
            output.onEvent = { [unowned self] event in
                switch event {
                case .scale(let factor):
                    outputs[global.name]?.scale = factor
                case .done:
                    window?.updateScale()
                default:
                    break
                }
            }
        default:
            break
        }
    }

    private func globalRemoved(_ global: GlobalRegistry.Global) {
        if let seat = seats.removeValue(forKey: global.name) {
            recorder?.seatRemoved(seat.id)
            input.seatRemoved(seat.id)
            clientFrame?.input.seatRemoved(seat.id)
            frameCursorNames[seat.id] = nil
            cursor?.seatRemoved(seat.id)
            seat.remove()
            scheduleRender()
        }
        if let output = outputs.removeValue(forKey: global.name) {
            window?.outputRemoved(output.output)
        }
    }

    // MARK: Running

    /// Runs the window for a command: a failure to start is one line on stderr; a status other
    /// than 0 becomes the process's exit status.
    nonisolated static func runUntilExit(_ options: AppOptions) throws {
        let status: Int32 = MainActor.assumeIsolated {
            do {
                let app = try AppController(options: options)
                return try app.run()
            } catch {
                printError("\(error)")
                return 1
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    func run() throws(AppError) -> Int32 {
        // A log reader that goes away (`| head`) must not kill the canvas.
        signal(SIGPIPE, SIG_IGN)
        loop.handleSignals([SIGINT, SIGTERM])
        loop.onSignal = { [unowned self] _ in loop.stop(status: 0) }
        loop.onDrained = { [unowned self] in
            if input.hasPendingInput || clientFrame?.input.hasPendingInput == true {
                schedule(.flushInput, after: Self.missingFrameGrace)
            }
            renderIfNeeded()
        }
        loop.onTimer = { [unowned self] in timerFired() }
        let status: Int32
        do {
            status = try loop.run()
        } catch {
            if let path = options.saveOnExit { save(to: path) }
            closeRecording()
            throw AppError(error.description)
        }
        let saved = options.saveOnExit.map { save(to: $0) } ?? true
        let recorded = closeRecording()
        return saved && recorded ? status : max(status, 1)
    }

    /// Ends `--record`'s file; a recording that could not be written fully says so, once.
    @discardableResult
    private func closeRecording() -> Bool {
        guard let recorder else { return true }
        self.recorder = nil
        // A failure before now was said when it happened; one now is said here, not as
        // "the app goes on".
        let alreadySaid = recorder.writeError != nil
        recorder.onWriteError = nil
        do {
            try recorder.close()
        } catch {
            if !alreadySaid { printError(error.description) }
            return false
        }
        printError("recorded \(options.record ?? "")")
        return true
    }

    // MARK: The guided check

    private var check: CompositorCheck?

    private func startCheck(timeout: Double) {
        let check = CompositorCheck()
        self.check = check
        observer = check
        setHUDVisible(true)
        hud.prompt = check.prompt
        printError(check.prompt)
        check.onChange = { [unowned self, unowned check] in
            hud.prompt = check.prompt
            scheduleRender()
            guard check.isFinished else { return printError(check.prompt) }
            let seatInfo = orderedSeats.map { (name: $0.name, versions: $0.versions) }
            for line in check.report(seats: seatInfo) { StandardOutput.writeLine(line) }
            loop.stop(status: check.passed ? 0 : 1)
        }
        schedule(.checkTimeout, after: timeout)
    }

    // MARK: Saving

    /// Saves what is on screen to `path` (atomically, replacing only that file) and the strokes
    /// as SVG beside it; one line on stderr either way.
    @discardableResult
    private func save(to path: String) -> Bool {
        guard let presented = lastPresented else {
            printError("nothing to save yet: the window has not been drawn")
            return false
        }
        // The window's picture, less the hover ring: it marks the pointer, not the drawing.
        var pixels = presented
        if !hoverRings.rings.isEmpty, let window {
            do {
                pixels = try PixelBuffer(width: presented.width, height: presented.height, format: presented.format)
            } catch {
                printError("cannot save \(path): \(error)")
                return false
            }
            if let error = renderer.snapshot(uiWindow, into: pixels, scale: window.bufferScale.factor, excluding: [hoverRings]) {
                printError("cannot save \(path): drawing the picture failed: \(error)")
                return false
            }
        }
        do {
            try PNGWriter().write(pixels, to: path)
        } catch {
            printError("\(error)")
            return false
        }
        printError("saved \(path)")
        // The strokes as vectors beside the pixels, for reuse elsewhere.
        if let scene = rootView as? SVGExportable {
            let svgPath = SaveLocation.svgPath(besidePNG: path)
            do {
                try TextFileWriter(kind: "SVG").write(scene.svgDocument(), to: svgPath)
            } catch {
                printError("\(error)")
                return false
            }
            printError("saved \(svgPath)")
        }
        return true
    }

    /// `s`: a new numbered file in the pictures folder; an earlier drawing is never replaced.
    private func saveNumbered() {
        let stem = SaveLocation.freshStem(in: SaveLocation.defaultDirectory())
        save(to: stem + ".png")
    }

    private func quit() { loop.stop(status: 0) }

    // MARK: Timers

    /// How long a drained socket may hold input without a frame before it is delivered anyway.
    /// GNOME sends no frame after the last up; a burst can also be split across two reads, and
    /// this short wait keeps the two halves of one frame together.
    static let missingFrameGrace = 0.004

    private enum Deadline: Hashable { case flushInput, animationWatchdog, stuckCheck, hudRefresh, checkTimeout, playback }

    /// How often active touches are checked for silence (`possibly-stuck`).
    static let stuckCheckInterval = 1.0
    private var deadlines: [Deadline: Double] = [:]

    private func schedule(_ deadline: Deadline, after seconds: Double) {
        let due = MonotonicClock.now() + seconds
        if let existing = deadlines[deadline], existing <= due { return }
        deadlines[deadline] = due
        armTimer()
    }

    private func armTimer() {
        guard let next = deadlines.values.min() else { return loop.setTimer(after: nil) }
        loop.setTimer(after: max(0, next - MonotonicClock.now()))
    }

    private func timerFired() {
        let now = MonotonicClock.now()
        for (deadline, due) in deadlines where due <= now {
            deadlines.removeValue(forKey: deadline)
            switch deadline {
            case .flushInput:
                // The frame's touches too: a tap on a close button ends with Mutter's frameless up.
                if let frameInput = clientFrame?.input, frameInput.hasPendingInput {
                    frameInput.flushPendingInput()
                    scheduleRender()
                }
                guard input.hasPendingInput else { renderIfNeeded(); break }
                recorder?.flushedPendingInput()
                input.flushPendingInput()
                scheduleRender()
                renderIfNeeded()
            case .animationWatchdog:
                // Frames are not coming (a hidden window): let animations finish so their
                // completions run; drawing resumes when the compositor asks again.
                uiWindow.advanceAnimations()
            case .checkTimeout:
                check?.timeOut()
            case .playback:
                playDueEvents()
            case .hudRefresh:
                refreshHUDNow()
            case .stuckCheck:
                input.checkForStuckTouches()
                if input.activeTouchCount > 0 { refreshHUDNow() }  // ages go on while fingers rest
                if input.activeTouchCount > 0 { schedule(.stuckCheck, after: Self.stuckCheckInterval) }
            }
        }
        armTimer()
    }

    private func windowConfigured() {
        guard let window else { return }
        let frame = Rect(x: 0, y: 0, width: Double(window.width), height: Double(window.height))
        if uiWindow.frame != frame {
            uiWindow.frame = frame
            rootView.frame = frame
            hoverRings.frame = frame
            recorder?.configure(width: window.width, height: window.height)
        }
        if Int(window.scale) != recordedScale {
            recordedScale = Int(window.scale)
            recorder?.scale(recordedScale)
        }
        uiWindow.setNeedsDisplay()
        updateClientFrame()
        scheduleRender()
        if playback != nil, playbackStart == nil {
            playbackStart = MonotonicClock.now()
            schedule(.playback, after: 0)
        }
    }

    // MARK: Playback (--play)

    private var playback: RecordingPlayback?
    private var playbackStart: Double?

    /// Feeds what is due to the same handlers a seat's events go to, then sleeps until the next.
    private func playDueEvents() {
        guard var playback, let playbackStart else { return }
        let elapsed = (MonotonicClock.now() - playbackStart) * 1000
        for timed in playback.take(until: elapsed) {
            let time = UInt32(clamping: Int(timed.time.rounded(.down)))
            switch timed.event {
            case let .touch(seat, touch): self.seat(seat, touch: touch.raw(time: time))
            case let .pointer(seat, pointer): self.seat(seat, pointer: pointer.raw(time: time))
            case let .capabilityLost(seat, .touch): seatLostTouch(seat)
            case let .capabilityLost(seat, .pointer): seatLostPointer(seat)
            case let .seatRemoved(seat): input.seatRemoved(seat)
            case let .seatName(seat, name): seatNamed(seat, name: name)
            case .flush where input.hasPendingInput: input.flushPendingInput()
            case let .command(command): perform(command)
            default: break
            }
        }
        self.playback = playback
        if input.hasPendingInput { schedule(.flushInput, after: Self.missingFrameGrace) }
        scheduleRender()
        renderIfNeeded()
        if let next = playback.nextTime {
            schedule(.playback, after: max(0, next - elapsed) / 1000)
        }
    }

    private func scheduleRender() {
        needsRender = true
    }

    /// Renders now unless the compositor has not shown the previous frame yet; then the frame
    /// callback brings us back. This is foot's pacing: lowest latency, never ahead of the display.
    private func renderIfNeeded() {
        guard let window, let canvasBuffers, window.isConfigured else { return }
        uiWindow.advanceAnimations()
        if uiWindow.hasRunningAnimations {
            needsRender = true
            deadlines[.animationWatchdog] = nil
            schedule(.animationWatchdog, after: 0.5)
        }
        guard needsRender, !window.isFrameCallbackPending else { return }
        let scale = window.bufferScale
        let next: (shm: ShmBuffer, pixels: PixelBuffer)?
        do {
            // The window's size is already limited to what a buffer can be at this scale.
            next = try canvasBuffers.next(width: scale.bufferLength(window.width),
                                          height: scale.bufferLength(window.height))
        } catch {
            printError(error.description)
            loop.stop(status: 1)
            return
        }
        // Every buffer held by the compositor: a release will come with the next frame callback.
        guard let (buffer, pixels) = next else { return }
        // The display is ready for a frame and we have a buffer: now the held moves go out, all
        // their samples coalesced, predicted as far ahead as input currently takes to show.
        input.predictionInterval = timing.inputToDisplay ?? input.predictionInterval
        recorder?.displayFrame(predictionInterval: input.predictionInterval)
        if input.hasHeldMoves {
            input.deliverHeldMoves()
            uiWindow.advanceAnimations()
        }
        if hudNeedsRefresh {
            hudNeedsRefresh = false
            inspector.versions = orderedSeats.first?.versions ?? []
            hud.refresh()
            if inspector.hasRecentActivity, let last = inspector.lastEventTime {
                // Rates fall to zero a second after the last event: draw that once, then idle.
                deadlines[.hudRefresh] = nil
                schedule(.hudRefresh, after: last + InputInspector.window + 0.05 - MonotonicClock.now())
            }
        }
        // The frame first: it is a synchronised subsurface, shown with the canvas's commit.
        let frameCommitted: Bool
        do {
            frameCommitted = try clientFrame?.render(scale: scale) ?? false
        } catch {
            printError(error.description)
            loop.stop(status: 1)
            return
        }
        let damage = renderer.render(uiWindow, into: pixels, scale: scale.factor, bufferAge: buffer.age)
        needsRender = uiWindow.hasRunningAnimations
        guard !damage.isEmpty else {
            if frameCommitted { window.commitSubsurfaceState() }
            return
        }
        window.present(buffer.wlBuffer, damage: damage.rects.map { ($0.x, $0.y, $0.width, $0.height) })
        canvasBuffers.didCommit(buffer)
        // A commit changes the HUD's rates but does not ask for a redraw itself: that would
        // commit forever.
        inspector.noteCommit(latency: timing.committed(at: MonotonicClock.now()), notify: false)
        lastPresented = pixels
    }

    // MARK: SeatInputSink

    func seat(_ seat: SeatID, touch: RawTouchInput) {
        timing.inputArrived(at: MonotonicClock.now())
        recorder?.touch(touch, seat: seat)
        inspector.noteInputEvent(isFrame: touch == .frame)
        observer?.received(touch, seat: seat)
        input.handle(touch, seat: seat)
        if case .down = touch { schedule(.stuckCheck, after: Self.stuckCheckInterval) }
        scheduleRender()
    }

    func seat(_ seat: SeatID, pointer: RawPointerInput) {
        timing.inputArrived(at: MonotonicClock.now())
        recorder?.pointer(pointer, seat: seat)
        inspector.noteInputEvent(isFrame: false)
        input.handle(pointer, seat: seat)
        scheduleRender()
    }

    func seat(_ seat: SeatID, frameTouch: RawTouchInput) {
        clientFrame?.input.handle(frameTouch, seat: seat)
        scheduleRender()
    }

    func seat(_ seat: SeatID, framePointer: RawPointerInput) {
        clientFrame?.input.handle(framePointer, seat: seat)
        scheduleRender()
    }

    func seat(_ seat: SeatID, droppedForeign device: String, event: String, id: Int32?, time: UInt32?) {
        input.foreignSurfaceEvent(seat: seat, device: device, event: event, id: id, time: time)
    }

    var wantsWireEvents: Bool { options.log == .raw }

    func seat(_ seat: SeatID, wire: WireEvent) {
        let name = seats[seat.raw]?.name ?? ""
        StandardOutput.writeLine(RawLog.line(for: wire, seatName: name, arrival: (MonotonicClock.now() - startTime) * 1000))
    }

    func seat(_ seat: SeatID, key: KeyPress) {
        switch key.keysym {
        case 0xff1b, 0x71, 0x51:  // Escape, q, Q
            quit()
        case 0x63, 0x43:  // c, C
            perform(.clear)
        case 0x73, 0x53:  // s, S
            saveNumbered()
        case 0x75, 0x55:  // u, U
            perform(.undo)
        case 0x7a where key.control, 0x5a where key.control:  // Ctrl+Z
            perform(.undo)
        case 0x64, 0x44:  // d, D
            (rootView as? DebugOverlayToggling)?.toggleDebugOverlay()
            scheduleRender()
        case 0x68, 0x48:  // h, H
            setHUDVisible(!isHUDShown)
        case 0xffc8:  // F11
            window?.toggleFullscreen()
        case 0x31...0x36:  // 1–6: the scenes in the order the help lists them
            perform(.scene(Scene.keyOrder[Int(key.keysym - 0x31)]))
        default:
            break
        }
    }

    private var isHUDShown: Bool { hud.superview != nil }

    /// Redraws the HUD now, for changes that come with time rather than input.
    private func refreshHUDNow() {
        guard isHUDShown else { return }
        hudNeedsRefresh = true
        scheduleRender()
        renderIfNeeded()
    }

    /// Seats in the order they were announced.
    private var orderedSeats: [SeatInput] { seats.values.sorted { $0.id.raw < $1.id.raw } }

    /// Shows or hides the inspector HUD above whatever scene is showing.
    private func setHUDVisible(_ visible: Bool) {
        if visible, !isHUDShown {
            uiWindow.addSubview(hud)
            hudNeedsRefresh = true
        } else if !visible, isHUDShown {
            hud.removeFromSuperview()
        }
        scheduleRender()
    }

    // MARK: Moving the window

    /// Lets a scene with a drag handle move the window.
    private func connectWindowMoving() {
        (rootView as? WindowMoving)?.onBeginWindowMove = { [unowned self] touch in beginWindowMove(for: touch) }
    }

    /// Turns a scene's "move the window with this touch" into `xdg_toplevel.move`, quoting the
    /// serial of the event that pressed: the touch's `down`, or the pointer's button press. One
    /// line on stderr says what was asked (or why nothing could be).
    private func beginWindowMove(for touch: Touch) {
        guard let window, let (seat, serial) = pressSerial(for: touch, purpose: "window move") else { return }
        window.beginMove(seat: seat.seat, serial: serial)
        printError("window move requested for touch \(touch.number) (\(touch.type.name) id \(touch.identifier), serial \(serial))")
    }

    /// The seat and serial of the press behind `touch` (a finger's down, or the mouse button's
    /// press), which a move or resize must quote; nil, with a line saying why, when there is none.
    private func pressSerial(for touch: Touch, purpose: String) -> (SeatInput, UInt32)? {
        guard let seat = seats[touch.seat.raw] else {
            printError("\(purpose) for touch \(touch.number): its seat is gone")
            return nil
        }
        let serial = touch.type == .direct ? seat.downSerial(forTouch: touch.identifier) : seat.lastButtonPressSerial
        guard let serial else {
            printError("\(purpose) for touch \(touch.number): no serial for its press")
            return nil
        }
        return (seat, serial)
    }

    /// What a key asks that changes the drawing; recorded, so a replay shows it too.
    private func perform(_ command: RecordedCommand) {
        switch command {
        case .clear:
            (rootView as? Clearable)?.clear()
        case .undo:
            (rootView as? Undoable)?.undo()
        case let .scene(newScene):
            guard newScene != scene else { return }
            switchScene(to: newScene)
        }
        recorder?.command(command)
        scheduleRender()
    }

    /// A new scene starts clean: touches in flight are cancelled first, so the old scene's views
    /// see every touch they began end.
    private func switchScene(to newScene: Scene) {
        input.cancelAllTouches()
        scene = newScene
        rootView.removeFromSuperview()
        rootView = Scene.makeRootView(for: newScene, frame: uiWindow.bounds, singleTouch: options.singleTouch)
        uiWindow.insertSubview(rootView, at: 0)  // under the HUD
        connectWindowMoving()
        if newScene == .inspect { setHUDVisible(true) }
        window?.setTitle(title(for: newScene))
        clientFrame?.view.title = title(for: newScene)
        scheduleRender()
    }

    func seatNamed(_ seat: SeatID, name: String) {
        recorder?.seatName(name, for: seat)
        input.setSeatName(name, for: seat)
    }

    func seatLostTouch(_ seat: SeatID) {
        recorder?.touchCapabilityLost(seat: seat)
        input.touchCapabilityLost(seat: seat)
        clientFrame?.input.touchCapabilityLost(seat: seat)
        scheduleRender()
    }

    func seatLostPointer(_ seat: SeatID) {
        recorder?.pointerCapabilityLost(seat: seat)
        input.pointerCapabilityLost(seat: seat)
        clientFrame?.input.pointerCapabilityLost(seat: seat)
        scheduleRender()
    }
}
