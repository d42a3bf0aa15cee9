import CCairo
import Foundation
import Testing
@testable import Canvas

/// Layers' pixels live in mappings of their own, given back when cairo lets the surface go
/// (BENCHMARKS.md, "Memory at 4K": a heap block freed after a scale change stayed resident).
@Suite struct MappedSurfaceTests {
    /// Mappings of exactly `bytes` rounded to pages in this process now.
    static func mappings(ofBytes bytes: Int) -> Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let size = (bytes + page - 1) / page * page
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return -1 }
        var count = 0
        for line in maps.split(separator: "\n") {
            let range = line.split(separator: " ").first?.split(separator: "-") ?? []
            guard range.count == 2, let low = Int(range[0], radix: 16), let high = Int(range[1], radix: 16) else { continue }
            if high - low == size { count += 1 }
        }
        return count
    }

    @Test func theMappingGoesWithTheLastReferenceToTheSurface() throws {
        // An odd size no other mapping of the test process is likely to have.
        let width: Int32 = 1237, height: Int32 = 1031
        let bytes = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)) * Int(height)
        let before = Self.mappings(ofBytes: bytes)
        var surface: CairoSurface? = try CairoSurface.mappedImage(format: CAIRO_FORMAT_ARGB32, width: width, height: height)
        #expect(Self.mappings(ofBytes: bytes) == before + 1)
        // Written and read back like any image surface.
        let context = try CairoContext(surface: try #require(surface))
        context.setSource(red: 0x34 / 255.0, green: 0x32 / 255.0, blue: 0x9C / 255.0, alpha: 1)
        context.paint()
        surface?.flush()
        let pixels = try #require(surface?.data).assumingMemoryBound(to: UInt32.self)
        #expect(pixels[Int(width) * 500 + 600] == 0xFF34_329C)
        // A pattern still holds the surface after our wrapper and the context are gone: the
        // memory must stay until cairo destroys the surface.
        let pattern = cairo_pattern_create_for_surface(try #require(surface).pointer)
        surface = nil
        _ = consume context
        #expect(Self.mappings(ofBytes: bytes) == before + 1)
        cairo_pattern_destroy(pattern)
        #expect(Self.mappings(ofBytes: bytes) == before)
    }

    @Test func aSizeCairoRefusesThrowsAndLeavesNoMapping() {
        #expect(throws: CairoError.self) { try CairoSurface.mappedImage(format: CAIRO_FORMAT_ARGB32, width: 0, height: 10) }
        #expect(throws: CairoError.self) { try CairoSurface.mappedImage(format: CAIRO_FORMAT_ARGB32, width: 40_000, height: 10) }
    }
}
