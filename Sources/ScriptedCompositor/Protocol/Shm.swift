internal import WaylandServer
import Glibc

/// The client's pool file, mapped read-only and shared by the pool and every buffer carved from it,
/// so buffers stay readable after the pool object is destroyed (as in libwayland's own shm).
final class ShmPoolMemory {
    let fd: Int32
    private(set) var base: UnsafeMutableRawPointer
    private(set) var size: Int

    /// Takes ownership of `fd`. Nil when the fd cannot be mapped (then the fd is closed).
    init?(fd: Int32, size: Int) {
        guard let base = Self.map(fd: fd, size: size) else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.base = base
        self.size = size
    }

    /// Maps the grown pool; the old mapping stays valid if this fails.
    func resize(to newSize: Int) -> Bool {
        guard let newBase = Self.map(fd: fd, size: newSize) else { return false }
        munmap(base, size)
        base = newBase
        size = newSize
        return true
    }

    /// The file still holds `end` bytes. A client that truncates its file would make our read of
    /// the mapping raise SIGBUS and kill the test process; real compositors trap SIGBUS, we check
    /// the size first (a client truncating between the check and the copy could still win).
    func isBacked(upTo end: Int) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && Int(info.st_size) >= end
    }

    deinit {
        munmap(base, size)
        close(fd)
    }

    private static func map(fd: Int32, size: Int) -> UnsafeMutableRawPointer? {
        guard size > 0, let pointer = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0),
              pointer != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        return pointer
    }
}

/// What `create_buffer` described, checked against the pool.
final class ShmBufferInfo {
    let memory: ShmPoolMemory
    let offset: Int
    let width: Int
    let height: Int
    let stride: Int
    let format: UInt32

    init(memory: ShmPoolMemory, offset: Int, width: Int, height: Int, stride: Int, format: UInt32) {
        self.memory = memory
        self.offset = offset
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }

    /// A packed copy of the pixels, or nil when the pool file no longer backs the buffer.
    func copyPixels() -> [UInt8]? {
        let rowBytes = width * 4
        let end = offset + stride * (height - 1) + rowBytes
        guard end <= memory.size, memory.isBacked(upTo: end) else { return nil }
        let source = UnsafeRawPointer(memory.base) + offset
        return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { target, count in
            guard let destination = target.baseAddress else { count = 0; return }
            for row in 0..<height {
                memcpy(destination + row * rowBytes, source + row * stride, rowBytes)
            }
            count = rowBytes * height
        }
    }
}

/// `wl_shm` implemented here rather than with `wl_display_init_shm`, so the compositor sees every
/// pool and buffer and can copy pixels at commit time.
extension ScriptedCompositor {
    static let supportedFormats: [WlShm.Format] = [.argb8888, .xrgb8888]

    func bindShm(_ shm: WlShm) {
        for format in Self.supportedFormats { shm.sendFormat(format: format) }
        shm.onRequest = { [weak self, weak shm] request in
            guard let self, let shm else { return }
            switch request {
            case .createPool(let id, let fd, let size):
                createPool(id, fd: fd, size: size, shm: shm)
            }
        }
    }

    private func createPool(_ id: NewResource<WlShmPool>, fd: Int32, size: Int32, shm: WlShm) {
        guard size > 0 else {
            Glibc.close(fd)
            postError(shm, code: WlShm.Error_.invalidStride.rawValue, "invalid pool size \(size)")
            return
        }
        guard let memory = ShmPoolMemory(fd: fd, size: Int(size)) else {
            postError(shm, code: WlShm.Error_.invalidFd.rawValue, "cannot mmap the pool fd (\(size) bytes)")
            return
        }
        guard let pool = id.create() else { return }
        // The closure owns the mapping; buffers carved from the pool share it.
        pool.onRequest = { [weak self, weak pool] request in
            guard let self, let pool else { return }
            switch request {
            case .createBuffer(let id, let offset, let width, let height, let stride, let format):
                createBuffer(id, pool: pool, memory: memory, offset: offset, width: width, height: height,
                             stride: stride, format: format)
            case .resize(let newSize):
                guard Int(newSize) >= memory.size else {
                    postError(pool, code: WlShm.Error_.invalidStride.rawValue,
                              "shrinking pool from \(memory.size) to \(newSize) bytes")
                    return
                }
                guard memory.resize(to: Int(newSize)) else {
                    postError(pool, code: WlShm.Error_.invalidFd.rawValue, "cannot mmap the resized pool (\(newSize) bytes)")
                    return
                }
            case .destroy:
                break  // buffers keep the mapping alive
            }
        }
    }

    private func createBuffer(_ id: NewResource<WlBuffer>, pool: WlShmPool, memory: ShmPoolMemory, offset: Int32,
                              width: Int32, height: Int32, stride: Int32, format: WlShm.Format) {
        guard Self.supportedFormats.contains(format) else {
            postError(pool, code: WlShm.Error_.invalidFormat.rawValue, "unsupported format \(format.rawValue)")
            return
        }
        // Int64 arithmetic: a hostile stride × height must not overflow into a "valid" size.
        let needed = Int64(offset) + Int64(stride) * Int64(height)
        guard offset >= 0, width > 0, height > 0, Int64(stride) >= Int64(width) * 4,
              needed <= Int64(memory.size) else {
            postError(pool, code: WlShm.Error_.invalidStride.rawValue,
                      "invalid buffer: offset \(offset) \(width)x\(height) stride \(stride) in a \(memory.size)-byte pool")
            return
        }
        guard let buffer = id.create() else { return }
        let key = ObjectIdentifier(buffer)
        shmBuffers[key] = ShmBufferInfo(memory: memory, offset: Int(offset), width: Int(width), height: Int(height),
                                        stride: Int(stride), format: format.rawValue)
        buffer.onDestroy = { [weak self] in self?.shmBuffers[key] = nil }
    }
}
