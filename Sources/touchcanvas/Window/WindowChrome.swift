import Rendering
import TouchCanvasApp
import TouchKit
import Wayland

/// The app's own window chrome on the screen: ``WindowChromeView`` (title bar above the content,
/// resize margin round it) with its own touch machine, so fingers and the mouse work it through
/// TouchKit as they work the content, shown in parts (``ChromePart``) below the content surface.
///
/// Each part is a subsurface with translucent buffers of its own size: the title bar's are the
/// content's width by 40 px, the margin's are 12 px strips. One chrome-sized surface, as before,
/// took 34 MB a buffer at 3840×2160 (67 MB with two) to show a 40 px title bar; the parts take
/// 1.2 MB (2.4 MB with two each). The one view tree lays out the whole frame: a point on a part
/// reaches it as a point on the chrome (``chromePoint(_:on:)``), so regions, corners, double taps
/// and buttons work as they did.
@MainActor
final class WindowChrome {
    /// Title bar first: it is the part whose renderer follows the view tree's changes.
    private let parts: [ChromePartSurface]
    let view: WindowChromeView
    let input: TouchInputMachine
    private let uiWindow: Window
    /// Hidden while fullscreen: no part has a buffer attached, so none is mapped.
    private(set) var isShown = false
    /// Called when a held buffer comes back while a change waits for one: render again.
    var onBufferFreed: (() -> Void)? {
        didSet { for part in parts { part.onBufferFreed = onBufferFreed } }
    }

    init?(compositor: WlCompositor, subcompositor: WlSubcompositor, parent: WlSurface, shm: WlShm,
          viewporter: WpViewporter?, title: String) {
        var parts: [ChromePartSurface] = []
        for part in ChromePart.allCases {
            guard let surface = ChromePartSurface(part: part, compositor: compositor, subcompositor: subcompositor,
                                                 parent: parent, shm: shm, viewporter: viewporter) else { return nil }
            parts.append(surface)
        }
        self.parts = parts
        view = WindowChromeView(title: title, layout: ChromeLayout(contentSize: Size(width: 1, height: 1), margin: 0))
        uiWindow = Window(frame: view.frame)
        uiWindow.backgroundColor = .clear
        uiWindow.addSubview(view)
        input = TouchInputMachine(window: uiWindow)
    }

    /// Which part `surface` is, or nil when it is none of the chrome's.
    func part(of surface: WlSurface?) -> ChromePart? {
        guard let surface else { return nil }
        for part in parts where part.surface === surface { return part.part }
        return nil
    }

    /// A point on `part`'s surface as a point on the chrome, where the view tree takes it.
    func chromePoint(_ point: Point, on part: ChromePart) -> Point {
        view.layout.chromePoint(point, on: part)
    }

    /// Lays the chrome out round content of `width`×`height` logical pixels. `shown` false hides
    /// it (fullscreen). Takes effect with the next ``render(scale:)`` and the parent's commit.
    func update(width: Int, height: Int, shown: Bool, margin: Double, isActive: Bool, isMaximized: Bool) {
        isShown = shown
        let layout = ChromeLayout(contentSize: Size(width: Double(width), height: Double(height)), margin: margin)
        if layout != view.layout {
            view.apply(layout)
            uiWindow.frame = view.frame
        }
        view.isActive = isActive
        view.isMaximized = isMaximized
        for part in parts { part.place(at: layout.offsetFromContent(of: part.part)) }
    }

    /// Draws what changed in each part and commits it; true when something was committed (the
    /// parent must then commit too for it to show). Throws when no buffer can be made.
    func render(scale: BufferScale) throws(AppError) -> Bool {
        let layout = view.layout
        var committed = false
        for part in parts {
            if isShown && layout.shows(part.part) {
                committed = try part.render(uiWindow, rect: layout.rect(of: part.part), scale: scale) || committed
            } else {
                committed = part.hide() || committed
            }
        }
        return committed
    }
}
