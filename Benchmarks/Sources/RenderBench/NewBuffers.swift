import BenchmarkSupport
import Rendering
import Glibc
import MappedMemory
import TouchCanvasApp
import Wayland

/// What the main thread spends on the first frame into a new 7680×4320 shm buffer (the
/// largest window the app makes): the frame drawn into fresh memory, whose pages it faults in,
/// against the same frame into memory a ``PagePrefaulter`` faulted in on its worker first (the
/// app's way). The session is already at that size, so the frame is a full
/// repaint and nothing else; the memory is the app's own `SharedMemory`, a memfd mapping as a
/// `wl_shm` buffer has. Interleaved rounds, so the ratio comes from one run.
@MainActor
func runNewBuffers(quick: Bool) throws {
    log("measuring first frames into new 8K buffers…")
    let width = 7680, height = 4320
    let session = AppSession(.init(scene: .trace, width: Double(width), height: Double(height), showsOverlays: false))
    // The session's own layers at this size, allocated and faulted once, outside the timings.
    let warm = try PixelBuffer(width: width, height: height, format: .xrgb8888)
    _ = session.displayFrame(into: warm, scale: 1, bufferAge: 0)
    guard let prefaulter = PagePrefaulter() else { throw BenchError("no eventfd for the prefaulter") }

    func frame(into memory: SharedMemory) throws -> Double {
        let pixels = try PixelBuffer(borrowing: memory.address, width: width, height: height, stride: width * 4, format: .xrgb8888)
        session.window.setNeedsDisplay()
        return measure { _ = session.displayFrame(into: pixels, scale: 1, bufferAge: 0) }
    }

    var fresh = Samples(), prefaulted = Samples(), worker = Samples()
    for _ in 0..<(quick ? 3 : 9) {
        let (cold, coldFD) = try SharedMemory.make(byteCount: width * height * 4)
        close(coldFD)
        fresh.append(try frame(into: cold))

        let (warmed, warmedFD) = try SharedMemory.make(byteCount: width * height * 4)
        close(warmedFD)
        let started = monotonicNanoseconds()
        var done: UInt64 = 0
        prefaulter.prefault(warmed) { done = monotonicNanoseconds() }
        prefaulter.waitForAll()
        worker.append(Double(done - started))
        prefaulted.append(try frame(into: warmed))
    }
    // Dropping the last buffer of the old size: its unmapping, inline (a shared anonymous
    // mapping, shmem as a memfd is) against the app's SharedMemory, which hands it to a queue.
    var inline = Samples(), handed = Samples()
    for _ in 0..<(quick ? 3 : 9) {
        let bytes = width * height * 4
        guard let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else {
            throw BenchError("mmap failed")
        }
        memset(raw, 0xFF, bytes)
        inline.append(measure { munmap(raw, bytes) })
        var (memory, fd): (SharedMemory?, Int32) = try SharedMemory.make(byteCount: bytes)
        close(fd)
        if let memory { memset(memory.address, 0xFF, bytes) }
        handed.append(measure { memory = nil })
        MappingRelease.waitForReleases()
    }
    var table = MarkdownTable(["first frame into a new 7680×4320 shm buffer (main thread)", "median", "spread (min – max)"])
    table.add(["fresh memory, faulted by the frame (before)", Format.ms(fresh.median, 1) + " ms",
               Format.ms(fresh.minimum, 1) + " – " + Format.ms(fresh.maximum, 1) + " ms"])
    table.add(["faulted in by the prefaulter's worker first (now)", Format.ms(prefaulted.median, 1) + " ms",
               Format.ms(prefaulted.minimum, 1) + " – " + Format.ms(prefaulted.maximum, 1) + " ms"])
    table.add(["the worker's prefault, off the main thread (wall time until the loop hears of it)",
               Format.ms(worker.median, 1) + " ms",
               Format.ms(worker.minimum, 1) + " – " + Format.ms(worker.maximum, 1) + " ms"])
    table.add(["dropping an old 7680×4320 buffer: unmapped inline (before)", Format.ms(inline.median, 2) + " ms",
               Format.ms(inline.minimum, 2) + " – " + Format.ms(inline.maximum, 2) + " ms"])
    table.add(["dropping an old 7680×4320 buffer: unmapped on the release queue (now)", Format.ms(handed.median, 2) + " ms",
               Format.ms(handed.minimum, 2) + " – " + Format.ms(handed.maximum, 2) + " ms"])
    print("### A new buffer at 8K\n")
    print(table.text + "\n")
    print("Main thread, before / now: \(Format.fixed(fresh.median / prefaulted.median, 1))×.\n")
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
