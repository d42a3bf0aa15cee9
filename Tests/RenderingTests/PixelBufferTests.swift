import Rendering
import Testing

@Suite struct PixelBufferTests {
    @Test func ownedBufferStartsTransparentWithCairoStride() throws {
        let buffer = try PixelBuffer(width: 3, height: 2)
        #expect(buffer.stride == 12)
        #expect(buffer.format == .argb8888)
        #expect(buffer.pixel(x: 2, y: 1) == PixelColor(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(buffer.pixel(x: 3, y: 0) == nil)
        #expect(buffer.pixel(x: 0, y: -1) == nil)
    }

    @Test func rejectsUnusableGeometryWithTypedErrors() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 1024, alignment: 16)
        defer { memory.deallocate() }
        #expect(throws: PixelBufferError.invalidSize(width: 0, height: 10)) {
            try PixelBuffer(width: 0, height: 10)
        }
        #expect(throws: PixelBufferError.invalidSize(width: 40000, height: 1)) {
            try PixelBuffer(width: 40000, height: 1)
        }
        #expect(throws: PixelBufferError.invalidStride(stride: 36, minimum: 40)) {
            try PixelBuffer(borrowing: memory, width: 10, height: 10, stride: 36, format: .argb8888)
        }
        #expect(throws: PixelBufferError.invalidStride(stride: 42, minimum: 40)) {
            try PixelBuffer(borrowing: memory, width: 10, height: 10, stride: 42, format: .argb8888)
        }
        #expect(throws: PixelBufferError.misalignedMemory) {
            try PixelBuffer(borrowing: memory + 2, width: 10, height: 10, stride: 40, format: .argb8888)
        }
        let error = PixelBufferError.invalidStride(stride: 36, minimum: 40)
        #expect(error.description.contains("at least 40"))
    }

    @Test func pixelUndoesPremultiplication() throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { memory.deallocate() }
        let buffer = try PixelBuffer(borrowing: memory, width: 2, height: 2, stride: 8, format: .argb8888)
        buffer.fill(0x8040_2010)  // alpha 0x80, premultiplied channels
        let pixel = try #require(buffer.pixel(x: 1, y: 1))
        #expect(pixel.alpha == 0x80)
        #expect(pixel.red == 0x80)    // 0x40 / (0x80 / 255) ≈ 0x80
        #expect(pixel.green == 0x40)
        #expect(pixel.blue == 0x20)
        #expect(buffer.rawPixel(x: 0, y: 0) == 0x8040_2010)
    }

    @Test func xrgbIgnoresTheTopByte() throws {
        let buffer = try PixelBuffer(width: 1, height: 1, format: .xrgb8888)
        buffer.fill(0x00AB_CDEF)
        #expect(buffer.pixel(x: 0, y: 0) == PixelColor(rgb: 0xABCDEF))
    }

    @Test func fillAndCopyStayInsideTheirRects() throws {
        let a = try PixelBuffer(width: 8, height: 8)
        let b = try PixelBuffer(width: 8, height: 8)
        a.fill(0xFF00_00FF)
        b.fill(0xFFFF_0000)
        a.fill(0xFF00_FF00, in: PixelRect(x: 6, y: 6, width: 10, height: 10))
        #expect(a.rawPixel(x: 7, y: 7) == 0xFF00_FF00)
        #expect(a.rawPixel(x: 5, y: 7) == 0xFF00_00FF)

        #expect(b.copy(DamageRegion(PixelRect(x: 1, y: 1, width: 2, height: 2)), from: a))
        #expect(b.rawPixel(x: 1, y: 2) == 0xFF00_00FF)
        #expect(b.rawPixel(x: 3, y: 2) == 0xFFFF_0000)
        #expect(!b.copy(DamageRegion(b.bounds), from: try PixelBuffer(width: 4, height: 4)))
    }

    @Test func pixelColorPrintsAsHex() {
        #expect(PixelColor(rgb: 0xAAAAAA).description == "#AAAAAA")
        #expect(PixelColor(rgb: 0x0A0B0C, alpha: 0x80).description == "#0A0B0C80")
        #expect(PixelColor(rgb: 0xAAAAAA).distance(to: PixelColor(rgb: 0xABA8AA)) == 2)
    }
}
