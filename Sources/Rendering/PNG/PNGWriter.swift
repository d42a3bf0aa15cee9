import CCairo

/// Saves pixels as PNG files, atomically.
///
/// ```swift
/// try PNGWriter().write(buffer, to: "/home/me/touchcanvas.png")
/// ```
///
/// The PNG is encoded by cairo's stream API straight into a temporary file created next to
/// the destination (same folder, so the final `rename` cannot cross file systems), which is
/// `fsync`ed, closed and renamed over the destination; then the folder is synced so the rename
/// survives a crash. Either the complete new file is there or the old state is untouched: on
/// any failure the temporary file is removed and a ``PNGError`` says what went wrong.
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
        try writeAtomically(to: path, kind: "PNG") { fd throws(PNGError) in
            try encode(source, into: fd, path: path)
        }
    }

    /// The atomic part shared by every file we save: a temporary file beside `path` filled by
    /// `fill`, fsynced, closed, renamed over `path`, then the folder synced.
    func writeAtomically(to path: String, kind: String,
                         _ fill: (Int32) throws(PNGError) -> Void) throws(PNGError) {
        let parts = PathParts(path)
        guard !parts.fileName.isEmpty, parts.fileName != ".", parts.fileName != ".." else {
            throw PNGError(path: path, step: .invalidPath, kind: kind)
        }
        let (temporaryPath, fd) = try createTemporaryFile(in: parts, path: path, kind: kind)
        var isOpen = true
        do throws(PNGError) {
            try fill(fd)
            if case let .failure(error) = fileSystem.fsync(fd) {
                throw PNGError(path: path, step: .sync, errno: error, kind: kind)
            }
            isOpen = false
            // A failed close can report a delayed write error (NFS, quota): the file is suspect.
            if case let .failure(error) = fileSystem.close(fd) {
                throw PNGError(path: path, step: .sync, errno: error, kind: kind)
            }
            if case let .failure(error) = fileSystem.rename(temporaryPath, path) {
                throw PNGError(path: path, step: .rename, errno: error, kind: kind)
            }
        } catch {
            if isOpen { _ = fileSystem.close(fd) }
            _ = fileSystem.unlink(temporaryPath)
            throw error
        }
        syncDirectory(parts.directory)
    }

    /// Writes all of `bytes` to `fd`, as the PNG sink does for cairo.
    func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String, kind: String) throws(PNGError) {
        let sink = PNGFileSink(fd: fd, fileSystem: fileSystem)
        if !sink.write(bytes) {
            throw PNGError(path: path, step: .write, errno: sink.error ?? .noSpace, kind: kind)
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

    /// A new file `.<name>.<random>.tmp` beside the destination; retries if the name is taken.
    private func createTemporaryFile(in parts: PathParts, path: String, kind: String) throws(PNGError) -> (String, Int32) {
        var lastError = Errno(0)
        for _ in 0..<8 {
            let suffix = String(UInt32.random(in: .min ... .max), radix: 36)
            let temporaryPath = "\(parts.directory)/.\(parts.fileName).\(suffix).tmp"
            switch fileSystem.createExclusive(temporaryPath) {
            case let .success(fd):
                return (temporaryPath, fd)
            case let .failure(error) where error.name == "EEXIST":
                lastError = error
            case let .failure(error):
                throw PNGError(path: path, step: .createFile, errno: error, kind: kind)
            }
        }
        throw PNGError(path: path, step: .createFile, errno: lastError, kind: kind)
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

    /// Best effort: the file is complete and in place; a folder that cannot be synced (some
    /// file systems refuse) only weakens crash durability, so it is not reported.
    private func syncDirectory(_ directory: String) {
        guard case let .success(fd) = fileSystem.openDirectory(directory) else { return }
        _ = fileSystem.fsync(fd)
        _ = fileSystem.close(fd)
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
        var rest = bytes
        while !rest.isEmpty {
            switch fileSystem.write(fd, rest) {
            case let .success(count) where count > 0:
                rest = UnsafeRawBufferPointer(rebasing: rest[count...])
            case .success:
                // write(2) returning 0 for a regular file means no progress: treat as a full disk.
                error = .noSpace
                return false
            case let .failure(failure):
                error = failure
                return false
            }
        }
        return true
    }
}

/// The `cairo_write_func_t`; `closure` is an unretained ``PNGFileSink``.
private let pngFileSinkWrite: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<PNGFileSink>.fromOpaque(closure).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
    return sink.write(bytes) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}
