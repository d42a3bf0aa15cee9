import Rendering
import TouchCanvasApp
import TouchCanvasConstants
import Wayland
import WaylandDecor

/// Who gives the window its toplevel role and its frame.
enum WindowShell {
    /// Our own `xdg_toplevel`; with a decoration manager it asks for server-side decorations;
    /// `ownChrome`: the app draws its own frame (``WindowChrome``) round the content.
    case xdg(XdgWmBase, decorationManager: ZxdgDecorationManagerV1?, ownChrome: Bool)
    /// libdecor makes the toplevel and draws a client-side frame around the surface.
    case libdecor(DecorContext)
}

/// The app's toplevel: an `xdg_toplevel` on a `wl_surface` (ours, or libdecor's around it), its
/// configure handshake, its scale and the frame-callback pacing. It knows how to show pixels,
/// not what they are.
@MainActor
final class WaylandWindow {
    let surface: WlSurface
    /// The toplevel as the compositor knows it: ours, or libdecor's frame.
    enum Role {
        case xdg(XdgSurface, XdgToplevel, decoration: ZxdgToplevelDecorationV1?)
        case libdecor(DecorFrame)
    }
    private(set) var role: Role?
    private let defaultSize: (width: Int, height: Int)

    /// The smallest window the scenes are laid out for, in logical pixels (the content: libdecor
    /// adds its frame around it).
    static let minimumSize = (width: 320, height: 240)

    /// Logical size of the content, as the last acked configure said, but never
    /// more than a buffer of `BufferLimits.maximumSide` pixels can show at the current scale with our
    /// frame round it: a huge configure is drawn clipped, never refused (which would end the app).
    var width: Int { min(configuredWidth, contentLimit.width) }
    var height: Int { min(configuredHeight, contentLimit.height) }
    private var configuredWidth: Int
    private var configuredHeight: Int
    private var contentLimit: (width: Int, height: Int) {
        let limit = bufferScale.largestLogicalLength(fitting: BufferLimits.maximumSide)
        guard drawsOwnChrome else { return (limit, limit) }
        let margins = 2 * Int(ChromeLayout.floatingMargin)
        return (limit - margins, limit - margins - Int(ChromeLayout.titleBarHeight))
    }
    /// The last acked configure said fullscreen.
    private(set) var isFullscreen = false
    /// The last configure said maximised (for the frame's maximise button and double tap).
    private(set) var isMaximized = false
    /// The last configure said tiled: the compositor owns the size, so no resize margin.
    private(set) var isTiled = false
    /// The last configure said the window has the focus (xdg-shell only; libdecor draws its own).
    private(set) var isActivated = true
    /// The app draws its own frame: configure sizes include its title bar, and the window
    /// geometry is set round it. Set from the start, or when the compositor answers our
    /// server-side request with client-side (it then applies with the next configure).
    var drawsOwnChrome = false {
        didSet { if drawsOwnChrome != oldValue { setMinimumSize() } }
    }
    /// The title bar height the configure sizes include now: none without our chrome or when
    /// fullscreen (the frame is hidden then).
    var titleBarHeight: Int { drawsOwnChrome && !isFullscreen ? Int(ChromeLayout.titleBarHeight) : 0 }
    /// The window geometry last set (``present(_:damage:)``), to set it only when it changes.
    var windowGeometry: (x: Int32, y: Int32, width: Int32, height: Int32)?
    /// The mode of the last `zxdg_toplevel_decoration_v1.configure`, when there is a decoration object.
    private(set) var decorationMode: ZxdgToplevelDecorationV1.Mode?
    /// libdecor draws the frame: events for surfaces our bindings do not know are its decorations.
    var hasClientSideFrame: Bool {
        if case .libdecor = role { return true }
        return false
    }
    /// Integer buffer scale: the largest scale of the outputs the surface is on.
    private(set) var scale: Int32 = 1
    /// The compositor's preferred scale in 120ths (`wp_fractional_scale_v1`), once it said one.
    private(set) var preferredScale120: Int?
    /// How the next buffer is drawn: at the fractional scale through the viewport when the
    /// compositor gave one, else at the integer output scale.
    var bufferScale: BufferScale {
        if viewport != nil, let preferredScale120 { return .fractional(per120: preferredScale120) }
        return .integer(Int(scale))
    }
    let viewport: WpViewport?
    private let fractionalScale: WpFractionalScaleV1?
    /// The surface's FIFO controls, where the compositor offers `wp_fifo_v1`.
    let fifo: WpFifoV1?
    private(set) var isConfigured = false
    /// A frame callback is outstanding: the compositor has not yet shown the last commit.
    var isFrameCallbackPending: Bool { frameCallback != nil }

