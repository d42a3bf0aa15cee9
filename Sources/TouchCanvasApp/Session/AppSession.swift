import Rendering
import TouchKit

/// The whole app with no display attached: the window and its scene, the overlays, the input
/// machine, the scene commands and the display-frame step.
///
/// Every caller that draws the app's window goes through one of these: the app's Wayland shell,
/// `touchcanvas replay`, the tests' harness and the benchmarks. What differs between them is
/// only where input comes from and where the pixels go, so a replay draws what the live app
/// drew, frame for frame.
///
/// ```swift
/// let session = AppSession(.init(scene: .spots, width: 800, height: 600))
/// session.handle(.down(id: 0, time: 10, location: Point(x: 100, y: 100)), seat: SeatID(1))
/// session.handle(.frame, seat: SeatID(1))
/// let pixels = try PixelBuffer(width: 800, height: 600, format: .xrgb8888)
/// let damage = session.displayFrame(into: pixels, scale: 1, bufferAge: 0)
/// ```
@MainActor
public final class AppSession {
    public struct Configuration {
        public var scene: Scene
        /// The window's logical size until the first ``configure(width:height:scale:)``.
        public var width: Double
        public var height: Double
        /// `--single-touch`: the scene's drawing view takes only the first finger.
        public var singleTouch: Bool
        /// The live app's overlays: the HUD comes up in the inspect scene and the hover ring
        /// follows the pointer. A replay leaves both out, as the app's saved picture does.
        public var showsOverlays: Bool
        /// The clock of the window's animations and of the inspector's rates; a replay passes
        /// the recording's, tests a manual one.
        public var clock: () -> Double

        public init(scene: Scene = .canvas, width: Double, height: Double, singleTouch: Bool = false,
                    showsOverlays: Bool = true, clock: @escaping () -> Double = MonotonicClock.now) {
            self.scene = scene
            self.width = width
            self.height = height
            self.singleTouch = singleTouch
            self.showsOverlays = showsOverlays
            self.clock = clock
        }
    }

    public let configuration: Configuration
    public let window: Window
    public private(set) var rootView: View
    public private(set) var scene: Scene
    /// Turns raw input into deliveries; moves are held until the display frame, so a scene sees
    /// at most one `touchesMoved` a frame with every sample as coalesced touches.
    public let input: TouchInputMachine
    /// One ring per seat's hovering pointer, over the scene and under the HUD.
    public let hoverRings: HoverRingView
    public let inspector: InputInspector
    public let hud: InspectorHUDView
    public let renderer = ViewRenderer()
    /// How much of a long paint (a rebuild after a size or scale change) one frame may do; each
    /// scene gets it. Unlimited unless the shell says otherwise: a replay draws whole frames.
    public var paintBudget = InkPaintBudget.unlimited {
        didSet { (rootView as? ProgressivePainting)?.paintBudget = paintBudget }
    }
    /// Fingers near a pen draw nothing (`p` toggles it); shared by every scene.
    public let palmRejection = PalmRejection()
    /// The integer scale the window is drawn at, as a recording notes it.
    public private(set) var scale = 1
    /// The last frame that changed anything: what the display shows now, and what a save writes.
    public private(set) var lastFrame: (pixels: PixelBuffer, scale: Double)?

