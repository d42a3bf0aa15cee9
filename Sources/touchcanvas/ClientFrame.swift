import Canvas
import TouchCanvasApp
import TouchKit
import Wayland

/// The app's own window frame on the screen: a subsurface below the canvas surface holding
/// ``WindowFrameView`` (title bar above the canvas, resize margin round it), drawn by its own
/// renderer into its own translucent buffers, with its own touch machine so fingers and the
/// mouse work it through TouchKit as they work the canvas.
///
/// The subsurface is synchronised: what is committed here shows with the canvas surface's next
/// commit, so a resize shows frame and canvas together.
@MainActor
final class ClientFrame {
    let surface: WlSurface
    private let subsurface: WlSubsurface
    private let viewport: WpViewport?
    private let buffers: DrawableBuffers
    private let renderer = ViewRenderer()
    let view: WindowFrameView
    let input: TouchInputMachine
    private let uiWindow: Window
    /// Hidden while fullscreen: no buffer is attached, so the subsurface is not mapped.
    private(set) var isShown = false
    private var position: (x: Int32, y: Int32)?
    private var drawnScale: BufferScale?
    /// A render found every buffer held by the compositor: what it would have drawn waits.
    private var waitsForBuffer = false
    /// Called when a held buffer comes back while a change waits: render again. The frame has no
    /// frame callbacks of its own, so without this it would wait for the next input.
    var onBufferFreed: (() -> Void)?

    init?(compositor: WlCompositor, subcompositor: WlSubcompositor, parent: WlSurface, shm: WlShm,
          viewporter: WpViewporter?, title: String) {
        guard let surface = compositor.createSurface(),
              let subsurface = subcompositor.getSubsurface(surface: surface, parent: parent) else { return nil }
        self.surface = surface
        self.subsurface = subsurface
        viewport = viewporter?.getViewport(surface: surface)
        subsurface.placeBelow(sibling: parent)
        buffers = DrawableBuffers(shm: shm, format: .argb8888)
        view = WindowFrameView(title: title, layout: FrameLayout(contentSize: Size(width: 1, height: 1), margin: 0))
        uiWindow = Window(frame: view.frame)
        uiWindow.backgroundColor = .clear
        uiWindow.addSubview(view)
        input = TouchInputMachine(window: uiWindow)
        buffers.swapchain.onRelease = { [weak self] in
            guard let self, waitsForBuffer else { return }
            waitsForBuffer = false
            onBufferFreed?()
        }
    }

    isolated deinit {
        subsurface.destroy()
        viewport?.destroy()
        surface.destroy()
    }

    /// Lays the frame out round content of `width`×`height` logical pixels. `shown` false hides
    /// it (fullscreen). Takes effect with the next ``render(scale:)`` and the parent's commit.
    func update(width: Int, height: Int, shown: Bool, margin: Double, isActive: Bool, isMaximized: Bool) {
        isShown = shown
        let layout = FrameLayout(contentSize: Size(width: Double(width), height: Double(height)), margin: margin)
        if layout != view.layout {
            view.apply(layout)
            uiWindow.frame = view.frame
        }
        view.isActive = isActive
        view.isMaximized = isMaximized
        // The frame surface's origin sits up and left of the canvas by the margin and title bar.
        let origin = (x: Int32(-margin), y: Int32(-margin - FrameLayout.titleBarHeight))
        if position.map({ $0 != origin }) ?? true {
            subsurface.setPosition(x: origin.x, y: origin.y)
            position = origin
        }
    }

    /// Draws what changed and commits the frame surface; true when something was committed (the
    /// parent must then commit too for it to show). Throws when no buffer can be made.
    func render(scale: BufferScale) throws(AppError) -> Bool {
        guard isShown else {
            guard drawnScale != nil else { return false }
            drawnScale = nil
            surface.attach(buffer: nil, x: 0, y: 0)
            surface.commit()
            return true
        }
        let size = view.layout.surfaceSize
        let width = Int(size.width), height = Int(size.height)
        let bufferWidth = scale.bufferLength(width), bufferHeight = scale.bufferLength(height)
        // Nothing in the frame changed since it was drawn at this size and scale, and the
        // compositor shows that: no buffer to take, no views to walk. The canvas asks on every
        // frame it draws, and the frame rarely has anything new.
        if drawnScale == scale, renderer.isUpToDate(uiWindow, width: bufferWidth, height: bufferHeight,
                                                    format: .argb8888, scale: scale.factor) {
            return false
        }
        guard let (shm, pixels) = try buffers.next(width: bufferWidth, height: bufferHeight)
        else {
            waitsForBuffer = true
            return false
        }
        let damage = renderer.render(uiWindow, into: pixels, scale: scale.factor, bufferAge: drawnScale == scale ? shm.age : 0)
        guard !damage.isEmpty else { return false }
        surface.setBufferScale(scale: Int32(scale.declaredBufferScale))
        if case .fractional = scale {
            viewport?.setDestination(width: Int32(width), height: Int32(height))
        }
        surface.attach(buffer: shm.wlBuffer, x: 0, y: 0)
        for r in damage.rects {
            surface.damageBuffer(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height))
        }
        surface.commit()
        buffers.didCommit(shm)
        drawnScale = scale
        return true
    }
}
