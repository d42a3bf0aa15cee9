import Canvas
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

    init?(compositor: WlCompositor, wmBase: XdgWmBase, title: String, appID: String,
          size: (width: Int, height: Int), fullscreen: Bool, outputScale: @escaping (WlOutput) -> Int32,
          viewporter: WpViewporter?, fractionalScaleManager: WpFractionalScaleManagerV1?) {
        guard let surface = compositor.createSurface(),
              let xdgSurface = wmBase.getXdgSurface(surface: surface),
              let toplevel = xdgSurface.getToplevel() else { return nil }
        self.surface = surface
        // Both or neither: a fractional scale is only usable through a viewport.
        if let viewporter, let fractionalScaleManager {
            viewport = viewporter.getViewport(surface: surface)
            fractionalScale = viewport == nil ? nil : fractionalScaleManager.getFractionalScale(surface: surface)
        } else {
            viewport = nil
            fractionalScale = nil
        }
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        self.defaultSize = size
        self.width = size.width
        self.height = size.height
        self.floatingSize = size
        self.outputScale = outputScale

        toplevel.setTitle(title: title)
        toplevel.setAppId(appId: appID)
        if fullscreen { toplevel.setFullscreen(output: nil) }

        toplevel.onEvent = { [unowned self] event in
            switch event {
            case .configure(let width, let height, let states):
                pendingSize = (width, height)
                pendingConstrained = Self.isConstrained(states)
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
                // 0 means "you choose": the floating size (initially --size).
                let w = pendingSize.width > 0 ? Int(pendingSize.width) : floatingSize.width
                let h = pendingSize.height > 0 ? Int(pendingSize.height) : floatingSize.height
                width = max(1, min(w, Self.maximumLogicalSize))
                height = max(1, min(h, Self.maximumLogicalSize))
                if !pendingConstrained { floatingSize = (width, height) }
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
        fractionalScale?.onEvent = { [unowned self] event in
            switch event {
            case .preferredScale(let per120):
                // 120ths from 1× to 8×; anything else is a compositor bug we do not draw at.
                guard (120...960).contains(per120), Int(per120) != preferredScale120 else { return }
                preferredScale120 = Int(per120)
                onConfigure?()
            }
        }
        surface.commit()  // the initial commit without a buffer asks for the first configure
    }

    func setTitle(_ title: String) { toplevel.setTitle(title: title) }

    /// Asks the compositor for an interactive move driven by the input event with `serial` (a
    /// touch's or a button's down) on `seat`. The compositor may ignore it (e.g. when fullscreen).
    func beginMove(seat: WlSeat, serial: UInt32) { toplevel.move(seat: seat, serial: serial) }

    /// Larger than any screen; the buffer is further limited to 16384 pixels a side at render.
    static let maximumLogicalSize = 16384

    /// Maximised (1), fullscreen (2) and tiled (5–8) sizes are the compositor's, not ours to keep.
    static func isConstrained(_ states: [UInt8]) -> Bool {
        stride(from: 0, to: states.count - 3, by: 4).contains { i in
            let state = UInt32(states[i]) | UInt32(states[i + 1]) << 8 | UInt32(states[i + 2]) << 16 | UInt32(states[i + 3]) << 24
            return state == 1 || state == 2 || (5...8).contains(state)
        }
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
