import TouchCanvasApp
import TouchKit
import Wayland
import WaylandDecor

/// Who decorates the window (its title bar and edges), and the app's own chrome when it is the app: server-side
/// decorations where the compositor offers them (Sway, KWin), else the app's own chrome (Mutter,
/// Weston), which fingers can work; libdecor's on request.
@MainActor
final class WindowDecorations {
    /// The way the toplevel is made, for ``WaylandWindow``; libdecor's context when it draws
    /// the frame (it must outlive the window).
    struct Choice {
        let shell: WindowShell
        let decor: DecorContext?
        /// Kept for the life of the window (destroying it would be legal, but is noise in logs).
        let decorationManager: ZxdgDecorationManagerV1?
    }

    /// `--decorations` forces one way, falling back to none with a line saying why.
    static func chooseShell(for mode: AppOptions.Decorations, globals: Globals, registry: GlobalRegistry,
                            connection: Connection, onLibdecorError: @escaping (String) -> Void) -> Choice {
        let wmBase = globals.wmBase
        // The app's chrome is made of subsurfaces: without `wl_subcompositor` there is none.
        func canDrawOwnChrome() -> Bool {
            if globals.subcompositor != nil { return true }
            printError("the compositor offers no wl_subcompositor: the window has no title bar")
            return false
        }
        let bare = Choice(shell: .xdg(wmBase, decorationManager: nil, ownChrome: false), decor: nil, decorationManager: nil)
        switch mode {
        case .auto, .server:
            if let offered = registry.first("zxdg_decoration_manager_v1"),
               let manager = registry.bind(offered, as: ZxdgDecorationManagerV1.self, wanted: 1) {
                return Choice(shell: .xdg(wmBase, decorationManager: manager, ownChrome: false), decor: nil, decorationManager: manager)
            }
            if mode == .server {
                printError("the compositor offers no server-side decorations: the window has none")
                return bare
            }
            return Choice(shell: .xdg(wmBase, decorationManager: nil, ownChrome: canDrawOwnChrome()), decor: nil, decorationManager: nil)
        case .client:
            return Choice(shell: .xdg(wmBase, decorationManager: nil, ownChrome: canDrawOwnChrome()), decor: nil, decorationManager: nil)
        case .libdecor:
            guard let decor = DecorContext(connection: connection) else {
                printError("libdecor could not start: the window has no decorations")
                return bare
            }
            decor.onError = { message in onLibdecorError("libdecor: \(message)") }
            return Choice(shell: .libdecor(decor), decor: decor, decorationManager: nil)
        case .none:
            return bare
        }
    }

    let choice: Choice
    private let window: WaylandWindow
    private let globals: Globals
    /// The app's own chrome, when it draws one.
    private(set) var chrome: WindowChrome?
    /// The window's title, which the app's chrome shows too.
    private(set) var title = ""
    /// The seat and serial of the press behind a touch, which a move or resize must quote.
    var pressSerial: (Touch, String) -> (SeatInput, UInt32)? = { _, _ in nil }
    /// The chrome's close button.
    var onClose: (() -> Void)?
    /// The chrome needs drawing (its buffer came back, or it changed).
    var onNeedsRender: (() -> Void)?
    /// The app's chrome went away (the compositor took decorations over).
    var onChromeRemoved: (() -> Void)?
    /// Double taps on the frame: the same limits as the content's `tapCount`.
    var tapLimits: (interval: Double, distance: Double) = (0.35, 10)

    init(choice: Choice, window: WaylandWindow, globals: Globals) {
        self.choice = choice
        self.window = window
        self.globals = globals
        window.onDecorationMode = { [unowned self] mode in decorationModeChanged(mode) }
    }

    /// Makes the app's chrome when the window was made to draw one.
    func start(title: String) {
        self.title = title
        guard window.drawsOwnChrome else { return }
        makeChrome()
        if chrome == nil { printError("the app's window chrome could not be made: the window has none") }
    }

    func setTitle(_ title: String) {
        self.title = title
        window.setTitle(title)
        chrome?.view.title = title
    }

    private func decorationModeChanged(_ mode: ZxdgToplevelDecorationV1.Mode) {
        switch mode {
        case .clientSide where chrome == nil:
            // Asked for server-side and told to draw our own: it shows with the next configure.
            makeChrome()
            if chrome == nil { printError("the compositor chose client-side decorations, and the app's chrome could not be made") }
        case .serverSide where chrome != nil:
            // xdg-decoration lets the compositor change its mind at any time: its frame replaces
            // ours (its subsurfaces go with it), from the next configure's size.
            chrome = nil
            window.drawsOwnChrome = false
            onChromeRemoved?()
        default:
            break
        }
    }

    /// Makes the app's own chrome; the window's configure sizes and geometry count it only when
    /// it was made.
    private func makeChrome() {
        guard chrome == nil else { return }
        guard let subcompositor = globals.subcompositor,
              let chrome = WindowChrome(compositor: globals.compositor, subcompositor: subcompositor, parent: window.surface,
                                      shm: globals.shm, viewporter: globals.viewporter, title: title)
        else {
            window.drawsOwnChrome = false
            return
        }
        window.drawsOwnChrome = true
        chrome.input.tapCountInterval = tapLimits.interval
        chrome.input.tapCountDistance = tapLimits.distance
        chrome.view.onRequest = { [unowned self] request in chromeRequested(request) }
        chrome.onBufferFreed = { [unowned self] in onNeedsRender?() }
        self.chrome = chrome
        update()
    }

    /// Lays the chrome out for the window's current size and state.
    func update() {
        guard let chrome else { return }
        let floating = !(window.isMaximized || window.isTiled || window.isFullscreen)
        chrome.update(width: window.width, height: window.height, shown: !window.isFullscreen,
                           margin: floating ? ChromeLayout.floatingMargin : 0,
                           isActive: window.isActivated, isMaximized: window.isMaximized)
    }

    /// What the chrome's title bar, buttons and margin asked for.
    private func chromeRequested(_ request: ChromeRequest) {
        switch request {
        case .move(let touch):
            guard let (seat, serial) = pressSerial(touch, "window move") else { return }
            window.beginMove(seat: seat.seat, serial: serial)
            printError("frame: move requested for touch \(touch.number) (\(touch.type.name) id \(touch.identifier), serial \(serial))")
        case .resize(let edge, let touch):
            guard let (seat, serial) = pressSerial(touch, "window resize") else { return }
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
            onClose?()
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
}
