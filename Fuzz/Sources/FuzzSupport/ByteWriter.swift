/// Writes the bytes ``ByteReader`` reads back as the same values: how the seed writer spells
/// a script it means, rather than hoping random bytes say it.
public struct ByteWriter {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    public mutating func uint16(_ value: UInt16) {
        byte(UInt8(truncatingIfNeeded: value))
        byte(UInt8(truncatingIfNeeded: value >> 8))
    }

    public mutating func uint32(_ value: UInt32) {
        uint16(UInt16(truncatingIfNeeded: value))
        uint16(UInt16(truncatingIfNeeded: value >> 16))
    }

    public mutating func bool(_ value: Bool) {
        byte(value ? 1 : 0)
    }

    /// `value`, which must lie in `range`, as ``ByteReader/int(in:)`` reads it.
    public mutating func int(_ value: Int, in range: ClosedRange<Int>) {
        precondition(range.contains(value), "\(value) is outside \(range)")
        let offset = value - range.lowerBound
        if range.upperBound - range.lowerBound + 1 <= 256 {
            byte(UInt8(offset))
        } else {
            uint16(UInt16(offset))
        }
    }

    /// `value` to 1/256, as ``ByteReader/fixed()`` reads it.
    public mutating func fixed(_ value: Double) {
        uint32(UInt32(bitPattern: Int32((value * 256).rounded())))
    }

    /// An exact coordinate: the ``ByteReader/coordinate(span:)`` form that holds any `wl_fixed`.
    public mutating func coordinate(_ value: Double) {
        byte(255)
        fixed(value)
    }
}
