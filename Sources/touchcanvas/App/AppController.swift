import ArgumentParser
import Glibc
import Recording
import TouchCanvasApp
import TouchKit
import Wayland

/// The composition root: connects to the compositor, makes the parts and wires them together.
/// Each part has one job and a file of its own: ``Globals``, ``SeatsAndOutputs``,
/// ``WindowDecorations``, ``FramePacer``, ``Deadlines``, ``SessionRecording`` and
/// ``SessionPlayback``, ``KeyBindings``; the app itself, with no Wayland in it, is the
/// ``AppSession``. Seat events come in through ``SeatInputSink`` (AppController+Input).
@MainActor
final class AppController {
    let options: AppOptions
    private let link: CompositorLink
    var connection: Connection { link.connection }
    var loop: EventLoop { link.loop }
    var registry: GlobalRegistry { link.registry }
    let session: AppSession
    let deadlines: Deadlines
    private(set) var seats: SeatsAndOutputs?
    private(set) var window: WaylandWindow?
    private(set) var decorations: WindowDecorations?
    private(set) var pacer: FramePacer?
    private var recording: SessionRecording?
    private(set) var playback: SessionPlayback?
    /// The line saying figures stay in pixels (an output of unknown size) is said once a run.
    var saidPixelsOnly = false
    var check: (any GuidedCheck)?
    /// What the check found, once it finished (`report --check` folds it in).
    var checkResult: CheckSuiteResult?
    /// Prints the check's report and ends the app; set when the check starts.
    var reportCheck: (() -> Void)?
    /// When the app connected: the raw log's arrival times count from here.
    let startTime: Double

    /// Connects and binds everything the app needs, or throws one readable reason.
    init(options: AppOptions) throws(AppError) {
        self.options = options
        link = try CompositorLink(answerTimeout: options.connectTimeout)
        startTime = MonotonicClock.now()
        session = AppSession(.init(scene: options.scene, width: Double(options.size.width),
                                      height: Double(options.size.height), singleTouch: options.singleTouch))
        deadlines = Deadlines(loop: link.loop)
        connectSession()
        session.input.stuckTouchThreshold = options.stuckAfter
        let seats = SeatsAndOutputs(registry: registry, sink: self,
                                    tapLimits: (session.input.tapCountInterval, session.input.tapCountDistance))
        self.seats = seats
        // Before the first roundtrip: the first configure, which starts the playback, may come in it.
        playback = options.play.map { SessionPlayback(recording: $0, session: session) }
        try roundtrip("registry round trip")
        let globals = try Globals(registry: registry)
        var fullscreenOutput: WlOutput?
        if let wanted = options.output {
            try roundtrip("round trip for the outputs' names")  // the outputs, bound in the first, describe themselves
            fullscreenOutput = try Self.output(named: wanted, among: seats.outputDescriptions)
        }
        try makeWindow(globals: globals, seats: seats, fullscreenOutput: fullscreenOutput)
        try roundtrip("round trip after the window was made")  // seat names, output scales and capabilities before the first frame
        if let path = options.record {
            let known = seats.ordered.map { RecordedSeat(id: $0.id, name: $0.name) }
            recording = try SessionRecording(path: path, session: session, scale: Int(window?.scale ?? 1), seats: known)
        }
        if let timeout = options.checkTimeout { startCheck(timeout: timeout) }
    }

    private func roundtrip(_ step: String) throws(AppError) { try link.roundtrip(step) }

    /// The output `--output` names, or an error (status 64) that lists those there are.
    static func output(named wanted: String, among outputs: [(output: WlOutput, description: OutputDescription)]) throws(AppError) -> WlOutput {
        let descriptions = outputs.map(\.description)
        if let match = descriptions.named(wanted), let index = descriptions.firstIndex(of: match) {
            return outputs[index].output
        }
        let matching = descriptions.filter { $0.isNamed(wanted) }.count
        let why = matching > 1 ? "\(matching) outputs match \"\(wanted)\"; name one by its name" : "no output is named \"\(wanted)\""
        let list = descriptions.isEmpty ? "the compositor announced none" : "the outputs are:\n" + descriptions.map { "  " + $0.summary }.joined(separator: "\n")
        throw AppError("--output: \(why); \(list)", status: 64)
    }