    private var pendingSize: (width: Int32, height: Int32) = (0, 0)
    private var pendingStates: Set<XdgToplevel.State> = []
    /// What a configure's size becomes: the floating size to return to when the compositor
    /// says "you choose", its bounds, and the outputs' extent no window needs to exceed.
    var sizing: WindowSizing
    /// The last configure, as sent: applied again when the outputs change.
    private var lastConfigure: (width: Int, height: Int, constrained: Bool, fullscreen: Bool)?
    /// The compositor broke the protocol (a negative size): the app cannot go on.
    var onProtocolError: ((String) -> Void)?
    var frameCallback: WlCallback?
    /// The outputs the surface is on, in the order it entered them.
    private(set) var enteredOutputs: [WlOutput] = []
    private let outputScale: (WlOutput) -> Int32
    /// `--output`: where fullscreen puts the window (nil lets the compositor choose, as it
    /// does once that output is unplugged).
    private(set) var fullscreenOutput: WlOutput?
    /// The surface entered or left an output.
    var onOutputsEntered: (() -> Void)?

    var onConfigure: (() -> Void)?
    var onClose: (() -> Void)?
    /// The compositor is ready for a new frame (the callback fired).
    var onFrameDone: ((UInt32) -> Void)?
    /// The compositor chose a decoration mode (server-side decorations only).
    var onDecorationMode: ((ZxdgToplevelDecorationV1.Mode) -> Void)?

    init?(compositor: WlCompositor, shell: WindowShell, title: String, appID: String,
          size: (width: Int, height: Int), fullscreen: Bool, fullscreenOutput: WlOutput? = nil,
          outputScale: @escaping (WlOutput) -> Int32,
          viewporter: WpViewporter?, fractionalScaleManager: WpFractionalScaleManagerV1?,
          fifoManager: WpFifoManagerV1? = nil) {
        guard let surface = compositor.createSurface() else { return nil }
        self.surface = surface
        fifo = fifoManager?.getFifo(surface: surface)
        // Both or neither: a fractional scale is only usable through a viewport.
        if let viewporter, let fractionalScaleManager {
            viewport = viewporter.getViewport(surface: surface)
            fractionalScale = viewport == nil ? nil : fractionalScaleManager.getFractionalScale(surface: surface)
        } else {
            viewport = nil
            fractionalScale = nil
        }
        self.defaultSize = size
        self.configuredWidth = size.width
        self.configuredHeight = size.height
        self.sizing = WindowSizing(floatingSize: size)
        self.outputScale = outputScale
        self.fullscreenOutput = fullscreenOutput

        surface.onEvent = { [unowned self] event in
            switch event {
            case .enter(let output):
                if let output, !enteredOutputs.contains(where: { $0 === output }) { enteredOutputs.append(output) }
                updateScale()
                onOutputsEntered?()
            case .leave(let output):
                if let output { enteredOutputs.removeAll { $0 === output } }
                updateScale()
                onOutputsEntered?()
            }
        }
        fractionalScale?.onEvent = { [unowned self] event in
            switch event {
            case .preferredScale(let per120):
                // 120ths from 1× to 8×, as output scales (``OutputScale``): beyond is a
                // compositor bug, drawn at the nearest scale that makes sense.
                let clamped = min(max(Int(per120), 120), 960)
                if clamped != Int(per120) {
                    printError("the compositor's preferred fractional scale is \(per120)/120; using \(clamped)/120 (1× to 8×)")
                }
                guard clamped != preferredScale120 else { return }
                preferredScale120 = clamped
                onConfigure?()
            }
        }
        switch shell {
        case .xdg(let wmBase, let decorationManager, let ownChrome):
            drawsOwnChrome = ownChrome
            guard makeXdgToplevel(wmBase: wmBase, decorationManager: decorationManager, title: title,
                                  appID: appID, fullscreen: fullscreen) else { return nil }
            surface.commit()  // the initial commit without a buffer asks for the first configure
        case .libdecor(let context):
            guard let frame = context.decorate(surface) else { return nil }
            role = .libdecor(frame)
            frame.setTitle(title)
            frame.setAppID(appID)
            frame.setMinContentSize(width: Self.minimumSize.width, height: Self.minimumSize.height)
            if fullscreen { frame.setFullscreen(on: fullscreenOutput) }
            frame.onConfigure = { [unowned self] configure in decorConfigured(configure) }
            frame.onClose = { [unowned self] in onClose?() }
            frame.onCommit = { [unowned self] in self.surface.commit() }
            frame.map()  // libdecor's initial commit
        }
    }

