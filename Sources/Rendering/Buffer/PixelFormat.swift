import CCairo

/// How a 32-bit pixel is laid out in a ``PixelBuffer``.
///
/// Both formats are one native-endian `UInt32` per pixel, `0xAARRGGBB`, so on little-endian
/// machines the bytes in memory are B, G, R, A. That is the same layout under three names:
/// `wl_shm` `argb8888`/`xrgb8888`, DRM `AR24`/`XR24`, and cairo `ARGB32`/`RGB24`, which is why
/// a shared-memory buffer from the compositor can be drawn into by cairo with no conversion.
public enum PixelFormat: Sendable, Hashable, CustomStringConvertible {
    /// Premultiplied alpha: colour channels are already multiplied by alpha
    /// (`CAIRO_FORMAT_ARGB32`, `wl_shm` `argb8888`).
    case argb8888
    /// The top byte is ignored and the pixel is opaque (`CAIRO_FORMAT_RGB24`, `wl_shm` `xrgb8888`).
    case xrgb8888

    /// Every supported format uses four bytes per pixel.
    public var bytesPerPixel: Int { 4 }

    /// Whether the alpha byte means anything.
    public var hasAlpha: Bool { self == .argb8888 }

    public var description: String {
        switch self {
        case .argb8888: "argb8888"
        case .xrgb8888: "xrgb8888"
        }
    }

    /// The smallest row length in bytes cairo accepts for `width` pixels, or `nil` if the width
    /// is too large for cairo (`cairo_format_stride_for_width`).
    public func minimumStride(forWidth width: Int) -> Int? {
        guard width > 0, let width32 = Int32(exactly: width) else { return nil }
        let stride = cairo_format_stride_for_width(cairoFormat, width32)
        return stride > 0 ? Int(stride) : nil
    }

    var cairoFormat: cairo_format_t {
        switch self {
        case .argb8888: CAIRO_FORMAT_ARGB32
        case .xrgb8888: CAIRO_FORMAT_RGB24
        }
    }

    init?(_ format: cairo_format_t) {
        switch format {
        case CAIRO_FORMAT_ARGB32: self = .argb8888
        case CAIRO_FORMAT_RGB24: self = .xrgb8888
        default: return nil
        }
    }
}