    private func makeWindow(globals: Globals, seats: SeatsAndOutputs, fullscreenOutput: WlOutput?) throws(AppError) {
        let choice = WindowDecorations.chooseShell(for: options.decorations, globals: globals, registry: registry,
                                                   connection: connection) { [unowned self] message in
            printError(message)
            loop.stop(status: 1)
        }
        guard let window = WaylandWindow(
            compositor: globals.compositor, shell: choice.shell, title: title(for: options.scene), appID: "touchcanvas",
            size: options.size, fullscreen: options.fullscreen, fullscreenOutput: fullscreenOutput,
            outputScale: { [unowned seats] in seats.scale(of: $0) },
            viewporter: globals.viewporter, fractionalScaleManager: globals.fractionalScaleManager,
            fifoManager: globals.fifoManager)
        else { throw AppError("the compositor refused to create a window") }
        let decorations = WindowDecorations(choice: choice, window: window, globals: globals)
        let pacer = makePacer(window: window, globals: globals)
        self.window = window
        self.decorations = decorations
        self.pacer = pacer
        decorations.tapLimits = (session.input.tapCountInterval, session.input.tapCountDistance)
        decorations.pressSerial = { [unowned seats] touch, purpose in seats.pressSerial(for: touch, purpose: purpose) }
        decorations.onClose = { [unowned self] in loop.stop(status: 0) }
        decorations.onNeedsRender = { [unowned pacer] in
            pacer.setNeedsRender()
            pacer.renderIfNeeded()
        }
        decorations.onChromeRemoved = { [unowned seats] in seats.forgetFrameCursors() }
        decorations.start(title: title(for: options.scene))
        pacer.chrome = { [unowned decorations] in decorations.chrome }
        pacer.onAnimationsRunning = { [unowned self] in deadlines.reschedule(.animationWatchdog, after: Deadlines.animationWatchdog) }
        pacer.onFailure = { [unowned self] reason in
            printError(reason)
            loop.stop(status: 1)
        }
        connectWindowLimits(window: window, seats: seats)
        window.onConfigure = { [unowned self] in windowConfigured() }
        window.onOutputsEntered = { [unowned self] in tellSessionTheOutputs() }
        window.onClose = { [unowned self] in loop.stop(status: 0) }
        seats.onSeatRemoved = { [unowned self] seat in
            session.seatRemoved(seat)
            decorations.chrome?.input.seatRemoved(seat)
            pacer.setNeedsRender()
        }
        seats.attach(window: window, decorations: decorations,
                     cursor: PointerCursor(compositor: globals.compositor, shm: globals.shm),
                     tabletManager: globals.tabletManager,
                     managers: InputManagers(timestamps: globals.inputTimestamps, pointerGestures: globals.pointerGestures))
    }

    private func title(for scene: Scene) -> String { "TouchCanvas — \(scene.rawValue)" }

    /// What the session asks of the shell: logs, redraws, the title, window moves.
    private func connectSession() {
        let logsPhases = options.log.contains(.phases), logsAnomalies = options.log.contains(.phases) || options.log.contains(.raw)
        if logsPhases {
            let summaries = ContactSummaryLog { [unowned self] in session.millimetresPerPoint }
            session.addDeliveryObserver { PhaseLog.emit($0); summaries.deliver($0) }
            session.onPencilHover = { [unowned self] tool, seat, location, distance, time in
                let name = seats?.seats[seat.raw]?.name ?? ""
                StandardOutput.writeLine(PhaseLog.line(forPencilHover: tool, seatName: name, location: location,
                                                       distance: distance, time: time))
            }
        }
        if logsAnomalies { session.onAnomaly = { StandardOutput.writeLine(AnomalyLog.line(for: $0)) } }
        session.onTargetsFinished = { TargetsLog.report($0, json: logsPhases) }
        if logsPhases { session.onCoverageChanged = { StandardOutput.writeLine(TargetsLog.line(for: $0)) } }
        session.onNeedsDisplay = { [unowned self] in pacer?.setNeedsRender() }
        session.onSceneChange = { [unowned self] scene in decorations?.setTitle(title(for: scene)) }
        session.onHUDRefreshDue = { [unowned self] seconds in deadlines.reschedule(.hudRefresh, after: seconds) }
        session.protocolVersions = { [unowned self] in seats?.ordered.first?.versions ?? [] }
        session.onBeginWindowMove = { [unowned self] touch in beginWindowMove(for: touch) }
        deadlines.onDue = { [unowned self] kind in deadlineCame(kind) }
        connectGestures()
    }

    /// Turns a scene's "move the window with this touch" into `xdg_toplevel.move`, quoting the
    /// serial of the event that pressed. One line on stderr says what was asked (or why not).
    private func beginWindowMove(for touch: Touch) {
        guard let window, let (seat, serial) = seats?.pressSerial(for: touch, purpose: "window move") else { return }
        window.beginMove(seat: seat.seat, serial: serial)
        printError("window move requested for touch \(touch.number) (\(touch.type.name) id \(touch.identifier), serial \(serial))")
    }