    /// Role objects go before what they were made from, as the protocols ask: the decoration
    /// before its toplevel (else `orphaned`), the toplevel before its xdg_surface, and all of
    /// them (libdecor's too) before the wl_surface.
    isolated deinit {
        if case .xdg(let xdgSurface, let toplevel, let decoration) = role {
            decoration?.destroy()
            toplevel.destroy()
            xdgSurface.destroy()
        }
        role = nil
    }

    private func makeXdgToplevel(wmBase: XdgWmBase, decorationManager: ZxdgDecorationManagerV1?, title: String,
                                 appID: String, fullscreen: Bool) -> Bool {
        guard let xdgSurface = wmBase.getXdgSurface(surface: surface),
              let toplevel = xdgSurface.getToplevel() else { return false }
        // Before the initial commit, so the first configure already carries the mode.
        let decoration = decorationManager?.getToplevelDecoration(toplevel: toplevel)
        role = .xdg(xdgSurface, toplevel, decoration: decoration)
        toplevel.setTitle(title: title)
        toplevel.setAppId(appId: appID)
        setMinimumSize()
        if fullscreen { toplevel.setFullscreen(output: fullscreenOutput) }
        decoration?.onEvent = { [unowned self] event in
            switch event {
            case .configure(let mode):
                // Applies with the xdg_surface.configure that follows; nothing of ours changes
                // with it but whether a frame is drawn around the window, which is the compositor's.
                if mode != decorationMode {
                    decorationMode = mode
                    onDecorationMode?(mode)
                }
            }
        }
        decoration?.setMode(mode: .serverSide)

        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, let states):
                guard width >= 0, height >= 0 else {
                    onProtocolError?("the compositor sent xdg_toplevel.configure with a negative size (\(width)×\(height)), which the protocol forbids")
                    return
                }
                pendingSize = (width, height)
                pendingStates = Self.states(states)
            case .configureBounds(let width, let height):
                // 0×0 (or nonsense) means no bounds are known.
                sizing.bounds = width > 0 && height > 0 ? (Int(width), Int(height)) : nil
            case .close:
                onClose?()
            default:
                break
            }
        }
        xdgSurface.onEvent = { [unowned self, unowned xdgSurface] event in
            switch event {
            case .configure(let serial):
                xdgSurface.ackConfigure(serial: serial)
                let states = pendingStates
                isMaximized = states.contains(.maximized)
                isTiled = !states.isDisjoint(with: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom])
                isActivated = states.contains(.activated)
                let fullscreen = states.contains(.fullscreen)
                // The compositor sizes the window geometry: our title bar is part of it.
                let bar = drawsOwnChrome && !fullscreen ? Int32(ChromeLayout.titleBarHeight) : 0
                apply(width: Int(pendingSize.width),
                      height: pendingSize.height > 0 ? Int(max(1, pendingSize.height - bar)) : 0,
                      constrained: !states.isDisjoint(with: Self.compositorSized), fullscreen: fullscreen)
            }
        }
        return true
    }

    /// libdecor's configure: the content size (nil: ours to choose) and the window state.
    private func decorConfigured(_ configure: DecorConfigure) {
        guard case .libdecor(let frame) = role else { return }
        let state = configure.state ?? []
        let constrained = !state.isDisjoint(with: [.maximized, .fullscreen, .tiled])
        isMaximized = state.contains(.maximized)
        apply(width: configure.contentSize?.width ?? 0, height: configure.contentSize?.height ?? 0,
              constrained: constrained, fullscreen: state.contains(.fullscreen), notify: false)
        frame.commit(width: width, height: height)  // acks, and sizes the frame around the content
        onConfigure?()
    }

    /// A configure takes effect: 0 means "you choose", i.e. the floating size (initially --size).
    /// The content is further limited to what a buffer can hold at the current scale (`width`,
    /// `height`).
    private func apply(width w: Int, height h: Int, constrained: Bool, fullscreen: Bool, notify: Bool = true) {
        lastConfigure = (w, h, constrained, fullscreen)
        let bar = drawsOwnChrome && !fullscreen ? Int(ChromeLayout.titleBarHeight) : 0
        (configuredWidth, configuredHeight) = sizing.size(width: w, height: h, constrained: constrained, reservedHeight: bar)
        isFullscreen = fullscreen
        isConfigured = true
        if notify { onConfigure?() }
    }

    /// The xdg-shell minimum: the scenes' minimum content plus our title bar when we draw one.
    private func setMinimumSize() {
        guard case .xdg(_, let toplevel, _) = role else { return }
        let bar = drawsOwnChrome ? Int32(ChromeLayout.titleBarHeight) : 0
        toplevel.setMinSize(width: Int32(Self.minimumSize.width), height: Int32(Self.minimumSize.height) + bar)
    }

    /// Maximised, fullscreen and tiled sizes are the compositor's, not ours to keep.
    static let compositorSized: Set<XdgToplevel.State> = [.maximized, .fullscreen, .tiledLeft, .tiledRight,
                                                          .tiledTop, .tiledBottom]

    /// The states of an `xdg_toplevel.configure`: 32-bit values in the host's byte order, as
    /// every `wl_array` of the protocol (a trailing partial value is ignored).
    static func states(_ bytes: [UInt8]) -> Set<XdgToplevel.State> {
        var states = Set<XdgToplevel.State>()
        bytes.withUnsafeBytes { raw in
            for offset in stride(from: 0, to: raw.count - 3, by: 4) {
                states.insert(XdgToplevel.State(rawValue: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
        }
        return states
    }

    /// The outputs' extent changed: a window larger than they can now show shrinks to fit.
    func outputsChanged(extent: (width: Int, height: Int)?) {
        sizing.outputsExtent = extent
        guard isConfigured, let last = lastConfigure else { return }
        let limit = sizing.limit
        guard configuredWidth > limit.width || configuredHeight + titleBarHeight > limit.height else { return }
        apply(width: last.width, height: last.height, constrained: last.constrained, fullscreen: last.fullscreen)
    }

    /// Recomputes the buffer scale after outputs change; the caller re-renders on a change.
    @discardableResult
    func updateScale() -> Bool {
        let newScale = enteredOutputs.map(outputScale).max() ?? 1
        guard newScale != scale, newScale >= 1, newScale <= 8 else { return false }
        scale = newScale
        onConfigure?()
        return true
    }

    func outputRemoved(_ output: WlOutput) {
        enteredOutputs.removeAll { $0 === output }
        if fullscreenOutput === output { fullscreenOutput = nil }
        updateScale()
        onOutputsEntered?()
    }
}
