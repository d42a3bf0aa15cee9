import Rendering

/// Why a parsed recording could not be played or its picture saved, in one line.
public enum ReplayError: Error, Sendable, CustomStringConvertible {
    /// The surface needs a buffer larger than ``Replayer/maximumBufferPixels``.
    case tooLarge(width: Int, height: Int, limit: Int)
    case pixelBuffer(PixelBufferError)
    case png(PNGError)
    /// A line of a streamed recording is malformed (or the file could not be read on): what
    /// ``RecordingParser`` would have refused it with.
    case recording(RecordingError)

    public var description: String {
        switch self {
        case let .tooLarge(width, height, limit):
            "the recording needs a \(width)×\(height) buffer; replay draws at most \(limit) pixels"
        case let .pixelBuffer(error): error.description
        case let .png(error): error.description
        case let .recording(error): error.description
        }
    }
}
