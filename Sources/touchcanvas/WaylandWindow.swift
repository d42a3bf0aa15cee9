import Canvas
import Wayland
import WaylandDecor

/// Who gives the window its toplevel role and its frame.
enum WindowShell {
    /// Our own `xdg_toplevel`; with a decoration manager it asks for server-side decorations.
    case xdg(XdgWmBase, decorationManager: ZxdgDecorationManagerV1?)
    /// libdecor makes the toplevel and draws a client-side frame around the surface.
    case libdecor(DecorContext)
}

/// The app's toplevel: an `xdg_toplevel` on a `wl_surface` (ours, or libdecor's around it), its
/// configure handshake, its scale and the frame-callback pacing. It knows how to show pixels,
/// not what they are.
@MainActor
final class WaylandWindow {
    let surface: WlSurface
    private enum Role {
        case xdg(XdgSurface, XdgToplevel, decoration: ZxdgToplevelDecorationV1?)
        case libdecor(DecorFrame)
    }
    private var role: Role?
    private let defaultSize: (width: Int, height: Int)

    /// The smallest window the scenes are laid out for, in logical pixels (the content: libdecor
    /// adds its frame around it).
    static let minimumSize = (width: 320, height: 240)

    /// Logical size, applied at the last acked configure.
    private(set) var width: Int
    private(set) var height: Int
    /// The last acked configure said fullscreen.
    private(set) var isFullscreen = false
    /// libdecor's last configure said maximised (tracked for the frame's double tap).
    private(set) var isMaximized = false
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
    private let viewport: WpViewport?
    private let fractionalScale: WpFractionalScaleV1?
    private(set) var isConfigured = false
    /// A frame callback is outstanding: the compositor has not yet shown the last commit.
    var isFrameCallbackPending: Bool { frameCallback != nil }

    private var pendingSize: (width: Int32, height: Int32) = (0, 0)
    private var pendingConstrained = false
    private var pendingFullscreen = false
    /// The size to return to when the compositor says "you choose" (0×0) after a maximised,
    /// fullscreen or tiled spell: the last size the window had while floating.
    private var floatingSize: (width: Int, height: Int)
    private var frameCallback: WlCallback?
    private var enteredOutputs: [ObjectIdentifier: WlOutput] = [:]
    private let outputScale: (WlOutput) -> Int32

    var onConfigure: (() -> Void)?
    var onClose: (() -> Void)?
    /// The compositor is ready for a new frame (the callback fired).
    var onFrameDone: ((UInt32) -> Void)?
    /// The compositor chose a decoration mode (server-side decorations only).
    var onDecorationMode: ((ZxdgToplevelDecorationV1.Mode) -> Void)?

