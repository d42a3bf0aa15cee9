import CCairo
import TouchKit

extension ViewRenderer {
    /// Paints ``repaint`` from ``drawList``; returns cairo's error if the context broke.
    func paint(into buffer: PixelBuffer, scale: Double, background: Color) -> CairoError? {
        let cairo: CairoContext
        do {
            cairo = try buffer.context()
        } catch {
            return error
        }
        cairo.save()
        cairo.identityMatrix()
        clip(cairo, to: repaint)

        // A view that paints its own backdrop over all of the repaint replaces every pixel under
        // it: start there, and paint neither the window background nor the views beneath.
        let base = opaqueBase(scale: scale, windowBackground: background)
        if base == nil {
            // SOURCE, not OVER: the background replaces whatever the buffer held, even when it
            // is translucent, so repainting a region is idempotent.
            cairo.setOperator(CAIRO_OPERATOR_SOURCE)
            cairo.setSource(background, alpha: 1)
            cairo.paint()
            cairo.setOperator(CAIRO_OPERATOR_OVER)
        }

        cairo.scale(scale, scale)
        let visible = repaint.boundingBox.logicalRect(scale: scale)
        for index in (base?.index ?? 0)..<drawList.count {
            let item = drawList[index]
            guard item.paints, repaint.intersects(item.pixelRect) else { continue }
            var backdrop: Color?
            if item.drawing != nil {
                backdrop = index == base?.index ? base?.backdrop
                    : self.backdrop(ofItemAt: index, scale: scale, windowBackground: background)
            }
            // The background fill of a view that paints its own backdrop would be overwritten.
            if let color = item.color, !(backdrop != nil && item.drawing?.paintsOwnBackdrop == true) {
                cairo.setSource(color, alpha: item.alpha)
                if !(masksCircles && item.isCircle && circleMasks.fill(item.rect, scale: scale, cairo: cairo)) {
                    cairo.newPath()
                    cairo.addRoundedRect(item.rect, cornerRadius: item.cornerRadius)
                    cairo.fill()
                }
            }
            if let drawing = item.drawing {
                draw(drawing, item: item, visible: visible, scale: scale, backdrop: backdrop, cairo: cairo)
            }
        }
        cairo.restore()
        buffer.surface.flush()
        return cairo.error
    }

    /// Pixel-aligned rectangles only, so cairo clips with a region instead of a mask.
    private func clip(_ cairo: CairoContext, to region: DamageRegion) {
        cairo.newPath()
        for rect in region.rects {
            cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        }
        cairo.clip()
    }

    /// Runs a ``CairoDrawing`` view in its bounds coordinates, clipped to its bounds, with the
    /// state a `draw` can rely on: black, 1 px lines, butt caps, miter joins, empty path.
    private func draw(_ drawing: CairoDrawing, item: DrawItem, visible: Rect, scale: Double, backdrop: Color?,
                      cairo: CairoContext) {
        cairo.save()
        cairo.translate(item.contentOrigin.x, item.contentOrigin.y)
        cairo.newPath()
        cairo.rectangle(item.bounds.minX, item.bounds.minY, item.bounds.width, item.bounds.height)
        cairo.clip()
        cairo.setSource(.black, alpha: item.alpha)
        cairo.setLineWidth(1)
        cairo.setLineCap(CAIRO_LINE_CAP_BUTT)
        cairo.setLineJoin(CAIRO_LINE_JOIN_MITER)
        let dirty = visible.offsetBy(dx: -item.contentOrigin.x, dy: -item.contentOrigin.y)
            .intersection(item.bounds)
        drawing.draw(in: GraphicsContext(cairo: cairo, alpha: item.alpha, scale: scale, backdrop: backdrop),
                     rect: dirty)
        cairo.restore()
    }
}

extension CairoContext {
    /// Sets a TouchKit colour as the source, its alpha multiplied by `alpha`.
    func setSource(_ color: Color, alpha: Double) {
        setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * alpha)
    }
}

extension ViewRenderer {
    /// Paints all of `window` as it looks now into `buffer`, leaving out the `excluded` views
    /// and their subviews, and returns cairo's error if the context broke.
    ///
    /// Nothing ``render(_:into:scale:bufferAge:origin:)`` relies on is touched: the views'
    /// pending changes stay pending and the damage history is unchanged, so the next frame is
    /// drawn as if the snapshot had not been taken. For saving a picture of the drawing without
    /// what only belongs on screen, such as the pointer's hover ring. `origin` is the window's
    /// point drawn at the buffer's top-left, as in ``render(_:into:scale:bufferAge:origin:)``.
    public func snapshot(_ window: Window, into buffer: PixelBuffer, scale: Double,
                         excluding excluded: [View] = [], origin: Point = .zero) -> CairoError? {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let savedRepaint = repaint
        let savedScale = collectingScale
        defer {
            drawList.removeAll(keepingCapacity: true)
            repaint = savedRepaint
            collectingScale = savedScale
        }
        collectingScale = scale
        collectDrawList(of: window, origin: Self.finite(origin))
        if !excluded.isEmpty {
            drawList.removeAll { item in
                var view: View? = item.view
                while let current = view {
                    if excluded.contains(where: { $0 === current }) { return true }
                    view = current.superview
                }
                return false
            }
        }
        repaint = DamageRegion()
        repaint.add(buffer.bounds)
        return paint(into: buffer, scale: scale, background: window.backgroundColor ?? .white)
    }
}
