import Canvas
import Foundation
import TouchKit

/// What a fresh renderer draws for `window` into a new buffer: the reference every
/// incremental frame must match pixel for pixel.
@MainActor
func referenceRender(of window: Window, scale: Double, format: PixelFormat = .argb8888) throws -> PixelBuffer {
    let size = bufferSize(of: window, scale: scale)
    let buffer = try PixelBuffer(width: size.width, height: size.height, format: format)
    _ = ViewRenderer().render(window, into: buffer, scale: scale, bufferAge: 0)
    return buffer
}

/// Pixels whose stored values differ, as "(x, y): a vs b" lines, at most `limit` of them.
func differences(_ a: PixelBuffer, _ b: PixelBuffer, limit: Int = 5) -> [String] {
    guard a.width == b.width, a.height == b.height else {
        return ["size \(a.width)×\(a.height) vs \(b.width)×\(b.height)"]
    }
    var found: [String] = []
    for y in 0..<a.height {
        // Whole rows first (the renderer flushes cairo at the end of a frame); pixels only on a mismatch.
        if memcmp(a.baseAddress + y * a.stride, b.baseAddress + y * b.stride, a.width * 4) == 0 { continue }
        for x in 0..<a.width where a.rawPixel(x: x, y: y) != b.rawPixel(x: x, y: y) {
            found.append("(\(x), \(y)): \(a.pixel(x: x, y: y).map(\.description) ?? "-") vs \(b.pixel(x: x, y: y).map(\.description) ?? "-")")
            if found.count >= limit { return found }
        }
    }
    return found
}

/// How many pixels satisfy `predicate(x, y, storedValue)`.
func count(in buffer: PixelBuffer, where predicate: (Int, Int, UInt32) -> Bool) -> Int {
    var n = 0
    for y in 0..<buffer.height {
        for x in 0..<buffer.width {
            if let raw = buffer.rawPixel(x: x, y: y), predicate(x, y, raw) { n += 1 }
        }
    }
    return n
}

/// True when every channel lies strictly between the two colours' channels: an antialiased
/// blend of them.
func isBlend(_ pixel: PixelColor?, between a: PixelColor, and b: PixelColor) -> Bool {
    guard let pixel else { return false }
    func between(_ v: UInt8, _ p: UInt8, _ q: UInt8) -> Bool { v > min(p, q) && v < max(p, q) }
    return between(pixel.red, a.red, b.red) && between(pixel.green, a.green, b.green)
        && between(pixel.blue, a.blue, b.blue)
}
