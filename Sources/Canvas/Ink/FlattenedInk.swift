import CCairo
import TouchKit

/// The pixels of an ``InkLayer`` composited over an opaque colour, kept in step with the layer
/// region by region: what a frame copies (`SOURCE`) instead of blending the layer again.
///
/// Why this exists: blending a transparent layer with `OVER` costs more the more ink lies under
/// the repainted area, so with a long drawing every frame got slower (BENCHMARKS.md, "Frame cost
/// over the drawing's history"). A copy costs the same whatever the pixels are. The blend still
/// happens, but once per change of the layer (a stroke completing, an undo), not once per frame.
///
/// Why a second surface rather than drawing strokes straight onto the colour: compositing in 8
/// bits is not associative. Drawing segments one at a time onto white rounds after every
/// segment, while the frame used to blend the accumulated transparent ink onto white once; where
/// antialiased edges overlap the two differ by up to 2/255 (about 4 % of inked pixels in a test
/// with 300 random 8 px strokes). Flattening with the very operation the frame did — fill with
/// the colour, then `OVER` with the layer — gives the same pixels by construction. The price is
/// a second surface the size of the layer (xrgb, 33 MB at 4K).
///
/// Coordinates are the layer's pixels. Owned by one ``InkLayer``; not thread-safe.
final class FlattenedInk {
    let surface: CairoSurface
    private let cairo: CairoContext
    /// The colour under the ink.
    private(set) var backdrop: Color
    /// Layer pixels whose flattened copy is out of date.
    private var stale = DamageRegion()
    /// Every pixel is out of date (then ``stale`` is not kept).
    private var allStale = true

    /// A copy of `width` × `height` pixels, all stale until the first ``update(from:)``.
    init(width: Int, height: Int, backdrop: Color) throws(CairoError) {
        guard let w = Int32(exactly: width), let h = Int32(exactly: height) else { throw .noMemory }
        surface = try CairoSurface.image(format: CAIRO_FORMAT_RGB24, width: w, height: h)
        cairo = try CairoContext(surface: surface)
        self.backdrop = backdrop
    }

    var width: Int { surface.width }
    var height: Int { surface.height }
    var isUpToDate: Bool { !allStale && stale.isEmpty }

    /// Flattens onto `color` from now on; everything is stale if it is a different colour.
    func setBackdrop(_ color: Color) {
        guard color != backdrop else { return }
        backdrop = color
        invalidateAll()
    }

    /// The layer's pixels in `rect` changed.
    func invalidate(_ rect: PixelRect) {
        guard !allStale else { return }
        stale.add(rect)
    }

    /// Every pixel of the layer changed (cleared, reset, rebuilt).
    func invalidateAll() {
        allStale = true
        stale.removeAll()
    }

    /// Recomposites the stale pixels from `ink`, the layer's own surface of the same size: the
    /// backdrop with `SOURCE`, then the ink with `OVER`. Returns cairo's error if the context
    /// broke (then the copy must not be used).
    func update(from ink: CairoSurface) -> CairoError? {
        guard !isUpToDate else { return nil }
        cairo.save()
        cairo.identityMatrix()
        cairo.newPath()
        if allStale {
            cairo.rectangle(0, 0, Double(width), Double(height))
        } else {
            // Whole pixels, so cairo clips with a region, and overlapping rectangles are
            // composited once (the union), not once per rectangle.
            for rect in stale.rects {
                cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            }
        }
        cairo.clip()
        cairo.setOperator(CAIRO_OPERATOR_SOURCE)
        cairo.setSource(backdrop, alpha: 1)
        cairo.paint()
        cairo.setOperator(CAIRO_OPERATOR_OVER)
        cairo.setSource(ink, x: 0, y: 0)
        cairo.setSourceFilter(CAIRO_FILTER_NEAREST)
        cairo.paint()
        cairo.restore()
        allStale = false
        stale.removeAll()
        return cairo.error
    }
}
