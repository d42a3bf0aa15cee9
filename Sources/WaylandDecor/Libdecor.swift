import CLibdecor
import Wayland

/// Client-side window decorations through libdecor, for compositors that draw no frame of their
/// own (no `zxdg_decoration_manager_v1`: GNOME/Mutter, Weston).
///
/// libdecor makes the `xdg_surface` and `xdg_toplevel` of a decorated surface itself and draws
/// the title bar and borders on subsurfaces of it with its plugin (Debian: the cairo plugin).
/// Its objects live on the connection's default queue, which `EventLoop` already dispatches,
/// so nothing here needs `libdecor_dispatch`. Its proxies carry no tag of ours: events that name
/// its decoration surfaces reach our bindings as a nil surface.
@MainActor
public final class DecorContext {
    let raw: OpaquePointer
    /// Keeps the `wl_display` open for as long as libdecor uses it.
    private let connection: Connection
    /// libdecor gave up (e.g. the compositor lacks something it needs); the message is its own.
    public var onError: ((String) -> Void)?

    /// The one live context: libdecor's error callback carries no user data.
    private static weak var current: DecorContext?
    /// Never freed: libdecor keeps the pointer for the life of the context, and there is one
    /// context per process.
    private static let interface: UnsafeMutablePointer<libdecor_interface> = {
        let pointer = UnsafeMutablePointer<libdecor_interface>.allocate(capacity: 1)
        pointer.initialize(to: libdecor_interface())
        pointer.pointee.error = { _, _, message in
            let text = message.map { String(cString: $0) } ?? "unknown error"
            MainActor.assumeIsolated { DecorContext.current?.onError?(text) }
        }
        return pointer
    }()

    /// The plugin libdecor loaded handles touches on its frame itself (see ``LibdecorPlugin``):
    /// the app must then leave them alone.
    public let pluginHandlesTouch: Bool

    /// Starts libdecor on `connection` (it reads the registry with a roundtrip of its own and
    /// loads its plugin); nil when it cannot.
    public init?(connection: Connection) {
        guard let raw = libdecor_new(connection.display, Self.interface) else { return nil }
        self.raw = raw
        self.connection = connection
        pluginHandlesTouch = LibdecorPlugin.handlesTouch(loadedLibraries: LibdecorPlugin.loadedLibraries())
        Self.current = self
    }

    isolated deinit {
        libdecor_unref(raw)
    }

    /// Decorates `surface`: libdecor gives it the toplevel role. Set the title, app id and
    /// minimum size, then `map()`; the first `onConfigure` follows.
    public func decorate(_ surface: WlSurface) -> DecorFrame? {
        DecorFrame(context: self, surface: surface)
    }
}

/// What libdecor's frame says about the window's state (`libdecor_window_state`).
public struct DecorWindowState: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let active = DecorWindowState(rawValue: LIBDECOR_WINDOW_STATE_ACTIVE.rawValue)
    public static let maximized = DecorWindowState(rawValue: LIBDECOR_WINDOW_STATE_MAXIMIZED.rawValue)
    public static let fullscreen = DecorWindowState(rawValue: LIBDECOR_WINDOW_STATE_FULLSCREEN.rawValue)
    public static let tiled = DecorWindowState(rawValue: LIBDECOR_WINDOW_STATE_TILED_LEFT.rawValue
        | LIBDECOR_WINDOW_STATE_TILED_RIGHT.rawValue | LIBDECOR_WINDOW_STATE_TILED_TOP.rawValue
        | LIBDECOR_WINDOW_STATE_TILED_BOTTOM.rawValue)
}

/// One configure from libdecor, read when it arrived.
public struct DecorConfigure: Sendable {
    /// The content size (the window without its decorations); nil when the compositor leaves
    /// the size to the client.
    public let contentSize: (width: Int, height: Int)?
    /// nil when the configure carried no state.
    public let state: DecorWindowState?
}

/// A surface decorated by libdecor: its toplevel requests, and the configure/close/commit
/// callbacks of `libdecor_frame_interface`.
@MainActor
public final class DecorFrame {
    private let raw: OpaquePointer
    private let context: DecorContext
    /// Strong: libdecor uses the surface for as long as the frame lives.
    private let surface: WlSurface
    private let interface: UnsafeMutablePointer<libdecor_frame_interface>
    /// libdecor's user data: made before the frame (which needs it to exist), released in deinit.
    private let link: Unmanaged<FrameLink>
    /// The configuration being answered, valid only during `onConfigure`.
    private var configuration: OpaquePointer?

    /// A new configuration: answer with `commit(width:height:)` inside the callback.
    public var onConfigure: ((DecorConfigure) -> Void)?
    /// The user asked to close the window (the close button, or the compositor).
    public var onClose: (() -> Void)?
    /// libdecor changed its synchronised subsurfaces: the main surface must be committed.
    public var onCommit: (() -> Void)?

