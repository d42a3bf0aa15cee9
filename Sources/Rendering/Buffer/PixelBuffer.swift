import CCairo

/// A rectangle of 32-bit pixels in memory that cairo can draw into.
///
/// The Wayland glue wraps each shared-memory buffer once, when it maps the pool, and hands the
/// same `PixelBuffer` to the renderer every time that `wl_buffer` is reused:
///
/// ```swift
/// let buffer = try PixelBuffer(borrowing: mapping + offset, width: 1024, height: 768,
///                              stride: 4096, format: .argb8888)
/// let damage = renderer.render(window, into: buffer, scale: 1, bufferAge: age)
/// ```
///
/// It is a class because it owns resources that must exist once per memory block: the cairo
/// surface over the pixels and a reusable cairo context, so a steady-state frame allocates
/// nothing. It is not `Sendable`: the pixels are shared mutable memory.
public final class PixelBuffer {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the next.
    public let stride: Int
    public let format: PixelFormat
    /// The first byte of the first row.
    public let baseAddress: UnsafeMutableRawPointer

    let surface: CairoSurface
    private var cachedContext: CairoContext?

    /// Wraps memory someone else owns, such as an `mmap`ed `wl_shm` pool.
    ///
    /// The memory must stay mapped and writable for the whole life of the buffer; the buffer
    /// never frees it. Nothing is written until something is drawn.
    ///
    /// - Throws: ``PixelBufferError`` for a size, stride or alignment cairo cannot use.
    public init(
        borrowing baseAddress: UnsafeMutableRawPointer,
        width: Int, height: Int, stride: Int, format: PixelFormat
    ) throws(PixelBufferError) {
        let (w, h, s) = try Self.validate(width: width, height: height, stride: stride, format: format)
        guard Int(bitPattern: baseAddress) % 4 == 0 else { throw .misalignedMemory }
        do {
            surface = try .image(over: baseAddress, format: format.cairoFormat, width: w, height: h, stride: s)
        } catch {
            throw .cairo(error)
        }
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }

    /// Allocates zero-filled pixels (transparent black) owned by the buffer, for tests and
    /// headless rendering.
    ///
    /// - Throws: ``PixelBufferError`` for an unusable size or when memory runs out.
    public init(width: Int, height: Int, format: PixelFormat = .argb8888) throws(PixelBufferError) {
        let minimum = format.minimumStride(forWidth: width) ?? 0
        let (w, h, _) = try Self.validate(width: width, height: height, stride: minimum, format: format)
        do {
            surface = try .image(format: format.cairoFormat, width: w, height: h)
        } catch {
            throw .cairo(error)
        }
        guard let data = surface.data else { throw .cairo(.noMemory) }
        baseAddress = data
        self.width = width
        self.height = height
        self.stride = surface.stride
        self.format = format
    }

    /// Adopts a decoded image surface (see ``PNGReader``). Only 32-bit formats are accepted.
    init(adopting surface: CairoSurface) throws(PixelBufferError) {
        guard let format = PixelFormat(surface.format), let data = surface.data else {
            throw .cairo(CairoError(CAIRO_STATUS_INVALID_FORMAT))
        }
        baseAddress = data
        self.surface = surface
        self.format = format
        width = surface.width
        height = surface.height
        stride = surface.stride
    }

    /// The whole buffer, `0, 0, width, height`.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Call after writing the pixels through ``baseAddress`` (or any other alias of the
    /// memory) so cairo does not draw over them from a stale cache.
    public func markDirty() {
        surface.markDirty()
    }

    /// The reusable cairo context, created on first use.
    func context() throws(CairoError) -> CairoContext {
        if let cachedContext { return cachedContext }
        let context = try CairoContext(surface: surface)
        cachedContext = context
        return context
    }

    /// Drops a context that went into a sticky error state; the next ``context()`` is fresh.
    func discardContext() {
        cachedContext = nil
    }

    private static func validate(
        width: Int, height: Int, stride: Int, format: PixelFormat
    ) throws(PixelBufferError) -> (Int32, Int32, Int32) {
        guard (1...32767).contains(width), (1...32767).contains(height),
              let minimum = format.minimumStride(forWidth: width)
        else { throw .invalidSize(width: width, height: height) }
        guard stride >= minimum, stride % 4 == 0, let s = Int32(exactly: stride),
              stride.multipliedReportingOverflow(by: height).overflow == false
        else { throw .invalidStride(stride: stride, minimum: minimum) }
        return (Int32(width), Int32(height), s)
    }
}