    init?(compositor: WlCompositor, shell: WindowShell, title: String, appID: String,
          size: (width: Int, height: Int), fullscreen: Bool, outputScale: @escaping (WlOutput) -> Int32,
          viewporter: WpViewporter?, fractionalScaleManager: WpFractionalScaleManagerV1?) {
        guard let surface = compositor.createSurface() else { return nil }
        self.surface = surface
        // Both or neither: a fractional scale is only usable through a viewport.
        if let viewporter, let fractionalScaleManager {
            viewport = viewporter.getViewport(surface: surface)
            fractionalScale = viewport == nil ? nil : fractionalScaleManager.getFractionalScale(surface: surface)
        } else {
            viewport = nil
            fractionalScale = nil
        }
        self.defaultSize = size
        self.width = size.width
        self.height = size.height
        self.floatingSize = size
        self.outputScale = outputScale

        surface.onEvent = { [unowned self] event in
            switch event {
            case .enter(let output):
                if let output { enteredOutputs[ObjectIdentifier(output)] = output }
                updateScale()
            case .leave(let output):
                if let output { enteredOutputs.removeValue(forKey: ObjectIdentifier(output)) }
                updateScale()
            }
        }
        fractionalScale?.onEvent = { [unowned self] event in
            switch event {
            case .preferredScale(let per120):
                // 120ths from 1× to 8×; anything else is a compositor bug we do not draw at.
                guard (120...960).contains(per120), Int(per120) != preferredScale120 else { return }
                preferredScale120 = Int(per120)
                onConfigure?()
            }
        }
        switch shell {
        case .xdg(let wmBase, let decorationManager):
            guard makeXdgToplevel(wmBase: wmBase, decorationManager: decorationManager, title: title,
                                  appID: appID, fullscreen: fullscreen) else { return nil }
            surface.commit()  // the initial commit without a buffer asks for the first configure
        case .libdecor(let context):
            guard let frame = context.decorate(surface) else { return nil }
            role = .libdecor(frame)
            frame.setTitle(title)
            frame.setAppID(appID)
            frame.setMinContentSize(width: Self.minimumSize.width, height: Self.minimumSize.height)
            if fullscreen { frame.setFullscreen() }
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
        toplevel.setMinSize(width: Int32(Self.minimumSize.width), height: Int32(Self.minimumSize.height))
        if fullscreen { toplevel.setFullscreen(output: nil) }
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
                pendingSize = (width, height)
                let states = Self.states(states)
                pendingConstrained = !states.isDisjoint(with: Self.compositorSized)
                pendingFullscreen = states.contains(.fullscreen)
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
                apply(width: Int(pendingSize.width), height: Int(pendingSize.height),
                      constrained: pendingConstrained, fullscreen: pendingFullscreen)
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
    private func apply(width w: Int, height h: Int, constrained: Bool, fullscreen: Bool, notify: Bool = true) {
        let w = w > 0 ? w : floatingSize.width
        let h = h > 0 ? h : floatingSize.height
        width = max(1, min(w, Self.maximumLogicalSize))
        height = max(1, min(h, Self.maximumLogicalSize))
        if !constrained { floatingSize = (width, height) }
        isFullscreen = fullscreen
        isConfigured = true
        if notify { onConfigure?() }
    }

    func setTitle(_ title: String) {
        switch role {
        case .xdg(_, let toplevel, _): toplevel.setTitle(title: title)
        case .libdecor(let frame): frame.setTitle(title)
        case nil: break
        }
    }

    /// F11: asks to leave fullscreen when the last configure said fullscreen, else to enter it.
    /// The state changes only when the compositor's configure says so.
    func toggleFullscreen() {
        switch role {
        case .xdg(_, let toplevel, _):
            if isFullscreen { toplevel.unsetFullscreen() } else { toplevel.setFullscreen(output: nil) }
        case .libdecor(let frame):
            if isFullscreen { frame.unsetFullscreen() } else { frame.setFullscreen() }
        case nil:
            break
        }
    }

    /// A double tap on libdecor's frame: maximise, or restore when the last configure said
    /// maximised (as a double click on a title bar does).
    func toggleMaximizedFrame() {
        guard case .libdecor(let frame) = role else { return }
        if isMaximized { frame.unsetMaximized() } else { frame.setMaximized() }
    }

    /// Asks the compositor for an interactive move driven by the input event with `serial` (a
    /// touch's or a button's down) on `seat`. The compositor may ignore it (e.g. when fullscreen).
    func beginMove(seat: WlSeat, serial: UInt32) {
        switch role {
        case .xdg(_, let toplevel, _): toplevel.move(seat: seat, serial: serial)
        case .libdecor(let frame): frame.move(seat: seat, serial: serial)
        case nil: break
        }
    }

    /// Larger than any screen; the buffer is further limited to 16384 pixels a side at render.
    static let maximumLogicalSize = 16384

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

    /// Recomputes the buffer scale after outputs change; the caller re-renders on a change.
    @discardableResult
    func updateScale() -> Bool {
        let newScale = enteredOutputs.values.map(outputScale).max() ?? 1
        guard newScale != scale, newScale >= 1, newScale <= 8 else { return false }
        scale = newScale
        onConfigure?()
        return true
    }

    func outputRemoved(_ output: WlOutput) {
        enteredOutputs.removeValue(forKey: ObjectIdentifier(output))
        updateScale()
    }

    /// Attaches `buffer`, damages `rects` (buffer pixels), asks for a frame callback and commits.
    func present(_ buffer: WlBuffer, damage rects: [(x: Int, y: Int, width: Int, height: Int)]) {
        let bufferScale = bufferScale
        surface.setBufferScale(scale: Int32(bufferScale.declaredBufferScale))
        if case .fractional = bufferScale {
            viewport?.setDestination(width: Int32(width), height: Int32(height))
        }
        surface.attach(buffer: buffer, x: 0, y: 0)
        for r in rects {
            surface.damageBuffer(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height))
        }
        let callback = surface.frame()
        callback?.onEvent = { [unowned self] event in
            switch event {
            case .done(let time):
                frameCallback = nil
                onFrameDone?(time)
            }
        }
        frameCallback = callback
        surface.commit()
    }
}