    fileprivate init?(context: DecorContext, surface: WlSurface) {
        guard surface.isAlive else { return nil }
        let interface = UnsafeMutablePointer<libdecor_frame_interface>.allocate(capacity: 1)
        interface.initialize(to: libdecor_frame_interface())
        interface.pointee.configure = { _, configuration, userData in
            let config = UInt(bitPattern: configuration)
            DecorFrame.withFrame(userData) { $0.configured(OpaquePointer(bitPattern: config)) }
        }
        interface.pointee.close = { _, userData in DecorFrame.withFrame(userData) { $0.onClose?() } }
        interface.pointee.commit = { _, userData in DecorFrame.withFrame(userData) { $0.onCommit?() } }
        self.context = context
        self.surface = surface
        self.interface = interface
        let link = Unmanaged.passRetained(FrameLink())
        guard let raw = libdecor_decorate(context.raw, surface.raw, interface, link.toOpaque()) else {
            link.release()
            interface.deallocate()
            return nil
        }
        self.raw = raw
        self.link = link
        link.takeUnretainedValue().frame = self
    }

    /// Runs `body` with the frame behind libdecor's user data, on the main actor, where libdecor
    /// calls back (from our dispatch of the default queue).
    nonisolated private static func withFrame(_ userData: UnsafeMutableRawPointer?, _ body: @MainActor (DecorFrame) -> Void) {
        guard let userData else { return }
        let bits = UInt(bitPattern: userData)
        MainActor.assumeIsolated {
            guard let pointer = UnsafeMutableRawPointer(bitPattern: bits),
                  let frame = Unmanaged<FrameLink>.fromOpaque(pointer).takeUnretainedValue().frame else { return }
            body(frame)
        }
    }

    isolated deinit {
        libdecor_frame_unref(raw)
        interface.deallocate()
        link.release()
    }

    private func configured(_ configuration: OpaquePointer?) {
        guard let configuration else { return }
        var width: Int32 = 0, height: Int32 = 0
        let size: (Int, Int)? = libdecor_configuration_get_content_size(configuration, raw, &width, &height)
            && width > 0 && height > 0 ? (Int(width), Int(height)) : nil
        var state = LIBDECOR_WINDOW_STATE_NONE
        let hasState = libdecor_configuration_get_window_state(configuration, &state)
        if fullscreenAtMap, hasToplevel {
            fullscreenAtMap = false
            libdecor_frame_set_fullscreen(raw, fullscreenOutput?.raw)
            // xdg-shell promises a configure in answer; this windowed one is left unacked (the
            // next ack covers it) so no windowed frame flashes up before the fullscreen one.
            return
        }
        self.configuration = configuration
        defer { self.configuration = nil }
        onConfigure?(DecorConfigure(contentSize: size, state: hasState ? DecorWindowState(rawValue: state.rawValue) : nil))
    }

    /// Applies a content size: inside `onConfigure` this acks that configure; outside it, it
    /// redraws the decorations for a size the app chose.
    public func commit(width: Int, height: Int) {
        guard let state = libdecor_state_new(Int32(clamping: width), Int32(clamping: height)) else { return }
        libdecor_frame_commit(raw, state, configuration)
        libdecor_state_free(state)
    }

    public func setTitle(_ title: String) { libdecor_frame_set_title(raw, title) }
    public func setAppID(_ appID: String) { libdecor_frame_set_app_id(raw, appID) }
    /// The smallest content size, in logical pixels.
    public func setMinContentSize(width: Int, height: Int) {
        libdecor_frame_set_min_content_size(raw, Int32(clamping: width), Int32(clamping: height))
    }
    /// libdecor 0.1.1 sends these to its `xdg_toplevel` without checking it exists (a crash),
    /// and it exists only once the frame is mapped and the plugin ready: until then the wish is
    /// kept and sent at the first configure.
    private var fullscreenAtMap = false
    /// The output asked for with the wish kept until the map; nil lets the compositor choose.
    private var fullscreenOutput: WlOutput?
    private var hasToplevel: Bool { libdecor_frame_get_xdg_toplevel(raw) != nil }

    /// Fullscreen on `output`, or where the compositor chooses.
    public func setFullscreen(on output: WlOutput? = nil) {
        fullscreenOutput = output
        guard hasToplevel else { return fullscreenAtMap = true }
        libdecor_frame_set_fullscreen(raw, output?.raw)
    }

    public func unsetFullscreen() {
        guard hasToplevel else { return fullscreenAtMap = false }
        libdecor_frame_unset_fullscreen(raw)
    }

    public func setMaximized() {
        guard hasToplevel else { return }
        libdecor_frame_set_maximized(raw)
    }

    public func unsetMaximized() {
        guard hasToplevel else { return }
        libdecor_frame_unset_maximized(raw)
    }

    /// An interactive move driven by the input event with `serial` on `seat`, as
    /// `xdg_toplevel.move` (libdecor sends it on its own toplevel).
    public func move(seat: WlSeat, serial: UInt32) {
        guard seat.isAlive, hasToplevel else { return }
        libdecor_frame_move(raw, seat.raw, serial)
    }

    /// Makes the window visible: the initial commit that asks for the first configure.
    public func map() { libdecor_frame_map(raw) }
}

/// The user data libdecor hands back to the frame callbacks: it exists before the frame does.
@MainActor
private final class FrameLink {
    weak var frame: DecorFrame?
}
