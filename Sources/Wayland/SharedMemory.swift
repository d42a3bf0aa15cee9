import CShim
import Glibc
import MappedMemory

/// A memfd and our shared mapping of it: the pixels of a `wl_shm` buffer.
///
/// A class of its own, apart from the buffer, because the mapping may outlive the buffer: a
/// ``PagePrefaulter`` worker holds it while it faults the pages in, and a resize may drop the
/// buffer meanwhile. The memory is unmapped only when the last holder lets go, so a worker never
/// touches an address the process has reused for something else.
///
/// Sendable: its fields never change, and what the worker does to the memory (`madvise`) is
/// the kernel's, before the main thread is told the buffer is ready.
public final class SharedMemory: @unchecked Sendable {
    /// Where the memory is mapped in this process.
    public let address: UnsafeMutableRawPointer
    public let byteCount: Int

    private init(address: UnsafeMutableRawPointer, byteCount: Int) {
        self.address = address
        self.byteCount = byteCount
    }

    /// `byteCount` bytes of new shared memory, zero-filled by the kernel and not resident until
    /// written (or faulted in by a ``PagePrefaulter``), with its memfd. The caller closes the
    /// descriptor once the compositor has its duplicate (the pool request carries one): an open
    /// descriptor per buffer would only count against the process's limit. `name` shows in
    /// `/proc/PID/maps`.
    public static func make(byteCount: Int, name: String = "wayland-shm") throws(ShmError)
        -> (memory: SharedMemory, fileDescriptor: Int32) {
        guard byteCount > 0 else { throw ShmError(description: "refusing an empty shared memory of \(byteCount) bytes") }
        var fd = tc_memfd_create(name, tc_mfd_cloexec | tc_mfd_allow_sealing)
        if fd < 0 && errno == EINVAL { fd = tc_memfd_create(name, tc_mfd_cloexec) }
        guard fd >= 0 else { throw ShmError(description: "memfd_create failed: \(String(cString: strerror(errno)))") }
        var result: Int32
        repeat { result = ftruncate(fd, off_t(byteCount)) } while result < 0 && errno == EINTR
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ShmError(description: "cannot size shared memory to \(byteCount) bytes: \(reason)")
        }
        _ = tc_seal_shrink_grow(fd)  // best effort: older kernels refuse seals
        guard let map = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ShmError(description: "mmap of \(byteCount) bytes failed: \(reason)")
        }
        return (SharedMemory(address: map, byteCount: byteCount), fd)
    }

    deinit {
        // An 8K buffer's unmapping is the release queue's, not the main thread's mid-resize.
        MappingRelease.unmap(address, byteCount: byteCount)
    }

    /// How many of the mapping's pages are resident now (`mincore`): what a prefault did, or
    /// what the first frame will still have to fault. Nil if the kernel would not say.
    var residentPageCount: Int? {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return nil }
        let pages = (byteCount + page - 1) / page
        var vector = [UInt8](repeating: 0, count: pages)
        guard mincore(address, byteCount, &vector) == 0 else { return nil }
        return vector.reduce(0) { $0 + Int($1 & 1) }
    }

    /// The number of pages the mapping spans.
    var pageCount: Int {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)
        return (byteCount + page - 1) / page
    }
}
