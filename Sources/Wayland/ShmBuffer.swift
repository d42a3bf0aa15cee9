import CShim
import Glibc

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
    /// The pixels, mapped here and in the compositor.
    public var data: UnsafeMutableRawPointer { memory.address }
    /// Shared with a prefault under way, which may outlive the buffer.
    let memory: SharedMemory
    public let format: WlShm.Format
    public internal(set) var isBusy = false
    /// Its pages are being faulted in on a worker (``PagePrefaulter``): not to be drawn yet.
    public internal(set) var isPreparing = false
    public internal(set) var age = 0
    public let wlBuffer: WlBuffer
    /// Called when the compositor hands the buffer back (set by the swapchain).
    var onRelease: (() -> Void)?

    init(shm: WlShm, width: Int, height: Int, format: WlShm.Format, maximumSide: Int, memoryName: String) throws(ShmError) {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw ShmError(description: "refusing a \(width)×\(height) buffer")
        }
        let stride = width * 4
        let size = stride * height
        let (memory, fd) = try SharedMemory.make(byteCount: size, name: memoryName)
        defer { close(fd) }  // the pool request carries its own duplicate
        guard let pool = shm.createPool(fd: fd, size: Int32(size)),
              let buffer = pool.createBuffer(offset: 0, width: Int32(width), height: Int32(height),
                                             stride: Int32(stride), format: format) else {
            throw ShmError(description: "the compositor connection refused a new buffer")
        }
        // The pool is only needed to carve the buffer; the mapping lives on in the compositor.
        pool.destroy()
        self.width = width
        self.height = height
        self.stride = stride
        self.memory = memory
        self.format = format
        self.wlBuffer = buffer
        buffer.onEvent = { [weak self] event in
            switch event {
            case .release:
                self?.isBusy = false
                self?.onRelease?()
            }
        }
    }
}

/// Two or three buffers of the window's size, handed out youngest-free-first (as foot does), so a
/// reused buffer needs only the damage it missed.
@MainActor
public final class ShmSwapchain {
    private let shm: WlShm
    private let format: WlShm.Format
    private let maxBuffers: Int
    private let maximumSide: Int
    private let memoryName: String
    public private(set) var buffers: [ShmBuffer] = []
    /// Called when the compositor releases any of the buffers: for a surface that redraws only
    /// on demand (no frame callbacks), the cue that a render which found none free can run.
    public var onRelease: (() -> Void)?

    /// The longest side a buffer is made with unless the client says otherwise: more than any
    /// output has, and what GL renderers in compositors take as one texture. A larger request
    /// is refused with an error rather than mapped (a bad size is a client's bug, not memory to
    /// spend).
    public static let defaultMaximumSide = 16384

    /// - Parameters:
    ///   - shm: the compositor's `wl_shm`, which makes the buffers' pools.
    ///   - format: the pixel format of every buffer (`xrgb8888` unless the client draws alpha).
    ///   - maxBuffers: how many buffers at most (at least two: one shown, one drawn).
    ///   - maximumSide: buffers with a longer side are refused (``nextBuffer(width:height:)``
    ///     throws).
    ///   - memoryName: the name each buffer's memfd shows in `/proc/PID/maps`, so a client's
    ///     buffers can be told apart from other mappings when its memory is measured.
    public init(shm: WlShm, format: WlShm.Format = .xrgb8888, maxBuffers: Int = 3,
                maximumSide: Int = defaultMaximumSide, memoryName: String = "wayland-shm") {
        self.shm = shm
        self.format = format
        self.maxBuffers = max(2, maxBuffers)
        self.maximumSide = maximumSide
        self.memoryName = memoryName
    }

    /// Faults new buffers of at least ``prefaultedSize`` bytes in off the main thread; nil: each
    /// is faulted by the first frame drawn into it.
    public var prefaulter: PagePrefaulter?
    /// Below this a new buffer is faulted by its first frame: 4 MiB (1024×1024) faults in about
    /// 1.4 ms here, less than the trip through the worker and the loop costs a frame in latency.
    public static let prefaultedSize = 4 << 20
    /// Called when a new buffer's prefault ended and it can be drawn: render again.
    public var onBufferReady: (() -> Void)?
    /// A new buffer is being faulted in: the next frame waits for it.
    public var isPreparing: Bool { buffers.contains { $0.isPreparing } }

    /// A free buffer of this size, or nil when every buffer is still held by the compositor, or a
    /// new one is being faulted in (then render again on the next release or frame callback, or
    /// at ``onBufferReady``).
    public func nextBuffer(width: Int, height: Int) throws(ShmError) -> ShmBuffer? {
        buffers.removeAll { ($0.width != width || $0.height != height) && !$0.isBusy }
        let free = buffers.filter { !$0.isBusy && !$0.isPreparing && $0.width == width && $0.height == height }
        if let youngest = free.min(by: { ageRank($0) < ageRank($1) }) { return youngest }
        // One new buffer at a time: the one being faulted in is the next.
        guard buffers.count < maxBuffers, !isPreparing else { return nil }
        let buffer = try ShmBuffer(shm: shm, width: width, height: height, format: format,
                                   maximumSide: maximumSide, memoryName: memoryName)
        buffer.onRelease = { [weak self] in self?.onRelease?() }
        buffers.append(buffer)
        guard let prefaulter, buffer.memory.byteCount >= Self.prefaultedSize else { return buffer }
        buffer.isPreparing = true
        prefaulter.prefault(buffer.memory) { [weak self, weak buffer] in
            guard let buffer else { return }
            buffer.isPreparing = false
            // A resize may have dropped it meanwhile: then nobody waits for it.
            guard let self, buffers.contains(where: { $0 === buffer }) else { return }
            onBufferReady?()
        }
        return nil
    }

    /// Call after committing `buffer`: it becomes age 1, every other initialised buffer one older.
    public func didCommit(_ buffer: ShmBuffer) {
        didDraw(buffer)
        didAttach(buffer)
    }

    /// Call after drawing a frame into `buffer` that is not committed yet (a frame held for its
    /// deadline, then drawn into again): it becomes age 1, every other initialised buffer one
    /// older, as at a commit. Each frame drawn counts, so that the next buffer repaints what
    /// every one of them changed.
    public func didDraw(_ buffer: ShmBuffer) {
        for other in buffers where other !== buffer && other.age > 0 { other.age += 1 }
        buffer.age = 1
    }

    /// Call after committing `buffer` whose frames were counted by ``didDraw(_:)``: the
    /// compositor holds it until its release.
    public func didAttach(_ buffer: ShmBuffer) { buffer.isBusy = true }

    /// Unknown contents sort last: a buffer with history needs less repainting.
    private func ageRank(_ b: ShmBuffer) -> Int { b.age == 0 ? Int.max : b.age }
}
