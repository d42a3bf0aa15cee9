/// Why a ``PixelBuffer`` could not be made.
public enum PixelBufferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Width or height is zero, negative, or larger than cairo's 32767-pixel limit.
    case invalidSize(width: Int, height: Int)
    /// The row length is shorter than the pixels need or not a multiple of 4 bytes.
    case invalidStride(stride: Int, minimum: Int)
    /// The memory does not start on a 4-byte boundary, which cairo's pixel code requires.
    case misalignedMemory
    /// Cairo refused the surface for another reason (usually out of memory).
    case cairo(CairoError)

    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            "invalid pixel buffer size \(width)×\(height) (each side must be 1…32767)"
        case let .invalidStride(stride, minimum):
            "invalid pixel buffer stride \(stride) bytes (need a multiple of 4, at least \(minimum))"
        case .misalignedMemory:
            "pixel buffer memory is not 4-byte aligned"
        case let .cairo(error):
            "cannot create pixel buffer: \(error)"
        }
    }
}
