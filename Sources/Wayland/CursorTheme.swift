import CWaylandClient
import CWaylandCursor

/// The pointer images of the user's cursor theme, through libwayland-cursor, which reads
/// `XCURSOR_PATH` themes and falls back to a few built-in images when none is installed.
///
/// The theme owns the `wl_buffer`s of its images (they are not ours to destroy), so they are
/// attached through ``WlSurface/attach(cursor:)`` rather than wrapped in a `WlBuffer`.
@MainActor
public final class CursorTheme {
    /// One frame of a cursor: its buffer (owned by the theme) and hotspot, in buffer pixels.
    public struct Image {
        let buffer: OpaquePointer
        public let width: Int32
        public let height: Int32
        public let hotspotX: Int32
        public let hotspotY: Int32
    }

    private let theme: OpaquePointer
    /// The theme's buffers are proxies on the shm's connection, and destroying the theme destroys
    /// them: holding the shm (and through it the connection) keeps the display from being
    /// disconnected first, which crashed the app on exit whenever a pointer had entered.
    private let shm: WlShm
    /// The nominal size in buffer pixels the theme was loaded at.
    public let size: Int32

    /// Loads `name` (nil: the default theme) at `size` buffer pixels; nil if the library cannot
    /// allocate the theme's shared memory.
    public init?(name: String?, size: Int32, shm: WlShm) {
        guard size > 0, shm.isAlive, let theme = wl_cursor_theme_load(name, size, shm.raw) else { return nil }
        self.theme = theme
        self.shm = shm
        self.size = size
    }

    isolated deinit {
        wl_cursor_theme_destroy(theme)
    }

    /// The first image of the first cursor in `names` that the theme has.
    public func image(named names: [String]) -> Image? {
        for name in names {
            guard let cursor = wl_cursor_theme_get_cursor(theme, name), cursor.pointee.image_count > 0,
                  let first = cursor.pointee.images?[0], let buffer = wl_cursor_image_get_buffer(first) else { continue }
            let image = first.pointee
            return Image(buffer: buffer, width: Int32(clamping: image.width), height: Int32(clamping: image.height),
                         hotspotX: Int32(clamping: image.hotspot_x), hotspotY: Int32(clamping: image.hotspot_y))
        }
        return nil
    }
}

extension WlSurface {
    /// `wl_surface.attach` with a cursor theme's buffer.
    public func attach(cursor image: CursorTheme.Image) {
        guard isAlive else { return }
        withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: 3) { storage in
            guard let args = storage.baseAddress else { return }
            args[0] = wl_argument(o: image.buffer)
            args[1] = wl_argument(i: 0)
            args[2] = wl_argument(i: 0)
            wl_proxy_marshal_array_flags(raw, 1, nil, version, 0, args)
        }
    }
}