    /// Hears every input, command and frame, in order: `--record`.
    public var recorder: AppSessionRecorder?
    /// Watches input beside the views: the guided `check`.
    public var observer: InputObserver?
    /// Each delivery, for one listener that owns the session (a test, the replayer). Parts of
    /// an app that listen side by side use ``addDeliveryObserver(_:)``.
    public var onDeliver: ((TouchEvent) -> Void)?
    /// Everyone else who hears each delivery, in the order they asked (`--log phases`, the
    /// pacer's list of touches a commit carries).
    var deliveryObservers: [(TouchEvent) -> Void] = []
    /// Everyone who hears what the compositor said of each commit (`--log present`).
    var presentationObservers: [(PresentationReport) -> Void] = []
    /// The guided check while it runs: it reads commits and presentations too.
    weak var runningCheck: (any GuidedCheck)?
    /// A pen hovers at a location (nil: it touched down or left), `distance` 0…1 when known,
    /// at the time of the pen's last frame in seconds (`--log phases`).
    public var onPencilHover: ((TabletToolID, SeatID, Point?, Double?, Double) -> Void)?
    /// The compositor's time of the last pen frame, in seconds (its 32-bit milliseconds).
    public internal(set) var lastPenFrameTime = 0.0
    /// Each protocol anomaly (`--log phases`, `--log raw`).
    public var onAnomaly: ((TouchAnomaly) -> Void)?
    /// Each gesture recognizer's state change, failures included (`--log gestures`).
    public var onGestureStateChange: ((GestureRecognizer, GestureRecognizer.State) -> Void)?
    /// Something changed that the next display frame should draw.
    public var onNeedsDisplay: (() -> Void)?
    /// The scene changed: the shell retitles the window.
    public var onSceneChange: ((Scene) -> Void)?
    /// A scene's drag handle grabbed `touch`: the shell starts an interactive move.
    public var onBeginWindowMove: ((Touch) -> Void)?
    /// The HUD's rates fall to zero this many seconds from now: draw once more then.
    public var onHUDRefreshDue: ((Double) -> Void)?
    /// The coverage grid (`g`), while it is on.
    public private(set) var coverage: CoverageOverlayView?
    /// A contact ended while the coverage grid is on: the shell logs the share covered.
    public var onCoverageChanged: ((CoverageGrid) -> Void)?
    /// The targets scene finished its course: the shell prints and logs what it measured.
    public var onTargetsFinished: ((TargetsResults) -> Void)?
    /// The protocol versions the HUD lists, read when it redraws.
    public var protocolVersions: () -> [(interface: String, version: UInt32)] = { [] }

