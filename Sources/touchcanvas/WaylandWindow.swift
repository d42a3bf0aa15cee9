import Wayland

/// The app's toplevel: an `xdg_toplevel` on a `wl_surface`, its configure handshake, its scale
/// and the frame-callback pacing. It knows how to show pixels, not what they are.
@MainActor
final class WaylandWindow {
    let surface: WlSurface
    private let xdgSurface: XdgSurface
    private let toplevel: XdgToplevel
    private let defaultSize: (width: Int, height: Int)

    /// Logical size, applied at the last acked configure.
    private(set) var width: Int
    private(set) var height: Int
    /// Integer buffer scale: the largest scale of the outputs the surface is on.
    private(set) var scale: Int32 = 1
    private(set) var isConfigured = false
    /// A frame callback is outstanding: the compositor has not yet shown the last commit.
    var isFrameCallbackPending: Bool { frameCallback != nil }

    private var pendingSize: (width: Int32, height: Int32) = (0, 0)
    private var frameCallback: WlCallback?
    private var enteredOutputs: [ObjectIdentifier: WlOutput] = [:]
    private let outputScale: (WlOutput) -> Int32

    var onConfigure: (() -> Void)?
    var onClose: (() -> Void)?
    /// The compositor is ready for a new frame (the callback fired).
    var onFrameDone: ((UInt32) -> Void)?

    init?(compositor: WlCompositor, wmBase: XdgWmBase, title: String, appID: String,
          size: (width: Int, height: Int), fullscreen: Bool, outputScale: @escaping (WlOutput) -> Int32) {
        guard let surface = compositor.createSurface(),
              let xdgSurface = wmBase.getXdgSurface(surface: surface),
              let toplevel = xdgSurface.getToplevel() else { return nil }
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        self.defaultSize = size
        self.width = size.width
        self.height = size.height
        self.outputScale = outputScale

        toplevel.setTitle(title: title)
        toplevel.setAppId(appId: appID)
        if fullscreen { toplevel.setFullscreen(output: nil) }

        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, _):
                pendingSize = (width, height)
            case .close:
                onClose?()
            default:
                break
            }
        }
        xdgSurface.onEvent = { [unowned self] event in
            switch event {
            case .configure(let serial):
                self.xdgSurface.ackConfigure(serial: serial)
                // 0 means "you choose": keep what we have (or the size asked for on the command line).
                let w = pendingSize.width > 0 ? Int(pendingSize.width) : (isConfigured ? width : defaultSize.width)
                let h = pendingSize.height > 0 ? Int(pendingSize.height) : (isConfigured ? height : defaultSize.height)
                width = max(1, min(w, 16384))
                height = max(1, min(h, 16384))
                isConfigured = true
                onConfigure?()
            }
        }
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
        surface.commit()  // the initial commit without a buffer asks for the first configure
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
        surface.setBufferScale(scale: scale)
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
