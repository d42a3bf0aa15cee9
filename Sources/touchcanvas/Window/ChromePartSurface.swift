import Rendering
import TouchCanvasApp
import TouchKit
import Wayland

/// One ``ChromePart`` of the app's own chrome on the screen: a subsurface below the content
/// surface whose buffers are the part's size, drawn from the chrome's one view tree with the
/// part's origin at the buffer's top-left.
///
/// The subsurface is synchronised (the default): what is committed here shows with the content
/// surface's next commit, so a resize shows chrome and content together.
@MainActor
final class ChromePartSurface {
    let part: ChromePart
    let surface: WlSurface
    private let subsurface: WlSubsurface
    private let viewport: WpViewport?
    private let buffers: DrawableBuffers
    private let renderer = ViewRenderer()
    private var position: (x: Int32, y: Int32)?
    /// What the buffer on show holds: the part's rectangle in chrome coordinates and the scale.
    /// nil while the part is hidden (no buffer attached, so the subsurface is not mapped).
    private var drawn: (rect: Rect, scale: BufferScale)?
    /// A render found every buffer held by the compositor: what it would have drawn waits.
    private var waitsForBuffer = false
    /// Called when a held buffer comes back while a change waits: render again. The chrome has no
    /// frame callbacks of its own, so without this it would wait for the next input.
    var onBufferFreed: (() -> Void)?

    init?(part: ChromePart, compositor: WlCompositor, subcompositor: WlSubcompositor, parent: WlSurface,
          shm: WlShm, viewporter: WpViewporter?) {
        guard let surface = compositor.createSurface(),
              let subsurface = subcompositor.getSubsurface(surface: surface, parent: parent) else { return nil }
        self.part = part
        self.surface = surface
        self.subsurface = subsurface
        viewport = viewporter?.getViewport(surface: surface)
        subsurface.placeBelow(sibling: parent)
        buffers = DrawableBuffers(shm: shm, format: .argb8888)
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

    /// Puts the part's top-left at `offset` from the content surface's (with the parent's commit).
    func place(at offset: Point) {
        let origin = (x: Int32(offset.x), y: Int32(offset.y))
        guard position.map({ $0 != origin }) ?? true else { return }
        subsurface.setPosition(x: origin.x, y: origin.y)
        position = origin
    }

    /// Takes the part off the screen; true when that was committed (the parent must commit too).
    func hide() -> Bool {
        guard drawn != nil else { return false }
        drawn = nil
        surface.attach(buffer: nil, x: 0, y: 0)
        surface.commit()
        return true
    }

    /// Draws `rect` of `window` (chrome coordinates) at `scale` into a buffer of its size and
    /// commits it, when it changed; true when something was committed (the parent must then
    /// commit too for it to show). Throws when no buffer can be made.
    ///
    /// The title bar follows the view tree's changes through its renderer, which repaints what
    /// changed. A part that shows the layout alone (``ChromePart/showsLayoutAlone``) is drawn whole
    /// when its rectangle or the scale changes, without touching what the title bar's renderer
    /// keeps track of (the views' pending changes), so the two never take each other's changes.
    func render(_ window: Window, rect: Rect, scale: BufferScale) throws(AppError) -> Bool {
        let width = Int(rect.width), height = Int(rect.height)
        let bufferWidth = scale.bufferLength(width), bufferHeight = scale.bufferLength(height)
        let sameScale = drawn?.scale == scale
        // Nothing in the part changed since it was drawn at this size and scale, and the
        // compositor shows that: no buffer to take, no views to walk. The content asks on every
        // chrome it draws, and it rarely has anything new.
        if part.showsLayoutAlone {
            if sameScale, drawn?.rect == rect { return false }
        } else if sameScale, renderer.isUpToDate(window, width: bufferWidth, height: bufferHeight, format: .argb8888,
                                                 scale: scale.factor, origin: rect.origin) {
            return false
        }
        guard let (shm, pixels) = try buffers.next(width: bufferWidth, height: bufferHeight) else {
            waitsForBuffer = true
            return false
        }
        let damage: DamageRegion
        if part.showsLayoutAlone {
            // As the title bar's renderer does, a part cairo failed to draw is shown as it came
            // out: the next change of size draws it again.
            if let error = renderer.snapshot(window, into: pixels, scale: scale.factor, origin: rect.origin) {
                printError("the window chrome's \(part.rawValue) part could not be drawn: \(error)")
            }
            damage = DamageRegion(pixels.bounds)
        } else {
            damage = renderer.render(window, into: pixels, scale: scale.factor, bufferAge: sameScale ? shm.age : 0,
                                     origin: rect.origin)
            guard !damage.isEmpty else { return false }
        }
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
        drawn = (rect, scale)
        return true
    }
}
