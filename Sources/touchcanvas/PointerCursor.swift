import Foundation
import Wayland

/// The pointer over the canvas: a crosshair from the user's cursor theme (`XCURSOR_THEME`,
/// `XCURSOR_SIZE`), on a surface of its own, set at every `enter` and loaded at the window's
/// buffer scale so it stays sharp on HiDPI outputs.
@MainActor
final class PointerCursor {
    static let names = ["crosshair", "cross", "tcross", "left_ptr", "default"]
    let surface: WlSurface
    private let shm: WlShm
    private let themeName: String?
    private let size: Int32
    private var theme: CursorTheme?
    private var loadedScale: Int32 = 0

    init?(compositor: WlCompositor, shm: WlShm, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let surface = compositor.createSurface() else { return nil }
        self.surface = surface
        self.shm = shm
        themeName = environment["XCURSOR_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        let requested = environment["XCURSOR_SIZE"].flatMap { Int32($0) } ?? 24
        size = (8...256).contains(requested) ? requested : 24
    }

    /// Shows the cursor for the pointer that entered with `serial`: the first of `names` the
    /// theme has (the crosshair by default; the frame asks for arrows and resize cursors).
    func apply(to pointer: WlPointer, serial: UInt32, scale: Int32, names: [String] = PointerCursor.names) {
        let scale = max(1, scale)
        if scale != loadedScale {
            theme = CursorTheme(name: themeName, size: size * scale, shm: shm)
            loadedScale = scale
        }
        // No theme and no built-in image: leave whatever cursor the compositor shows.
        guard let image = theme?.image(named: names) else { return }
        // A buffer whose size is not a multiple of the scale is a protocol error: show it at 1.
        let bufferScale = image.width % scale == 0 && image.height % scale == 0 ? scale : 1
        pointer.setCursor(serial: serial, surface: surface,
                          hotspotX: image.hotspotX / bufferScale, hotspotY: image.hotspotY / bufferScale)
        surface.setBufferScale(scale: bufferScale)
        surface.attach(cursor: image)
        surface.damageBuffer(x: 0, y: 0, width: image.width, height: image.height)
        surface.commit()
    }
}
