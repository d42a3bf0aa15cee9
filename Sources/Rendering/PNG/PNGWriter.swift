import CCairo

/// Saves pixels as PNG files, never destroying what had the name (see ``OutputFile``).
///
/// ```swift
/// try PNGWriter().write(buffer, to: "/home/me/touchcanvas.png")
/// ```
///
/// The PNG is encoded by cairo's stream API straight into the ``OutputFile`` (usually a
/// temporary file beside the destination, renamed into place once synced). Either the complete
/// new file is there or the old state is untouched; a ``PNGError`` says what went wrong.
public struct PNGWriter: Sendable {
    let fileSystem: FileSystem

    public init() {
        self.init(fileSystem: .live)
    }

    /// Tests inject failing system calls here.
    init(fileSystem: FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Writes `buffer`, or only `region` of it, to `path`, replacing any file there.
    ///
    /// `argb8888` buffers become RGBA PNGs (unpremultiplied), `xrgb8888` buffers RGB PNGs.
    public func write(_ buffer: PixelBuffer, region: PixelRect? = nil, to path: String) throws(PNGError) {
        let parts = PathParts(path)
        guard !parts.fileName.isEmpty, parts.fileName != ".", parts.fileName != ".." else {
            throw PNGError(path: path, step: .invalidPath)
        }
        let source = try surface(of: buffer, region: region, path: path)
        try save(to: path, kind: "PNG") { fd throws(PNGError) in
            try encode(source, into: fd, path: path)
        }
    }

    /// The write path shared by every file we save (``OutputFile``): `fill` writes the content
    /// to the descriptor, then the output is committed, or discarded on failure.
    func save(to path: String, kind: String,
                         _ fill: (Int32) throws(PNGError) -> Void) throws(PNGError) {
        let output = try OutputFile(path: path, kind: kind, fileSystem: fileSystem)
        do throws(PNGError) {
            try fill(output.descriptor)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Writes all of `bytes` to `fd`, as the PNG sink does for cairo.
    func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String, kind: String) throws(PNGError) {
        if let error = OutputFile.writeAll(bytes, to: fd, fileSystem: fileSystem) {
            throw PNGError(path: path, step: .write, errno: error, kind: kind)
        }
    }

    /// The surface to encode: the buffer's own, or one over the region's pixels (no copy).
    private func surface(of buffer: PixelBuffer, region: PixelRect?, path: String) throws(PNGError) -> CairoSurface {
        buffer.surface.flush()
        guard let region, region != buffer.bounds else { return buffer.surface }
        let area = region.intersection(buffer.bounds)
        guard area == region, let w = Int32(exactly: area.width), let h = Int32(exactly: area.height),
              let stride = Int32(exactly: buffer.stride)
        else { throw PNGError(path: path, step: .invalidRegion) }
        do {
            return try .image(over: buffer.baseAddress + area.minY * buffer.stride + area.minX * 4,
                              format: buffer.format.cairoFormat, width: w, height: h, stride: stride)
        } catch {
            throw PNGError(path: path, step: .write, cairo: error)
        }
    }

    private func encode(_ surface: CairoSurface, into fd: Int32, path: String) throws(PNGError) {
        let sink = PNGFileSink(fd: fd, fileSystem: fileSystem)
        do {
            try withExtendedLifetime(sink) { () throws(CairoError) in
                try surface.writePNG(to: pngFileSinkWrite, closure: Unmanaged.passUnretained(sink).toOpaque())
            }
        } catch {
            // Our own errno explains a write failure better than cairo's WRITE_ERROR.
            throw PNGError(path: path, step: .write, errno: sink.error, cairo: sink.error == nil ? error : nil)
        }
        if let error = sink.error { throw PNGError(path: path, step: .write, errno: error) }
    }
}

/// Where cairo's PNG encoder sends its bytes: a file descriptor, remembering the first error.
private final class PNGFileSink {
    let fd: Int32
    let fileSystem: FileSystem
    var error: Errno?

    init(fd: Int32, fileSystem: FileSystem) {
        self.fd = fd
        self.fileSystem = fileSystem
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        error = OutputFile.writeAll(bytes, to: fd, fileSystem: fileSystem)
        return error == nil
    }
}

/// The `cairo_write_func_t`; `closure` is an unretained ``PNGFileSink``.
private let pngFileSinkWrite: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<PNGFileSink>.fromOpaque(closure).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
    return sink.write(bytes) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}
