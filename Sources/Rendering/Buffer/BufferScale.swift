/// How many buffer pixels a window draws per logical pixel, and how the compositor learns it.
///
/// An integer scale goes to the compositor as a buffer scale: the buffer is exactly `scale`
/// times the logical size. A fractional scale (a compositor's preferred scale in 120ths, as
/// `wp_fractional_scale_v1` carries it) cannot: the buffer is drawn at the rounded fractional
/// size and shown through a viewport at the logical size, so one buffer pixel is one device
/// pixel and strokes stay crisp at 1.25 or 1.5 instead of being drawn at 2 and shrunk.
public enum BufferScale: Equatable, Sendable {
    case integer(Int)
    /// The compositor's preferred scale in 120ths: 150 is 1.25, 180 is 1.5.
    case fractional(per120: Int)

    /// Buffer pixels per logical pixel, for the renderer.
    public var factor: Double {
        switch self {
        case .integer(let scale): return Double(max(scale, 1))
        case .fractional(let per120): return Double(max(per120, 1)) / 120
        }
    }

    /// The integer buffer scale to declare: 1 when a viewport maps the buffer instead.
    public var declaredBufferScale: Int {
        switch self {
        case .integer(let scale): return max(scale, 1)
        case .fractional: return 1
        }
    }

    /// The scale rounded up, for what only comes in whole scales (cursor themes, recordings).
    public var ceiling: Int {
        switch self {
        case .integer(let scale): return max(scale, 1)
        case .fractional(let per120): return max(1, (per120 + 119) / 120)
        }
    }

    /// Buffer pixels for `logical` logical pixels. The fractional size rounds half up, the
    /// rounding wp_fractional_scale_v1 asks of clients, so compositor and client agree on which
    /// device pixel a logical coordinate lands on.
    public func bufferLength(_ logical: Int) -> Int {
        switch self {
        case .integer(let scale): return logical * max(scale, 1)
        case .fractional(let per120): return (logical * max(per120, 1) + 60) / 120
        }
    }

    /// The largest logical length whose buffer still fits in `maximumPixels` (e.g. the app's
    /// `BufferLimits.maximumSide`, the most a buffer may have on a side).
    public func largestLogicalLength(fitting maximumPixels: Int) -> Int {
        switch self {
        case .integer(let scale): return maximumPixels / max(scale, 1)
        case .fractional(let per120): return (maximumPixels * 120 + 59) / max(per120, 1)
        }
    }
}
