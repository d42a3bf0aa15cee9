import CCairo
import Glibc
import MappedMemory

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

    /// A surface over zero-filled pixels in an anonymous memory mapping of its own, unmapped
    /// when cairo destroys the surface (the last reference, whoever holds it).
    ///
    /// Why not cairo's own allocation: that goes through malloc, and glibc raises its mmap
    /// threshold each time it frees a large mapped block, so after a scale change the next layer
    /// of that size came from the heap and stayed resident after it was freed. The 30-minute
    /// soak then saw resident memory depend on the order of its scene and scale changes (some
    /// 3-minute rounds 16–24 MB above others, no growth). A mapping of our own is given back the
    /// moment the surface goes, and its pages are only resident once written.
    static func mappedImage(format: cairo_format_t, width: Int32, height: Int32) throws(CairoError) -> CairoSurface {
        let stride = cairo_format_stride_for_width(format, width)
        guard width > 0, height > 0, stride > 0 else { throw .invalidSize }
        let (bytes, overflow) = Int(stride).multipliedReportingOverflow(by: Int(height))
        guard !overflow, let mapping = MemoryMapping(bytes: bytes) else { throw .noMemory }
        let surface: CairoSurface
        do {
            surface = try image(over: mapping.base, format: format, width: width, height: height, stride: stride)
        } catch {
            mapping.release()
            throw error
        }
        let owner = Unmanaged.passRetained(mapping).toOpaque()
        let status = cairo_surface_set_user_data(surface.pointer, MemoryMapping.key, owner) { owner in
            guard let owner else { return }
            Unmanaged<MemoryMapping>.fromOpaque(owner).takeRetainedValue().release()
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            // Not attached: the surface must go before its memory does.
            _ = consume surface
            Unmanaged<MemoryMapping>.fromOpaque(owner).takeRetainedValue().release()
            throw .noMemory
        }
        return surface
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

/// An anonymous private mapping, zero-filled and not resident until written; see
/// ``CairoSurface/mappedImage(format:width:height:)``.
final class MemoryMapping {
    /// The user-data key a surface's mapping is attached under: cairo compares keys by
    /// address, so it is allocated once and never moves.
    nonisolated(unsafe) static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
    let base: UnsafeMutableRawPointer
    let bytes: Int
    private var isReleased = false

    init?(bytes: Int) {
        guard bytes > 0 else { return nil }
        let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        base = mapped
        self.bytes = bytes
    }

    /// Unmaps the memory (once); a large mapping on the release queue (``MappingRelease``), as
    /// the layer is released by the main thread in the frame that allocates its successor.
    func release() {
        guard !isReleased else { return }
        isReleased = true
        MappingRelease.unmap(base, byteCount: bytes)
    }
}
