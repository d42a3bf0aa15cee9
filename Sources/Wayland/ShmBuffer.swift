import CShim
import Glibc
import TouchCanvasConstants

/// Why a buffer could not be made; the app reports it in one line.
public struct ShmError: Error, CustomStringConvertible {
    public let description: String
}

/// One `wl_buffer` over its own memfd mapping.
///
/// `isBusy` is true from commit until the compositor's `release`: drawing into a busy buffer
/// would tear what the compositor is reading. `age` follows EGL_EXT_buffer_age: 0 means the
/// contents are unknown, N means they are the frame presented N presents ago.
@MainActor
public final class ShmBuffer {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let data: UnsafeMutableRawPointer
    public let format: WlShm.Format
    public internal(set) var isBusy = false
    public internal(set) var age = 0
    public let wlBuffer: WlBuffer
    private let byteCount: Int
    /// Called when the compositor hands the buffer back (set by the swapchain).
    var onRelease: (() -> Void)?

    init(shm: WlShm, width: Int, height: Int, format: WlShm.Format) throws(ShmError) {
        guard width > 0, height > 0, width <= BufferLimits.maximumSide, height <= BufferLimits.maximumSide else {
            throw ShmError(description: "refusing a \(width)×\(height) buffer")
        }
        let stride = width * 4
        let size = stride * height
        var fd = tc_memfd_create("touchcanvas-shm", tc_mfd_cloexec | tc_mfd_allow_sealing)
        if fd < 0 && errno == EINVAL { fd = tc_memfd_create("touchcanvas-shm", tc_mfd_cloexec) }
        guard fd >= 0 else { throw ShmError(description: "memfd_create failed: \(String(cString: strerror(errno)))") }
        defer { close(fd) }  // the pool request carries its own duplicate
        var result: Int32
        repeat { result = ftruncate(fd, off_t(size)) } while result < 0 && errno == EINTR
        guard result == 0 else {
            throw ShmError(description: "cannot size shared memory to \(size) bytes: \(String(cString: strerror(errno)))")
        }
        _ = tc_seal_shrink_grow(fd)  // best effort: older kernels refuse seals
        guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw ShmError(description: "mmap of \(size) bytes failed: \(String(cString: strerror(errno)))")
        }
        guard let pool = shm.createPool(fd: fd, size: Int32(size)),
              let buffer = pool.createBuffer(offset: 0, width: Int32(width), height: Int32(height),
                                             stride: Int32(stride), format: format) else {
            munmap(map, size)
            throw ShmError(description: "the compositor connection refused a new buffer")
        }
        // The pool is only needed to carve the buffer; the mapping lives on in the compositor.
        pool.destroy()
        self.width = width
        self.height = height
        self.stride = stride
        self.data = map
        self.format = format
        self.byteCount = size
        self.wlBuffer = buffer
        buffer.onEvent = { [weak self] event in
            switch event {
            case .release:
                self?.isBusy = false
                self?.onRelease?()
            }
        }
    }

    isolated deinit {
        munmap(data, byteCount)
    }
}

/// Two or three buffers of the window's size, handed out youngest-free-first (as foot does), so a
/// reused buffer needs only the damage it missed.
@MainActor
public final class ShmSwapchain {
    private let shm: WlShm
    private let format: WlShm.Format
    private let maxBuffers: Int
    public private(set) var buffers: [ShmBuffer] = []
    /// Called when the compositor releases any of the buffers: for a surface that redraws only
    /// on demand (no frame callbacks), the cue that a render which found none free can run.
    public var onRelease: (() -> Void)?

    public init(shm: WlShm, format: WlShm.Format = .xrgb8888, maxBuffers: Int = 3) {
        self.shm = shm
        self.format = format
        self.maxBuffers = max(2, maxBuffers)
    }

    /// A free buffer of this size, or nil when every buffer is still held by the compositor
    /// (then render again on the next release or frame callback).
    public func nextBuffer(width: Int, height: Int) throws(ShmError) -> ShmBuffer? {
        buffers.removeAll { ($0.width != width || $0.height != height) && !$0.isBusy }
        let free = buffers.filter { !$0.isBusy && $0.width == width && $0.height == height }
        if let youngest = free.min(by: { ageRank($0) < ageRank($1) }) { return youngest }
        guard buffers.count < maxBuffers else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height, format: format)
        buffer.onRelease = { [weak self] in self?.onRelease?() }
        buffers.append(buffer)
        return buffer
    }

    /// Call after committing `buffer`: it becomes age 1, every other initialised buffer one older.
    public func didCommit(_ buffer: ShmBuffer) {
        for other in buffers where other !== buffer && other.age > 0 { other.age += 1 }
        buffer.age = 1
        buffer.isBusy = true
    }

    /// Unknown contents sort last: a buffer with history needs less repainting.
    private func ageRank(_ b: ShmBuffer) -> Int { b.age == 0 ? Int.max : b.age }
}
