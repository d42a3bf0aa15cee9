import TouchKit

/// Draws a TouchKit view tree into pixel buffers, repainting only what changed.
///
/// ```swift
/// let renderer = ViewRenderer()
/// // each frame, into whichever shm buffer is free:
/// window.advanceAnimations()
/// let damage = renderer.render(window, into: buffer, scale: 2, bufferAge: buffer.age)
/// if !damage.isEmpty { /* damage_buffer each rect, attach, commit */ }
/// ```
///
/// The renderer remembers, for every view it drew, the rectangle it covered (surface
/// coordinates, presentation values, plus ``antialiasMargin``) and what it looked like. A
/// frame's damage is the old and new rectangle of every view that moved, changed, appeared,
/// disappeared, changed paint order or had `needsDisplay`; drawing is clipped to that damage
/// (plus older damage the buffer missed, see `bufferAge`), so an unchanged frame costs a
/// comparison of the window's `changeCount` and draws nothing.
///
/// Drawing order is back to front: the window background (`backgroundColor`, white when `nil`),
/// then every visible view as a rounded rectangle of its `backgroundColor` with its
/// `presentationCornerRadius` (a circle when the radius is half the side), then the content of
/// views conforming to ``CairoDrawing``. Where a view that paints its own backdrop
/// (``CairoDrawing/paintsOwnBackdrop``, such as ink copied pre-composited on its white) covers
/// the repainted area, painting starts at it: what lies beneath would only be overwritten. A
/// view's opacity is the product of `presentationAlpha` from it up to the window's children;
/// hidden or fully transparent views hide their subtrees.
/// Children are positioned as `UIView` does: parent origin + child frame origin − parent
/// bounds origin; the window's bounds origin is the top-left pixel of the buffer. Subviews are
/// not clipped to their parents (TouchKit has no `clipsToBounds`); a ``CairoDrawing`` view's
/// own drawing is clipped to its bounds, because its damage is tracked by its rectangle. The
/// window's own alpha, corner radius and `isHidden` are the compositor's business and ignored.
///
/// Use one renderer per window: rendering consumes each view's `needsDisplay` (and
/// ``CairoDrawing/takeInvalidatedRects(_:)``), so a second renderer would miss those changes.
///
/// The renderer's own state is `@exclusivity(unchecked)`: a frame touches it hundreds of times,
/// the runtime checks were a measurable share of the frame (BENCHMARKS.md, part A), and a frame
/// runs start to finish on the main actor without calling back into the renderer.
@MainActor
public final class ViewRenderer {
    /// Logical pixels added around each view's rectangle in the damage, for antialiasing.
    public nonisolated static let antialiasMargin = 1.0

    /// The oldest buffer age the renderer can bring up to date without a full repaint.
    public let maximumBufferAge: Int

    /// What a frame is drawn for; when any of it changes, every buffer is stale.
    struct Target: Equatable {
        var width: Int
        var height: Int
        var format: PixelFormat
        var scale: Double
        var background: Color
        /// The window point drawn at the buffer's top-left, less the window's bounds origin.
        var origin: Point
    }

    @exclusivity(unchecked) var target: Target?
    @exclusivity(unchecked) weak var lastWindow: Window?
    @exclusivity(unchecked) var lastChangeCount: UInt64 = 0
    @exclusivity(unchecked) var frameNumber: UInt64 = 0
    @exclusivity(unchecked) var records: [ObjectIdentifier: ViewRecord] = [:]
    // Scratch storage reused every frame, so a steady-state frame allocates nothing.
    @exclusivity(unchecked) var drawList: [DrawItem] = []
    @exclusivity(unchecked) var staleKeys: [ObjectIdentifier] = []
    @exclusivity(unchecked) var frameDamage = DamageRegion()
    /// The damage returned by the frame before, which the caller may still hold (a benchmark
    /// keeps the last one): frames alternate between the two, so emptying this frame's storage
    /// never has to copy one the caller holds.
    @exclusivity(unchecked) var previousFrameDamage = DamageRegion()
    @exclusivity(unchecked) var repaint = DamageRegion()
    @exclusivity(unchecked) var widenScratch = DamageRegion()
    /// What the view being compared reported through `takeInvalidatedRects`.
    @exclusivity(unchecked) var invalidatedRects: [Rect] = []
    /// Round views (touch spots) are composited through these instead of filled as paths.
    let circleMasks = CircleMasks()
    /// False fills round views as paths, as before the masks (tests compare the two).
    var masksCircles = true
    @exclusivity(unchecked) var history: DamageHistory
    /// The scale of the frame being collected, and whether it is repainted whole anyway
    /// (then ``addDamage(_:)`` records nothing).
    @exclusivity(unchecked) var collectingScale = 1.0
    @exclusivity(unchecked) var collectingFullFrame = false

    /// The last cairo failure, if any; the frame it happened in was reported as fully damaged
    /// and the renderer started over.
    @exclusivity(unchecked) public private(set) var lastError: CairoError?

    /// - Parameter maximumBufferAge: the oldest buffer age repaired by repainting recent damage
    ///   instead of everything (foot keeps up to 4 buffers; more is rarely useful). At least 1.
    public init(maximumBufferAge: Int = 4) {
        self.maximumBufferAge = max(1, maximumBufferAge)
        // Age N needs the damage of the N − 1 frames before this one.
        history = DamageHistory(capacity: max(1, maximumBufferAge - 1))
    }

