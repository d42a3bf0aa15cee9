import CCairo

/// Owns one `cairo_surface_t` (image surfaces only) and destroys it when released.
///
/// Every constructor checks the surface status before returning, so a `CairoSurface` that
/// exists is usable: cairo hands back a special "nil surface" instead of `NULL` on failure,
/// and drawing on it silently does nothing, which is the kind of bug we want at the edge.
final class CairoSurface {
    let pointer: OpaquePointer

    /// Takes ownership of a surface reference; destroys it and throws if it is in error.
    init(adopting pointer: OpaquePointer?) throws(CairoError) {
        guard let pointer else { throw .noMemory }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw CairoError(status)
        }
        self.pointer = pointer
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// A surface over memory someone else owns (`cairo_image_surface_create_for_data`).
    /// The memory must outlive the surface; cairo never frees it.
    static func image(
        over data: UnsafeMutableRawPointer, format: cairo_format_t,
        width: Int32, height: Int32, stride: Int32
    ) throws(CairoError) -> CairoSurface {
        try CairoSurface(adopting: cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), format, width, height, stride))
    }

    /// A surface whose zero-filled pixels cairo allocates and frees.
    static func image(format: cairo_format_t, width: Int32, height: Int32) throws(CairoError) -> CairoSurface {
        try CairoSurface(adopting: cairo_image_surface_create(format, width, height))
    }

    /// Decodes a PNG file (`cairo_image_surface_create_from_png`).
    static func png(atPath path: String) throws(CairoError) -> CairoSurface {
        try CairoSurface(adopting: cairo_image_surface_create_from_png(path))
    }

    var data: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)) }
    var format: cairo_format_t { cairo_image_surface_get_format(pointer) }
    var width: Int { Int(cairo_image_surface_get_width(pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Finishes pending drawing so the memory can be read directly.
    func flush() {
        cairo_surface_flush(pointer)
    }

    /// Tells cairo the memory was written behind its back, so it drops any cached copy.
    func markDirty() {
        cairo_surface_mark_dirty(pointer)
    }

    /// Encodes the surface as PNG through a caller-supplied write function.
    func writePNG(
        to write: cairo_write_func_t, closure: UnsafeMutableRawPointer
    ) throws(CairoError) {
        try cairo_surface_write_to_png_stream(pointer, write, closure).check()
    }
}
