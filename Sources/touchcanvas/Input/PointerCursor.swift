import Foundation
import TouchKit
import Wayland

/// The pointer over the content: a crosshair from the user's cursor theme (`XCURSOR_THEME`,
/// `XCURSOR_SIZE`), set at every `enter` and loaded at the window's buffer scale so it stays
/// sharp on HiDPI outputs.
///
/// Each seat's pointer has a surface of its own: a cursor surface shows one image, so with
/// one shared, a second mouse reaching the frame's resize edge would turn the first one's
/// crosshair into a resize arrow too. The theme is loaded once for all of them.
@MainActor
final class PointerCursor {
    static let names = ["crosshair", "cross", "tcross", "left_ptr", "default"]
    private let compositor: WlCompositor
    private let shm: WlShm
    private let themeName: String?
    private let size: Int32
    /// One theme per scale asked for, kept: another seat's cursor surface may still show an
    /// image of the old scale's theme, and destroying a buffer a surface shows leaves that
    /// cursor undefined. Scales are few (outputs' 1–4), so this stays a handful.
    private var themes: [Int32: CursorTheme] = [:]
    private var surfaces: [SeatID: WlSurface] = [:]

    init(compositor: WlCompositor, shm: WlShm, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.compositor = compositor
        self.shm = shm
        themeName = environment["XCURSOR_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        let requested = environment["XCURSOR_SIZE"].flatMap { Int32($0) } ?? 24
        size = (8...256).contains(requested) ? requested : 24
    }

    /// Shows the cursor for `seat`'s pointer that entered with `serial`: the first of `names`
    /// the theme has (the crosshair by default; the frame asks for arrows and resize cursors).
    func apply(to pointer: WlPointer, seat: SeatID, serial: UInt32, scale: Int32,
               names: [String] = PointerCursor.names) {
        let scale = min(max(1, scale), 8)
        if themes[scale] == nil {
            themes[scale] = CursorTheme(name: themeName, size: size * scale, shm: shm)
        }
        // No theme and no built-in image: leave whatever cursor the compositor shows.
        guard let image = themes[scale]?.image(named: names) else { return }
        guard let surface = surfaces[seat] ?? compositor.createSurface() else { return }
        surfaces[seat] = surface
        // A buffer whose size is not a multiple of the scale is a protocol error: show it at 1.
        let bufferScale = image.width % scale == 0 && image.height % scale == 0 ? scale : 1
        pointer.setCursor(serial: serial, surface: surface,
                          hotspotX: image.hotspotX / bufferScale, hotspotY: image.hotspotY / bufferScale)
        surface.setBufferScale(scale: bufferScale)
        surface.attach(cursor: image)
        surface.damageBuffer(x: 0, y: 0, width: image.width, height: image.height)
        surface.commit()
    }

    /// The seat is gone: its cursor surface goes with it.
    func seatRemoved(_ seat: SeatID) {
        surfaces.removeValue(forKey: seat)?.destroy()
    }
}
