import TouchCanvasConstants

/// What size a configure gives the window, whatever the compositor sends.
///
/// A compositor may ask for anything in 32 bits. A window larger than all outputs together
/// could show helps nobody and costs a buffer of gigabytes (and seconds per frame), so a
/// configure is held to the outputs' combined extent (their modes: the most logical pixels any
/// scale shows); `configure_bounds` holds the size the app chooses itself; 0 means "you choose"
/// and gives back the last floating size.
struct WindowSizing {
    /// The limit while no output has announced its mode: 8K UHD (7680×4320), the largest
    /// display sold, so any real screen fits, while a window is still bounded at about 130 MB
    /// per buffer. Outputs usually announce their modes just after the first configure.
    static let limitWithoutOutputs = (width: 7680, height: 4320)

    /// The size to return to when the compositor says "you choose": initially `--size`.
    private(set) var floatingSize: (width: Int, height: Int)
    /// `xdg_toplevel.configure_bounds`, when the compositor sent bounds other than 0×0.
    var bounds: (width: Int, height: Int)?
    /// The sum of the outputs' mode widths, and of their heights; nil while none is known.
    var outputsExtent: (width: Int, height: Int)?

    init(floatingSize: (width: Int, height: Int)) { self.floatingSize = floatingSize }

    /// The largest window there is room for.
    var limit: (width: Int, height: Int) {
        let extent = outputsExtent ?? Self.limitWithoutOutputs
        let sides = BufferLimits.logicalSides
        return (min(max(extent.width, sides.lowerBound), sides.upperBound),
                min(max(extent.height, sides.lowerBound), sides.upperBound))
    }

    /// The size a configure of `width`×`height` (0: ours to choose; never negative, which is the
    /// caller's protocol error) gives the content. A floating (unconstrained) size is
    /// remembered. `reservedHeight` is what the window has above its content (our title bar):
    /// the whole window is held to the limit.
    mutating func size(width: Int, height: Int, constrained: Bool, reservedHeight: Int = 0) -> (width: Int, height: Int) {
        var chosen = (width: width > 0 ? width : floatingSize.width, height: height > 0 ? height : floatingSize.height)
        // Bounds hold what we choose; a size the compositor set is its own business.
        if let bounds {
            if width <= 0, bounds.width > 0 { chosen.width = min(chosen.width, bounds.width) }
            if height <= 0, bounds.height > 0 { chosen.height = min(chosen.height, bounds.height) }
        }
        let limit = limit
        let size = (width: min(max(chosen.width, 1), limit.width),
                    height: min(max(chosen.height, 1), max(limit.height - reservedHeight, 1)))
        if !constrained { floatingSize = size }
        return size
    }
}

/// The output scales the app takes: 1 to 8. A scale of 0 or less is no scale at all (taken as
/// 1); above 8 no screen exists (the densest panels sold need 4), and a buffer would outgrow
/// ``BufferLimits/maximumSide`` for any useful window.
enum OutputScale {
    static let range: ClosedRange<Int32> = 1...8

    /// The scale to use for `announced`, and a line to say when it differs.
    static func clamped(_ announced: Int32) -> (scale: Int32, complaint: String?) {
        let scale = min(max(announced, range.lowerBound), range.upperBound)
        guard scale != announced else { return (scale, nil) }
        return (scale, "an output announced scale \(announced); using \(scale) (scales are taken from \(range.lowerBound) to \(range.upperBound))")
    }
}