    private func windowConfigured() {
        guard let window else { return }
        session.configure(width: window.width, height: window.height, scale: Int(window.scale))
        tellSessionTheOutputs()  // a new fractional scale changes the millimetres per pixel
        decorations?.update()
        if let playback, playback.startIfNeeded() { deadlines.schedule(.playback, after: 0) }
    }

    private func deadlineCame(_ kind: Deadlines.Kind) {
        switch kind {
        case .flushInput:
            // The frame's touches too: a tap on a close button ends with Mutter's frameless up.
            if let frameInput = decorations?.chrome?.input, frameInput.hasPendingInput {
                frameInput.flushPendingInput()
                pacer?.setNeedsRender()
            }
            session.flushPendingInput()
            pacer?.inputFramed()
        case .animationWatchdog:
            session.advanceAnimations()  // drawing resumes when the compositor asks again
            return
        case .frameStall:
            pacer?.renderIfStalled()
            return
        case .gestureTimeout:
            session.advanceGestures()
        case .commitDue:
            break  // the render below commits
        case .checkTimeout:
            checkTimedOut()
            return
        case .playback:
            playDueEvents()
        case .hudRefresh:
            session.refreshHUD()
        case .stuckCheck:
            if session.checkForStuckTouches() { deadlines.schedule(.stuckCheck, after: Deadlines.stuckCheckInterval) }
        }
        pacer?.renderIfNeeded()
        armGestureDeadline()
    }

    private func playDueEvents() {
        guard let playback else { return }
        let (played, next) = playback.playDueEvents()
        if played > 0 { pacer?.inputArrived(whole: true) }
        pacer?.setNeedsRender()  // every tick draws a display frame, as a recording of it shows
        if session.input.hasPendingInput { deadlines.schedule(.flushInput, after: Deadlines.missingFrameGrace) }
        if session.input.activeTouchCount > 0 { deadlines.schedule(.stuckCheck, after: Deadlines.stuckCheckInterval) }
        if let next { deadlines.schedule(.playback, after: next) }
    }

    // MARK: Running

    /// Runs the window for a command: a failure to start is one line on stderr; a status other
    /// than 0 becomes the process's exit status.
    nonisolated static func runUntilExit(_ options: AppOptions) throws {
        let status = runChecking(options).status
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs the window and hands back its status and, for a check, what it found (`report
    /// --check` folds that into the report). A check that cannot start ends with 2, told apart
    /// from one that found a fault.
    nonisolated static func runChecking(_ options: AppOptions) -> (status: Int32, check: CheckSuiteResult?) {
        MainActor.assumeIsolated {
            let app: AppController
            do throws(AppError) {
                app = try AppController(options: options)
            } catch {
                printError(error.description)
                return (options.checkTimeout != nil && error.status == 1 ? 2 : error.status, nil)
            }
            let status: Int32
            do throws(AppError) {
                status = try app.run()
            } catch {
                printError(error.description)
                status = error.status
            }
            // Closed, stopped by a signal or cut off before the check ended: what it has, as a
            // failure (a check that ran, not one that could not run).
            if app.check != nil && app.checkResult == nil { return (app.endUnfinishedCheck(), app.checkResult) }
            return (status, app.checkResult)
        }
    }

    func run() throws(AppError) -> Int32 {
        // A log reader that goes away (`| head`) must not kill the app.
        signal(SIGPIPE, SIG_IGN)
        loop.handleSignals([SIGINT, SIGTERM])
        loop.onSignal = { [unowned self] _ in loop.stop(status: 0) }
        // After the save and the recording's end, however the loop ends.
        defer { session.end() }
        loop.onDrained = { [unowned self] in
            if session.input.hasPendingInput || decorations?.chrome?.input.hasPendingInput == true {
                deadlines.schedule(.flushInput, after: Deadlines.missingFrameGrace)
            }
            pacer?.renderIfNeeded()
            armGestureDeadline()
        }
        let status: Int32
        do {
            status = try loop.run()
        } catch {
            // The connection is gone: the last frame drawn is what can be saved.
            if let path = options.saveOnExit { session.save(to: path) }
            recording?.close()
            throw AppError(error.description)
        }
        if options.saveOnExit != nil { pacer?.renderForSave() }
        let saved = options.saveOnExit.map { session.save(to: $0) } ?? true
        let recorded = recording?.close() ?? true
        return saved && recorded ? status : max(status, 1)
    }
}