    private var hudNeedsRefresh = false

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        let frame = Rect(x: 0, y: 0, width: configuration.width, height: configuration.height)
        window = Window(frame: frame, clock: configuration.clock)
        window.backgroundColor = .white
        scene = configuration.scene
        rootView = Scene.makeRootView(for: scene, frame: frame, singleTouch: configuration.singleTouch)
        window.addSubview(rootView)
        hoverRings = HoverRingView(frame: frame)
        window.addSubview(hoverRings)
        inspector = InputInspector(clock: configuration.clock)
        hud = InspectorHUDView(inspector: inspector)
        input = TouchInputMachine(window: window)
        input.holdsMovesUntilDisplayFrame = true
        palmRejection.penInRange = { [unowned input] in input.isAnyTabletToolInRange }
        input.onDeliver = { [unowned self] event in
            onDeliver?(event)
            for observer in deliveryObservers { observer(event) }
            if let coverage, coverage.deliver(event) {
                inspector.coverageLine = "coverage: " + coverage.shortSummary
                onCoverageChanged?(coverage.grid)
            }
            inspector.noteDelivery(event)
            observer?.delivered(event)
        }
        // One hook on the window, two listeners: the shell's `--log gestures` and the HUD.
        window.onGestureStateChange = { [unowned self] recognizer, state in
            onGestureStateChange?(recognizer, state)
            inspector.noteGestureState(recognizer, state)
        }
        input.onAnomaly = { [unowned self] anomaly in
            onAnomaly?(anomaly)
            inspector.noteAnomaly(anomaly)
            observer?.anomaly(anomaly)
        }
        if configuration.showsOverlays {
            input.onPointerHover = { [unowned self] seat, location in
                hoverRings.setHover(location, seat: seat)
                setNeedsDisplay()
            }
            inspector.onChange = { [unowned self] in
                guard isHUDShown else { return }
                hudNeedsRefresh = true
                setNeedsDisplay()
            }
            if scene == .inspect { setHUDVisible(true) }
        }
        input.onPencilHover = { [unowned self] tool, seat, location, distance in
            inspector.notePencilHover(tool, seat: seat, location: location, distance: distance)
            onPencilHover?(tool, seat, location, distance, lastPenFrameTime)
            guard configuration.showsOverlays else { return }
            hoverRings.setPenHover(location, distance: distance, tool: tool, seat: seat)
            setNeedsDisplay()
        }
        connectScene()
    }

    func setNeedsDisplay() { onNeedsDisplay?() }

    /// Ends the session, after its last frame and save: touches still in flight are cancelled,
    /// as a scene switch cancels them, so every view sees each touch it began end and lets go of
    /// it. A touch keeps its view (as a UITouch does) and a drawing view keeps its touches in
    /// flight, so without this a finger still down when the app quits keeps its view, strokes
    /// and ink layers alive in a cycle after the session is gone (LeakSanitizer's report at
    /// exit under `make sanitize`). Nothing is logged, recorded or observed: quitting is not
    /// input, and the log and recording end with what the compositor sent.
    public func end() {
        onDeliver = nil
        deliveryObservers.removeAll()
        presentationObservers.removeAll()
        onAnomaly = nil
        onPencilHover = nil
        observer = nil
        recorder = nil
        input.cancelAllTouches()
    }

    // MARK: The window

    /// The compositor's size and integer scale for the window.
    public func configure(width: Int, height: Int, scale: Int) {
        let frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        if window.frame != frame {
            window.frame = frame
            rootView.frame = frame
            hoverRings.frame = frame
            coverage?.frame = frame
            recorder?.configure(width: width, height: height)
        }
        if scale != self.scale {
            self.scale = scale
            recorder?.scale(scale)
        }
        window.setNeedsDisplay()
        setNeedsDisplay()
    }

    /// Starts `--record`: the recorder's header already holds the window as it is, at `scale`.
    public func startRecording(into recorder: AppSessionRecorder, scale: Int) {
        self.scale = scale
        self.recorder = recorder
    }

    // MARK: Commands

    /// What a key (or a recording's command line) asks of the scene; recorded.
    public func perform(_ command: SceneCommand) {
        switch command {
        case .clear:
            (rootView as? Clearable)?.clear()
        case .undo:
            (rootView as? Undoable)?.undo()
        case let .scene(newScene):
            guard newScene != scene else { return }
            switchScene(to: newScene)
        case let .palmRejection(on):
            palmRejection.isEnabled = on
        case let .flashArea(area):
            (rootView as? LatencyView)?.flashArea = area
        }
        recorder?.command(command)
        setNeedsDisplay()
    }

    /// A new scene starts clean: touches in flight are cancelled first, so the old scene's views
    /// see every touch they began end.
    private func switchScene(to newScene: Scene) {
        input.cancelAllTouches()
        setCoverageGrid(false)  // each scene starts without it
        scene = newScene
        rootView.removeFromSuperview()
        rootView = Scene.makeRootView(for: newScene, frame: window.bounds, singleTouch: configuration.singleTouch)
        window.insertSubview(rootView, at: 0)  // under the overlays
        connectScene()
        if newScene == .inspect, configuration.showsOverlays { setHUDVisible(true) }
        onSceneChange?(newScene)
    }

    /// What the session gives each new scene: window moves, palm rejection.
    private func connectScene() {
        (rootView as? WindowMoving)?.onBeginWindowMove = { [unowned self] touch in onBeginWindowMove?(touch) }
        (rootView as? PalmRejecting)?.palmRejection = palmRejection
        (rootView as? ProgressivePainting)?.paintBudget = paintBudget
        (rootView as? TargetsView)?.onFinished = { [unowned self] results in onTargetsFinished?(results) }
        (rootView as? TargetsView)?.matrixCaveat = { [unowned self] in targetsMatrixCaveat() }
        (rootView as? PhysicalSizeReading)?.millimetresPerPoint = { [unowned self] in inspector.millimetresPerPoint }
        (rootView as? ContactFiguresShowing)?.contactFigures = { [unowned self] number in inspector.contacts.figures[number] }
        (rootView as? TouchToGlassShowing)?.touchToGlassMedian = { [unowned self] in inspector.glassLatency?.median }
    }

    /// `f` in the latency scene: the flash moves between the whole window and the corner patch
    /// (recorded, so a replay flashes where the run did); nil in other scenes.
    @discardableResult
    public func toggleFlashArea() -> LatencyFlashArea? {
        guard let latency = rootView as? LatencyView else { return nil }
        perform(.flashArea(latency.flashArea == .window ? .corner : .window))
        return latency.flashArea
    }

    /// `g`: the coverage grid on or off, in the scenes made for sweeping a screen (spots and
    /// targets); nil elsewhere, where it would hide the ink. A grid turned on starts empty.
    @discardableResult
    public func toggleCoverageGrid() -> Bool? {
        guard scene == .spots || scene == .targets else { return nil }
        setCoverageGrid(coverage == nil)
        return coverage != nil
    }

    private func setCoverageGrid(_ on: Bool) {
        if on, coverage == nil {
            let overlay = CoverageOverlayView(frame: window.bounds)
            window.insertSubview(overlay, at: 1)  // over the scene, under the HUD and hover rings
            coverage = overlay
            inspector.coverageLine = "coverage: " + overlay.shortSummary
        } else if !on, let overlay = coverage {
            overlay.removeFromSuperview()
            coverage = nil
            inspector.coverageLine = nil
        }
        refreshHUD()
        setNeedsDisplay()
    }

    /// `d`: the scene's debug overlay, where it has one.
    public func toggleDebugOverlay() {
        (rootView as? DebugOverlayToggling)?.toggleDebugOverlay()
        setNeedsDisplay()
    }

    // MARK: The HUD

    public var isHUDShown: Bool { hud.superview != nil }

    /// Shows or hides the inspector HUD above whatever scene is showing.
    public func setHUDVisible(_ visible: Bool) {
        if visible, !isHUDShown {
            window.addSubview(hud)
            hudNeedsRefresh = true
        } else if !visible, isHUDShown {
            hud.removeFromSuperview()
        }
        setNeedsDisplay()
    }

    /// The outputs the window is on now, the one it entered first first, and how many panel
    /// pixels one logical pixel covers there: the shell says so whenever either changes, and the
    /// HUD names them and gives its figures in millimetres where the first has a size.
    public func setOutputs(_ outputs: [OutputDescription], pixelsPerPoint: Double) {
        guard outputs != inspector.outputs || pixelsPerPoint != inspector.pixelsPerPoint else { return }
        inspector.outputs = outputs
        inspector.pixelsPerPoint = pixelsPerPoint
        refreshHUD()
    }

    /// Why a targets course's libinput matrix may not apply as printed, nil when the window
    /// fills one known, upright output. The matrix acts on the touchscreen's whole range, mapped
    /// to its output: the targets must span that output for the fit to be the device's, and on
    /// a turned output some compositors turn touches themselves after libinput's matrix and
    /// some leave the turn to the matrix, which the fit cannot tell.
    func targetsMatrixCaveat() -> String? {
        let outputs = inspector.outputs
        guard let output = outputs.first else { return "which output the window is on is not known (a replay knows none)" }
        let hint = "run touchcanvas --scene targets --fullscreen --output \(output.name ?? "NAME")"
        guard outputs.count == 1 else { return "the window is on \(outputs.count) outputs; \(hint)" }
        if let mode = output.mode, inspector.pixelsPerPoint > 0 {
            let turned = output.transform.swapsAxes ? (mode.height, mode.width) : (mode.width, mode.height)
            let logical = (Double(turned.0) / inspector.pixelsPerPoint, Double(turned.1) / inspector.pixelsPerPoint)
            let size = window.bounds.size
            if abs(size.width - logical.0) > 2 || abs(size.height - logical.1) > 2 {
                return String(format: "the scene is %.0f×%.0f, not the whole of %@ (%.0f×%.0f); %@", size.width, size.height,
                              output.label, logical.0, logical.1, hint)
            }
        }
        if output.transform != .normal {
            return "\(output.label) is turned (\(output.transform.name)), and compositors differ in whether libinput's matrix acts before or after the turn: measure again with the rule in place"
        }
        return nil
    }

    /// Millimetres per logical pixel (x, y) on the window's first output, nil where unknown.
    public var millimetresPerPoint: (x: Double, y: Double)? { inspector.millimetresPerPoint }

    /// Redraws the HUD with the next frame, for changes that come with time rather than input.
    public func refreshHUD() {
        guard isHUDShown else { return }
        hudNeedsRefresh = true
        setNeedsDisplay()
    }

    /// Runs the guided check: the HUD shows its prompt; `onChange` hears each step.
    public func beginCheck<Check: GuidedCheck>(_ check: Check, onChange: @escaping (Check) -> Void) {
        observer = check
        runningCheck = check
        setHUDVisible(true)
        hud.prompt = check.prompt
        check.onChange = { [unowned self, unowned check] in
            hud.prompt = check.prompt
            setNeedsDisplay()
            onChange(check)
        }
    }

    private func refreshHUDIfNeeded() {
        guard hudNeedsRefresh else { return }
        hudNeedsRefresh = false
        inspector.versions = protocolVersions()
        hud.refresh()
        if inspector.hasRecentActivity, let last = inspector.lastEventTime {
            // Rates fall to zero a second after the last event: draw that once, then idle.
            onHUDRefreshDue?(last + InputInspector.window + 0.05 - configuration.clock())
        }
    }

    // MARK: The display frame

    /// Advances animations; true while any still runs, so frames must keep coming.
    @discardableResult
    public func advanceAnimations() -> Bool {
        window.advanceAnimations()
        return window.hasRunningAnimations
    }

    /// One display frame, in the one order every caller shares: animations advance, the held
    /// moves go out with their coalesced samples (predicted `predictionInterval` seconds ahead
    /// when given), animations advance again for what the moves started, the HUD catches up,
    /// and the window is drawn into `pixels`, whose content is `bufferAge` frames old (0: new).
    ///
    /// Returns the damage in buffer pixels; empty when nothing changed, and then the display
    /// should be left as it is.
    public func displayFrame(into pixels: PixelBuffer, scale: Double, bufferAge: Int,
                             predictionInterval: Double? = nil) -> DamageRegion {
        advanceFrame(predictionInterval: predictionInterval)
        let damage = renderer.render(window, into: pixels, scale: scale, bufferAge: bufferAge)
        if !damage.isEmpty { lastFrame = (pixels, scale) }
        return damage
    }

    /// A display frame's steps short of drawing: animations, the held moves, the HUD. What a
    /// report of a recording needs (``displayFrame(into:scale:bufferAge:predictionInterval:)``
    /// runs it, then draws).
    public func advanceFrame(predictionInterval: Double? = nil) {
        window.advanceAnimations()
        if let predictionInterval { input.predictionInterval = predictionInterval }
        recorder?.displayFrame(predictionInterval: input.predictionInterval)
        if input.hasHeldMoves {
            input.deliverHeldMoves()
            window.advanceAnimations()
        }
        (rootView as? FrameFollowing)?.displayFrameWillDraw()
        refreshHUDIfNeeded()
    }

    /// The picture a save writes: the last frame, less the hover ring, which marks the pointer
    /// rather than the drawing (as the cursor is left out too); nil before anything was drawn.
    public func picture() throws(SessionError) -> PixelBuffer? {
        guard let (shown, scale) = lastFrame else { return nil }
        // A paint still under way is finished for the picture: a save shows the whole drawing.
        guard hoverRings.isShowingRings || needsAnotherFrame else { return shown }
        let pixels: PixelBuffer
        do {
            pixels = try PixelBuffer(width: shown.width, height: shown.height, format: shown.format)
        } catch {
            throw SessionError("\(error)")
        }
        if let error = withUnlimitedPaint({ renderer.snapshot(window, into: pixels, scale: scale, excluding: [hoverRings]) }) {
            throw SessionError("drawing the picture failed: \(error)")
        }
        return pixels
    }
}

/// A session operation that failed, in words for one stderr line.
public struct SessionError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
