import Canvas
import Glibc

/// The stored bytes of every row (without stride padding), for byte-for-byte comparisons.
func rowBytes(_ buffer: PixelBuffer) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(buffer.width * buffer.height * 4)
    for y in 0..<buffer.height {
        let row = UnsafeRawBufferPointer(start: buffer.baseAddress + y * buffer.stride, count: buffer.width * 4)
        bytes.append(contentsOf: row)
    }
    return bytes
}

extension PixelBuffer {
    /// The pixel under a logical point at `scale`.
    func pixel(atLogical x: Double, _ y: Double, scale: Double) -> PixelColor? {
        pixel(x: Int((x * scale).rounded(.down)), y: Int((y * scale).rounded(.down)))
    }

    func count(where matches: (PixelColor) -> Bool) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y).map(matches) == true { count += 1 }
        }
        return count
    }
}

extension PixelColor {
    /// `color` drawn at some opacity over white: each channel implies the same opacity.
    func isBlend(of color: PixelColor, over background: PixelColor = .white) -> Bool {
        let channels = [(red, color.red, background.red), (green, color.green, background.green),
                        (blue, color.blue, background.blue)]
        let alphas = channels.compactMap { value, ink, back -> Double? in
            ink == back ? nil : (Double(back) - Double(value)) / (Double(back) - Double(ink))
        }
        guard let low = alphas.min(), let high = alphas.max() else { return true }
        return low >= -0.02 && high <= 1.02 && high - low <= 0.08
    }
}
