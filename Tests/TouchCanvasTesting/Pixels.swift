import Rendering
import Foundation
import TouchKit

/// What a fresh renderer draws for `window` into a new buffer: the reference every
/// incremental frame must match pixel for pixel.
@MainActor
public func referenceRender(of window: Window, scale: Double, format: PixelFormat = .argb8888) throws -> PixelBuffer {
    let size = bufferSize(of: window, scale: scale)
    let buffer = try PixelBuffer(width: size.width, height: size.height, format: format)
    _ = ViewRenderer().render(window, into: buffer, scale: scale, bufferAge: 0)
    return buffer
}

/// Buffer pixel size of a window drawn at `scale`, rounded up as the Wayland glue will.
@MainActor
public func bufferSize(of window: Window, scale: Double) -> (width: Int, height: Int) {
    (Int((window.bounds.width * scale).rounded(.up)), Int((window.bounds.height * scale).rounded(.up)))
}

/// Pixels whose stored values differ, as "(x, y): a vs b" lines, at most `limit` of them.
public func differences(_ a: PixelBuffer, _ b: PixelBuffer, limit: Int = 5) -> [String] {
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

/// The largest difference of any channel of any pixel, in 1/255: for pictures that may differ by
/// rounding (compositing in 8 bits is not associative) but by nothing a user could see.
public func largestDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    guard a.width == b.width, a.height == b.height else { return 255 }
    var worst = 0
    for y in 0..<a.height {
        if memcmp(a.baseAddress + y * a.stride, b.baseAddress + y * b.stride, a.width * 4) == 0 { continue }
        for x in 0..<a.width {
            if let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) { worst = max(worst, p.distance(to: q)) }
        }
    }
    return worst
}

/// How many pixels satisfy `predicate(x, y, storedValue)`.
public func count(in buffer: PixelBuffer, where predicate: (Int, Int, UInt32) -> Bool) -> Int {
    var n = 0
    for y in 0..<buffer.height {
        for x in 0..<buffer.width {
            if let raw = buffer.rawPixel(x: x, y: y), predicate(x, y, raw) { n += 1 }
        }
    }
    return n
}

/// The stored bytes of every row (without stride padding), for byte-for-byte comparisons.
public func rowBytes(_ buffer: PixelBuffer) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(buffer.width * buffer.height * 4)
    for y in 0..<buffer.height {
        let row = UnsafeRawBufferPointer(start: buffer.baseAddress + y * buffer.stride, count: buffer.width * 4)
        bytes.append(contentsOf: row)
    }
    return bytes
}

/// True when every channel lies strictly between the two colours' channels: an antialiased
/// blend of them.
public func isBlend(_ pixel: PixelColor?, between a: PixelColor, and b: PixelColor) -> Bool {
    guard let pixel else { return false }
    func between(_ v: UInt8, _ p: UInt8, _ q: UInt8) -> Bool { v > min(p, q) && v < max(p, q) }
    return between(pixel.red, a.red, b.red) && between(pixel.green, a.green, b.green)
        && between(pixel.blue, a.blue, b.blue)
}

extension PixelBuffer {
    /// The pixel under a logical point at `scale`.
    public func pixel(atLogical x: Double, _ y: Double, scale: Double) -> PixelColor? {
        pixel(x: Int((x * scale).rounded(.down)), y: Int((y * scale).rounded(.down)))
    }

    public func count(where matches: (PixelColor) -> Bool) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y).map(matches) == true { count += 1 }
        }
        return count
    }
}

extension PixelColor {
    /// `color` drawn at some opacity over white: each channel implies the same opacity.
    public func isBlend(of color: PixelColor, over background: PixelColor = .white) -> Bool {
        let channels = [(red, color.red, background.red), (green, color.green, background.green),
                        (blue, color.blue, background.blue)]
        let alphas = channels.compactMap { value, ink, back -> Double? in
            ink == back ? nil : (Double(back) - Double(value)) / (Double(back) - Double(ink))
        }
        guard let low = alphas.min(), let high = alphas.max() else { return true }
        return low >= -0.02 && high <= 1.02 && high - low <= 0.08
    }
}
