import CCairo
import Foundation
import MappedMemory
import Synchronization
import Testing
@testable import Rendering

/// Layers' pixels live in mappings of their own, given back when cairo lets the surface go
/// (BENCHMARKS.md, part C: a heap block freed after a scale change stayed resident).
@Suite struct MappedSurfaceTests {
    /// Whether the page at `address` is mapped in this process (`mincore` fails with ENOMEM on
    /// an unmapped range). Counting /proc/self/maps lines would not do: the kernel merges
    /// neighbouring anonymous mappings.
    static func isMapped(_ address: UnsafeMutableRawPointer) -> Bool {
        var resident: UInt8 = 0
        return mincore(address, 1, &resident) == 0
    }

    @Test func theMappingGoesWithTheLastReferenceToTheSurface() throws {
        let made = try CairoSurface.mappedImage(format: CAIRO_FORMAT_ARGB32, width: 1237, height: 1031)
        var surface: CairoSurface? = made
        let owner = try #require(cairo_surface_get_user_data(made.pointer, MemoryMapping.key))
        weak let mapping = Unmanaged<MemoryMapping>.fromOpaque(owner).takeUnretainedValue()
        let base = try #require(mapping?.base)
        #expect(try #require(surface?.data) == base)
        #expect(Self.isMapped(base))
        // Written and read back like any image surface.
        let context = try CairoContext(surface: made)
        context.setSource(red: 0x34 / 255.0, green: 0x32 / 255.0, blue: 0x9C / 255.0, alpha: 1)
        context.paint()
        surface?.flush()
        #expect(base.assumingMemoryBound(to: UInt32.self)[1237 * 500 + 600] == 0xFF34_329C)
        // A pattern still holds the surface after our wrapper and the context are gone: the
        // memory must stay until cairo destroys the surface, and go then.
        let pattern = cairo_pattern_create_for_surface(made.pointer)
        surface = nil
        _ = consume made
        _ = consume context
        #expect(mapping != nil)
        cairo_pattern_destroy(pattern)
        #expect(mapping == nil, "cairo's destroy hook released the mapping")
    }

    /// An 8K layer's unmapping (8–9 ms here) is not the main thread's: it happens on the
    /// release queue once cairo lets the surface go.
    @Test func aLargeMappingIsUnmappedOffTheCallersThread() throws {
        let before = MappingRelease.unmappedLaterBytes.load(ordering: .relaxed)
        do {
            let large = try CairoSurface.mappedImage(format: CAIRO_FORMAT_RGB24, width: 2048, height: 1024)
            let context = try CairoContext(surface: large)
            context.setSource(red: 1, green: 1, blue: 1, alpha: 1)
            context.paint()
        }
        MappingRelease.waitForReleases()
        #expect(MappingRelease.unmappedLaterBytes.load(ordering: .relaxed) - before >= 2048 * 1024 * 4)
    }

    @Test func aSizeCairoRefusesThrows() {
        #expect(throws: CairoError.self) { try CairoSurface.mappedImage(format: CAIRO_FORMAT_ARGB32, width: 0, height: 10) }
        #expect(throws: CairoError.self) { try CairoSurface.mappedImage(format: CAIRO_FORMAT_ARGB32, width: 40_000, height: 10) }
    }
}
