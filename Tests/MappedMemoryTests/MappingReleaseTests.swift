import Glibc
import MappedMemory
import Synchronization
import Testing

/// A large mapping goes back to the kernel on the release queue, all of it, in pieces. (That a
/// small one is unmapped at once is not checked: with tests running in parallel, another may map
/// the freed range again before a check could look.)
struct MappingReleaseTests {
    func filledMapping(_ bytes: Int) throws -> UnsafeMutableRawPointer {
        let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let address = try #require(mapped == MAP_FAILED ? nil : mapped)
        memset(address, 0xA5, bytes)
        return address
    }

    @Test func aLargeMappingIsUnmappedWholeOnTheQueue() throws {
        // Not a whole number of pieces: the last one is shorter.
        let bytes = 3 * MappingRelease.piece + 4096
        let address = try filledMapping(bytes)
        let before = MappingRelease.unmappedLaterBytes.load(ordering: .relaxed)
        MappingRelease.unmap(address, byteCount: bytes)
        MappingRelease.waitForReleases()
        // Counted only when every piece's munmap succeeded.
        #expect(MappingRelease.unmappedLaterBytes.load(ordering: .relaxed) - before >= bytes)
    }
}
