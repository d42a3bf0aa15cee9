import Glibc
import MappedMemory
import Synchronization
import Testing
@testable import Wayland
import TouchCanvasTesting

/// A new buffer's memory is faulted in by the worker, not by the main thread's first frame:
/// the pages are resident before the buffer is handed back, and the memory lives as long as the
/// worker needs it.
@MainActor
@Suite(.compositorSlot)
struct PagePrefaulterTests {
    static let bytes = 16 << 20

    /// Waits for the prefaulter's eventfd as the event loop does, then runs what finished.
    func waitReadable(_ prefaulter: PagePrefaulter, timeout milliseconds: Int32 = 10_000) -> Bool {
        var descriptor = pollfd(fd: prefaulter.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) == 1 else { return false }
        prefaulter.runFinished()
        return true
    }

    @Test func aNewMappingIsResidentOnlyOnceItIsPrefaulted() throws {
        let (memory, fd) = try SharedMemory.make(byteCount: Self.bytes)
        close(fd)
        #expect(memory.residentPageCount == 0, "untouched shared memory costs nothing yet")
        let prefaulter = try #require(PagePrefaulter())
        var ready = 0
        prefaulter.prefault(memory) { ready += 1 }
        #expect(prefaulter.pendingCount == 1)
        #expect(waitReadable(prefaulter))
        #expect(ready == 1)
        #expect(prefaulter.pendingCount == 0)
        #expect(memory.residentPageCount == memory.pageCount, "every page faulted in by the worker")
        // Faulting in writes nothing: the kernel's zeroes are still there.
        let bytes = UnsafeRawBufferPointer(start: memory.address, count: memory.byteCount)
        #expect(bytes[0] == 0 && bytes[memory.byteCount / 2] == 0 && bytes[memory.byteCount - 1] == 0)
    }

    @Test func nothingIsReadyBeforeAPrefaultEnds() throws {
        let prefaulter = try #require(PagePrefaulter())
        var descriptor = pollfd(fd: prefaulter.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 0) == 0, "no wake-up without work")
        var ran = false
        prefaulter.runFinished()  // a spurious call runs nothing
        #expect(!ran)
        let (memory, fd) = try SharedMemory.make(byteCount: Self.bytes)
        close(fd)
        prefaulter.prefault(memory) { ran = true }
        #expect(!ran, "completions run on the main thread, from the loop, never inside prefault()")
        prefaulter.waitForAll()
        #expect(ran)
    }

    @Test func completionsRunInOrderAndOnce() throws {
        let prefaulter = try #require(PagePrefaulter())
        var order: [Int] = []
        for k in 0..<4 {
            let (memory, fd) = try SharedMemory.make(byteCount: 4 << 20)
            close(fd)
            prefaulter.prefault(memory) { order.append(k) }
        }
        prefaulter.waitForAll()
        prefaulter.runFinished()
        #expect(order == [0, 1, 2, 3])
    }

    /// A resize may drop the buffer while its memory is being faulted in: the worker keeps the
    /// mapping until it is done, and then it is unmapped.
    @Test func theMemoryOutlivesItsOwnerUntilThePrefaultEnds() throws {
        let prefaulter = try #require(PagePrefaulter())
        weak var released: SharedMemory?
        do {
            let (memory, fd) = try SharedMemory.make(byteCount: Self.bytes)
            close(fd)
            released = memory
            prefaulter.prefault(memory) {}
        }
        prefaulter.waitForAll()
        #expect(released == nil, "unmapped once the worker let go")
    }

    /// Dropping an 8K buffer's memory costs its unmapping (8–9 ms here): that is the release
    /// queue's, not the main thread's in the middle of a resize.
    @Test func aLargeMappingIsUnmappedOnTheReleaseQueue() throws {
        let before = MappingRelease.unmappedLaterBytes.load(ordering: .relaxed)
        do {
            let (memory, fd) = try SharedMemory.make(byteCount: Self.bytes)
            close(fd)
            memset(memory.address, 0xFF, memory.byteCount)
        }
        MappingRelease.waitForReleases()
        #expect(MappingRelease.unmappedLaterBytes.load(ordering: .relaxed) - before >= Self.bytes)
    }

    @Test func anEmptyMappingIsRefusedWithAReason() {
        #expect(throws: ShmError.self) { try SharedMemory.make(byteCount: 0) }
    }
}
