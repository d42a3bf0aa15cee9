/// A fuzzer's input read as a stream of small decisions, front to back.
///
/// Every read succeeds: once the bytes run out each read gives zero (so `false`, the first
/// choice, the smallest value), and the harness stops at its next operation boundary by asking
/// ``isAtEnd``. A short input is thus a short script rather than an error, and libFuzzer's
/// mutations (a byte flipped, inserted or cut) change one decision instead of the whole run.
///
/// Multi-byte values are little-endian, so a mutation of the first byte changes a value a
/// little and of the last a lot, both useful.
public struct ByteReader {
    public let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func uint16() -> UInt16 {
        UInt16(byte()) | UInt16(byte()) << 8
    }

    public mutating func uint32() -> UInt32 {
        UInt32(uint16()) | UInt32(uint16()) << 16
    }

    /// The low bit of the next byte.
    public mutating func bool() -> Bool {
        byte() & 1 == 1
    }

    /// A value in `range`, from one byte when the range has at most 256 values, else two.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let count = range.upperBound - range.lowerBound + 1
        let raw = count <= 256 ? Int(byte()) : Int(uint16())
        return range.lowerBound + raw % count
    }

    /// One of `choices` (which must not be empty).
    public mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[int(in: 0...(choices.count - 1))]
    }

    /// 0…1 in 256 steps.
    public mutating func fraction() -> Double {
        Double(byte()) / 255
    }

    /// Any value a `wl_fixed` (24.8 fixed point) holds: what a compositor can send for a
    /// coordinate, a diameter or an angle, ±8388608 in steps of 1/256.
    public mutating func fixed() -> Double {
        Double(Int32(bitPattern: uint32())) / 256
    }

    /// A coordinate along a side of `span` logical pixels: almost always on the window or just
    /// past its edges (to 1/256 of a pixel, where the views and recognizers are), now and then
    /// anywhere a `wl_fixed` reaches.
    public mutating func coordinate(span: Double) -> Double {
        let coarse = byte()
        guard coarse < 248 else { return fixed() }
        let fine = Double(byte()) / 256
        return (Double(coarse) + fine) / 232 * (span + 16) - 8
    }
}