    /// The pixels the last ``render(_:into:scale:bufferAge:origin:)`` call repainted: its damage
    /// plus what the buffer had missed. For diagnostics and benchmarks.
    public var lastRepaintedRegion: DamageRegion { repaint }

    /// Forgets everything drawn: the next frame repaints every buffer in full.
    public func invalidate() {
        records.removeAll()
        history.removeAll()
        target = nil
        lastWindow = nil
    }

    /// Whether the last frame drawn is still what `window` looks like, for a buffer of this size,
    /// format and scale: then ``render(_:into:scale:bufferAge:origin:)`` would draw nothing into a
    /// buffer that holds that frame. Lets a surface with nothing new skip taking a buffer at all
    /// (the app's window frame, which is asked on every display frame of the content but rarely changes).
    /// `origin` as in ``render(_:into:scale:bufferAge:origin:)``.
    public func isUpToDate(_ window: Window, width: Int, height: Int, format: PixelFormat, scale: Double,
                           origin: Point = .zero) -> Bool {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        guard let target, lastWindow === window, window.changeCount == lastChangeCount, !window.needsDisplay
        else { return false }
        return target == Target(width: width, height: height, format: format, scale: scale,
                                background: window.backgroundColor ?? .white, origin: Self.finite(origin))
    }

    /// Brings `buffer` up to date with `window` and returns what changed since the previous
    /// frame, in buffer pixels, for `wl_surface.damage_buffer`.
    ///
    /// - Parameters:
    ///   - window: the same window every frame: what the renderer remembers is of one window, so
    ///     drawing another repaints everything.
    ///   - buffer: one the compositor has released, since drawing into a buffer it still reads
    ///     would tear what is on screen. Its size and format are part of what the renderer
    ///     remembers: a buffer unlike the last frame's is repainted whole.
    ///   - scale: buffer pixels per logical pixel (1, 2, or fractional such as 1.25).
    ///     Non-finite or non-positive values are treated as 1.
    ///   - bufferAge: what `buffer` holds, as in `EGL_EXT_buffer_age`. 0: unknown contents —
    ///     everything is repainted, but only what changed since the previous frame is returned as
    ///     damage (the whole buffer for the first frame at a size). N ≥ 1: the buffer
    ///     holds the frame of N renders ago, so this frame's damage and that of the N − 1 frames
    ///     before it are repainted (everything, if N is older than ``maximumBufferAge``).
    ///   - origin: the point of the window (logical pixels, from its bounds origin) drawn at the
    ///     buffer's top-left, for a buffer that shows one part of the window: the app's own window
    ///     frame draws its title bar into a buffer of the title bar's size (0.6 MB at 3840 wide),
    ///     not of the whole frame's (34 MB at 3840×2160). Non-finite values are 0.
    /// - Returns: empty when nothing changed; then **no pixel was touched and the call does not
    ///   count as a frame**: do not commit, and do not age the buffers. Otherwise commit the
    ///   buffer and age every buffer by one, as foot's `shm.c` does.
    public func render(_ window: Window, into buffer: PixelBuffer, scale: Double, bufferAge: Int,
                       origin: Point = .zero) -> DamageRegion {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let newTarget = Target(width: buffer.width, height: buffer.height, format: buffer.format,
                               scale: scale, background: window.backgroundColor ?? .white, origin: Self.finite(origin))
        let isNewTarget = newTarget != target || lastWindow !== window
        if !isNewTarget, bufferAge > 0, window.changeCount == lastChangeCount, !window.needsDisplay {
            repaint.removeAll()
            return DamageRegion()
        }
        if isNewTarget {
            records.removeAll(keepingCapacity: true)
            history.removeAll()
            target = newTarget
            lastWindow = window
        }

        frameNumber &+= 1
        swap(&frameDamage, &previousFrameDamage)
        frameDamage.removeAll()
        collectingScale = scale
        // A buffer of unknown contents (age 0: new, or too old) is repainted whole below, but its
        // damage is still only what changed since the last frame: the compositor holds the rest
        // already, and a whole-buffer damage would make it upload every pixel again (33 MB at 4K
        // on the first touch after idle, when a swapchain's second buffer is created).
        collectingFullFrame = isNewTarget || window.needsDisplay
        window.clearNeedsDisplay()
        collectDrawList(of: window, origin: newTarget.origin)
        collectDamage()
        lastChangeCount = window.changeCount
        if collectingFullFrame {
            frameDamage.removeAll()
            frameDamage.add(buffer.bounds)
        } else {
            frameDamage.clip(to: buffer.bounds)
        }
        defer { drawList.removeAll(keepingCapacity: true) }

        repaint.removeAll()
        guard !frameDamage.isEmpty else { return frameDamage }
        repaint.formUnion(frameDamage)
        if bufferAge <= 0 || bufferAge > maximumBufferAge
            || !history.accumulate(last: bufferAge - 1, into: &repaint) {
            repaint.removeAll()
            repaint.add(buffer.bounds)
        }
        repaint.clip(to: buffer.bounds)
        widenRepaintToWholeShapes(within: buffer.bounds)

        if let error = paint(into: buffer, scale: scale, background: newTarget.background) {
            // The pixels are unreliable: report everything and start over next frame.
            lastError = error
            buffer.discardContext()
            invalidate()
            frameDamage.removeAll()
            frameDamage.add(buffer.bounds)
            return frameDamage
        }
        history.push(frameDamage)
        return frameDamage
    }
}
