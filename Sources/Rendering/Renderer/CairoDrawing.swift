import TouchKit

/// A view that draws its own content with cairo, on top of its `backgroundColor`.
///
/// The renderer calls ``draw(in:rect:)`` whenever any part of the view has to be repainted:
/// because `setNeedsDisplay()` was called, or because something above or below it changed.
/// Drawing happens in the view's bounds coordinates, clipped to its bounds, with the view's
/// effective alpha already applied to every colour:
///
/// ```swift
/// final class StrokeView: View, CairoDrawing {
///     var points: [Point] = []
///     func draw(in context: GraphicsContext, rect: Rect) {
///         context.setColor(Color(rgb: 0x34329C))
///         context.setLineWidth(4)
///         context.setLineCap(.round)
///         context.addLines(points)
///         context.stroke()
///     }
/// }
/// ```
public protocol CairoDrawing: AnyObject {
    /// Draws the view. `rect` (bounds coordinates) covers everything that will be kept from
    /// this call; drawing outside it is clipped away, so a view with a long history can skip
    /// what does not intersect it.
    @MainActor func draw(in context: GraphicsContext, rect: Rect)

    /// The part of the view, in bounds coordinates, whose drawing changed since the last frame,
    /// or `nil` for "all of it". Asked once per frame in which the view has `needsDisplay`;
    /// the view should forget the rect once it has answered.
    ///
    /// This is what keeps a stroke frame at a few hundred pixels of damage on a window-sized
    /// drawing view: the new segment's bounds instead of the whole view. The default is `nil`.
    @MainActor func takeInvalidatedRect() -> Rect?

    /// The same question for a view whose changes are scattered, such as ten fingers drawing
    /// far apart, where one union rectangle would cover most of the window: call `report` once
    /// per changed rectangle (bounds coordinates) and return `true`, or return `false` for "all
    /// of it". Returning `true` without reporting anything means nothing visible changed.
    ///
    /// This is what the renderer asks. The default answers with ``takeInvalidatedRect()``, so a
    /// view implements one of the two. `report` is not escaping: no allocation per frame.
    @MainActor func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool

    /// Whether ``draw(in:rect:)`` paints every pixel of the view's bounds opaquely, backdrop
    /// included, whenever the context has a ``GraphicsContext/backdrop`` — as a drawing that
    /// copies ink pre-composited on it does. The renderer then paints nothing under the view
    /// where it covers the repainted area: no window background, no background fill, no views
    /// beneath, which would all be overwritten. The default is `false`.
    ///
    /// A view answering `true` must keep the promise even when its fast path fails: fill its
    /// bounds with the backdrop and draw on that.
    @MainActor var paintsOwnBackdrop: Bool { get }

    /// Whether every pixel ``draw(in:rect:)`` produces is the same whatever part of the view is
    /// being repainted — as when it only copies or composites images on whole buffer pixels —
    /// so the renderer need not widen repaints around the view to whole shapes. The default is
    /// `false`, right for anything that fills or strokes paths: cairo antialiases a shape cut by
    /// a vertical clip slightly differently (see `widenRepaintToWholeShapes`), and for a
    /// window-wide view widening turns every repaint into full-width bands.
    @MainActor var drawsTheSameUnderAnyClip: Bool { get }
}

extension CairoDrawing {
    @MainActor public func takeInvalidatedRect() -> Rect? { nil }

    @MainActor public var paintsOwnBackdrop: Bool { false }

    @MainActor public var drawsTheSameUnderAnyClip: Bool { false }

    @MainActor public func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        guard let rect = takeInvalidatedRect() else { return false }
        report(rect)
        return true
    }
}
