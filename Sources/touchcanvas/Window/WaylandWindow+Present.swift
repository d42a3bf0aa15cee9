import Wayland

/// Showing a frame: the buffer attached with its damage, the window geometry, the frame
/// callback that paces the next one.
extension WaylandWindow {
    /// Commits the content surface with nothing new of its own: what a synchronised subsurface
    /// (our chrome's parts) committed shows with it.
    func commitSubsurfaceState() {
        updateWindowGeometry()
        surface.commit()
    }

    /// With our chrome, the window is the content plus the title bar above it (the resize margin
    /// lies outside); double-buffered, so set before the commit it belongs to. Once set it
    /// cannot be unset, so a window whose frame went away sets it to the bare content.
    private func updateWindowGeometry() {
        guard drawsOwnChrome || windowGeometry != nil, case .xdg(let xdgSurface, _, _) = role else { return }
        let bar = Int32(titleBarHeight)
        let geometry = (x: Int32(0), y: -bar, width: Int32(width), height: Int32(height) + bar)
        if let windowGeometry, windowGeometry == geometry { return }
        xdgSurface.setWindowGeometry(x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height)
        windowGeometry = geometry
    }

    /// Attaches `buffer`, damages `rects` (buffer pixels), asks for a frame callback and commits.
    /// With `wp_fifo_v1`, a commit that `setsBarrier` stays on the glass for a refresh once shown,
    /// and one that `waitsForBarrier` is held by the compositor until then.
    func present(_ buffer: WlBuffer, damage rects: [(x: Int, y: Int, width: Int, height: Int)],
                 setsBarrier: Bool = false, waitsForBarrier: Bool = false) {
        let bufferScale = bufferScale
        surface.setBufferScale(scale: Int32(bufferScale.declaredBufferScale))
        if case .fractional = bufferScale {
            viewport?.setDestination(width: Int32(width), height: Int32(height))
        }
        surface.attach(buffer: buffer, x: 0, y: 0)
        for r in rects {
            surface.damageBuffer(x: Int32(r.x), y: Int32(r.y), width: Int32(r.width), height: Int32(r.height))
        }
        updateWindowGeometry()
        let callback = surface.frame()
        callback?.onEvent = { [unowned self] event in
            switch event {
            case .done(let time):
                frameCallback = nil
                onFrameDone?(time)
            }
        }
        frameCallback = callback
        if setsBarrier { fifo?.setBarrier() }
        if waitsForBarrier { fifo?.waitBarrier() }
        surface.commit()
    }
}
