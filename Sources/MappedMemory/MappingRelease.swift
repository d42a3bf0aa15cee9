import Dispatch
import Glibc
import Synchronization

/// Gives large memory mappings back to the kernel off the caller's thread, for the renderer's
/// shared-memory buffers (`Wayland.SharedMemory`) and the ink layers' pixels
/// (`Rendering.MemoryMapping`) alike.
///
/// Unmapping costs a page-table walk over every resident page: 8–23 ms for a filled 7680×4320
/// mapping here, paid by whoever drops the last buffer or layer of the old size, which is the
/// main thread in the middle of a resize. So a large mapping is unmapped on one serial queue,
/// in pieces: the kernel holds the process's memory-map lock while it unmaps, and a whole
/// 133 MB call made the main thread's next `mmap` wait 8–12 ms behind it. Nothing uses the range
/// meanwhile (its owner is gone), and the kernel reuses the addresses only once they are
/// unmapped. One queue for both kinds, so on a two-core machine the releases of a resize take
/// turns instead of taking both cores from the main thread.
public enum MappingRelease {
    /// Mappings at least this big go to the queue; smaller ones are unmapped at once (4 MiB:
    /// about 0.3 ms inline).
    public static let unmappedLater = 4 << 20
    /// What one munmap call on the queue gives back: 2 MiB, a fraction of a millisecond of the lock.
    public static let piece = 2 << 20
    private static let queue = DispatchQueue(label: "touchcanvas.unmap", qos: .utility)

    /// Bytes the queue has unmapped since the process started (a test hook: the queue's work is
    /// otherwise invisible).
    public static let unmappedLaterBytes = Atomic<Int>(0)

    /// Unmaps `byteCount` bytes at `address`: now when small, else on the queue. The caller
    /// must not touch the range again.
    public static func unmap(_ address: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount >= unmappedLater else {
            munmap(address, byteCount)
            return
        }
        let base = Int(bitPattern: address)
        queue.async {
            var offset = 0
            while offset < byteCount {
                let length = min(piece, byteCount - offset)
                guard munmap(UnsafeMutableRawPointer(bitPattern: base + offset), length) == 0 else { return }
                offset += length
            }
            unmappedLaterBytes.add(byteCount, ordering: .relaxed)
        }
    }

    /// Blocks until every mapping handed to the queue so far is unmapped (tests, benchmarks).
    public static func waitForReleases() { queue.sync {} }
}
