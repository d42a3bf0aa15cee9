import CCairo
import TouchKit

extension GraphicsContext {
    /// Draws `layer` as ``draw(_:alpha:)`` does, only inside the whole device pixels covering
    /// `rects` (see ``clip(toPixelsCovering:)``), and leaves the clip as it was. The same cairo
    /// calls as `withSavedState { $0.clip(toPixelsCovering: rects); $0.draw(layer, alpha: alpha) }`
    /// without the closure: Swift 6 checks on every call that a closure formed in main-actor code
    /// (the ink views, every frame) runs on the main actor, and that check showed up in the frame's
    /// profile (BENCHMARKS.md, part A).
    public func draw(_ layer: InkLayer, alpha: Double = 1, clippedToPixelsCovering rects: [Rect]) {
        cairo.save()
        defer { cairo.restore() }
        clip(toPixelsCovering: rects)
        draw(layer, alpha: alpha)
    }

    /// Composites `layer` at its ``InkLayer/rect`` (in this view's bounds coordinates) with
    /// `alpha` times the view's opacity, over what is already drawn.
    ///
    /// Only the pixels inside the current clip are touched — the renderer clips a frame to its
    /// damage — so the cost is the repainted area, not what the layer holds. When the layer's
    /// scale is this frame's ``scale`` and it sits on whole buffer pixels (a view at an integer
    /// position), its pixels are copied unfiltered; otherwise they are resampled, which is
    /// correct but soft: rebuild the layer at ``scale``.
    public func draw(_ layer: InkLayer, alpha: Double = 1) {
        let opacity = (alpha > 0 ? min(alpha, 1) : 0) * self.alpha
        guard opacity > 0 else { return }
        if let strips = layer.strips, let color = layer.coverageColor {
            return draw(strips, of: layer, color: color, opacity: opacity)
        }
        guard let surface = layer.surface else { return }
        let origin = layer.rect.origin
        // An opaque layer's unfilled rows hold no picture (see `InkLayer.filledRows`): only the
        // filled ones are drawn; the owner painted the backdrop beneath.
        let filled = layer.hasUnfilledRows ? layer.filledRows : nil
        cairo.save()
        defer { cairo.restore() }
        if let device = alignedOrigin(of: layer) {
            cairo.identityMatrix()
            if let filled {
                guard filled > 0 else { return }
                cairo.newPath()
                cairo.rectangle(device.x, device.y, Double(layer.pixelWidth), Double(filled))
                cairo.clip()
            }
            cairo.setSource(surface, x: device.x, y: device.y)
            cairo.setSourceFilter(CAIRO_FILTER_NEAREST)
        } else {
            guard origin.hasFiniteCoordinates else { return }
            cairo.translate(origin.x, origin.y)
            cairo.scale(1 / layer.scale, 1 / layer.scale)
            if let filled {
                // Resampling reads a row or two beyond each pixel: stop short of the unfilled ones.
                let rows = filled - 2
                guard rows > 0 else { return }
                cairo.newPath()
                cairo.rectangle(0, 0, Double(layer.pixelWidth), Double(rows))
                cairo.clip()
            }
            cairo.setSource(surface, x: 0, y: 0)
            cairo.setSourceFilter(CAIRO_FILTER_GOOD)
        }
        if opacity >= 1 {
            cairo.paint()
        } else {
            cairo.paint(alpha: opacity)
        }
    }

    /// A coverage layer: its colour through each strip's alpha, as a mask, for the strips that
    /// meet the clip (the others would change nothing and cost a call each).
    private func draw(_ strips: CoverageStrips, of layer: InkLayer, color: Color, opacity: Double) {
        let origin = layer.rect.origin
        guard origin.hasFiniteCoordinates else { return }
        cairo.save()
        defer { cairo.restore() }
        let device = alignedOrigin(of: layer)
        let aligned = device != nil
        // In layer pixels from here, offset by (x, y).
        var x = 0.0, y = 0.0
        if let device {
            cairo.identityMatrix()
            x = device.x
            y = device.y
        } else {
            cairo.translate(origin.x, origin.y)
            cairo.scale(1 / layer.scale, 1 / layer.scale)
        }
        cairo.setSource(color, alpha: opacity)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo.pointer, &x1, &y1, &x2, &y2)
        let visible = strips.strips(coveringPixels: Int((x1 - x).rounded(.down)), Int((x2 - x).rounded(.up)))
        // The clip is the frame's damage, often a few boxes far apart (ten fingers): each strip
        // is composited once per damage box it meets, inside that box, so a strip between the
        // boxes costs nothing. With pixman directly while the layer is aligned and the target
        // an image (always, in the app); otherwise masked by cairo under the clip as it is.
        let list = cairo_copy_clip_rectangle_list(cairo.pointer)
        defer { cairo_rectangle_list_destroy(list) }
        var boxes: UnsafeBufferPointer<cairo_rectangle_t>?
        var dx = 0.0, dy = 0.0
        let target = cairo_get_group_target(cairo.pointer)
        if aligned, let target, let list, list.pointee.status == CAIRO_STATUS_SUCCESS {
            boxes = UnsafeBufferPointer(start: list.pointee.rectangles, count: Int(max(0, list.pointee.num_rectangles)))
            cairo_surface_get_device_offset(target, &dx, &dy)
            cairo_surface_flush(target)
        }
        var dirty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for k in visible {
            let left = x + Double(k * CoverageStrips.width), right = left + Double(CoverageStrips.width)
            if let boxes, let target {
                var done = true
                for box in boxes where box.x < right && box.x + box.width > left {
                    // In the target's pixels: user space is device space here, less its offset.
                    let minX = Int((max(box.x, left) + dx).rounded()), maxX = Int((min(box.x + box.width, right) + dx).rounded())
                    let minY = Int((box.y + dy).rounded()), maxY = Int((box.y + box.height + dy).rounded())
                    guard maxX > minX, maxY > minY else { continue }
                    let pixels = PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
                    let origin = (x: Int((left + dx).rounded()), y: Int((y + dy).rounded()))
                    if strips.composite(color: color, opacity: opacity, strip: k, box: pixels, origin: origin, onto: target) {
                        dirty = dirty.width == 0 ? pixels : dirty.union(pixels)
                    } else {
                        done = false
                    }
                }
                if done { continue }
            }
            let pattern = strips.patterns[k]
            var matrix = cairo_matrix_t()
            cairo_matrix_init_translate(&matrix, -left, -y)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_mask(cairo.pointer, pattern)
        }
        if dirty.width > 0, let target {
            cairo_surface_mark_dirty_rectangle(target, Int32(dirty.x), Int32(dirty.y), Int32(dirty.width), Int32(dirty.height))
        }
    }

    /// Replaces the pixels under `layer` with its opaque pixels, its ink drawn on ``backdrop``
    /// (a `SOURCE` copy), when the layer's ``InkLayer/backdrop`` is this context's ``backdrop``,
    /// the view is fully opaque, and the layer sits on whole buffer pixels at this frame's scale.
    /// Returns `false`, having drawn nothing, otherwise — then draw the layer instead.
    ///
    /// Why: a copy costs the repainted area whatever it shows, while blending costs more the more
    /// ink lies beneath (BENCHMARKS.md, "Frame cost over the drawing's history").
    ///
    /// The layer's rows not filled yet (``InkLayer/filledRows``) get the backdrop colour instead:
    /// they hold no ink, and their memory is zeros or an older picture.
    public func copy(_ layer: InkLayer) -> Bool {
        guard let backdrop, layer.backdrop == backdrop, alpha >= 1,
              let (x, y) = alignedOrigin(of: layer), let flattened = layer.flattenedSurface()
        else { return false }
        let filled = Double(min(layer.filledRows, layer.pixelHeight)), height = Double(layer.pixelHeight)
        cairo.save()
        defer { cairo.restore() }
        cairo.identityMatrix()
        cairo.setOperator(CAIRO_OPERATOR_SOURCE)
        if filled > 0 {
            // SOURCE writes every pixel of the clip: keep it to the layer, where the copy has pixels.
            cairo.save()
            cairo.newPath()
            cairo.rectangle(x, y, Double(layer.pixelWidth), filled)
            cairo.clip()
            cairo.setSource(flattened, x: x, y: y)
            cairo.setSourceFilter(CAIRO_FILTER_NEAREST)
            cairo.paint()
            cairo.restore()
        }
        if filled < height {
            cairo.newPath()
            cairo.rectangle(x, y + filled, Double(layer.pixelWidth), height - filled)
            cairo.clip()
            cairo.setSource(backdrop, alpha: 1)
            cairo.paint()
        }
        return true
    }

    /// Where `layer`'s first pixel lands in the target, when each layer pixel is one target
    /// pixel (no rotation, the frame's scale is the layer's, a whole-pixel offset): then the
    /// layer can be put down pixel for pixel, with no filtering. `nil` otherwise.
    private func alignedOrigin(of layer: InkLayer) -> (x: Double, y: Double)? {
        let matrix = cairo.matrix
        let origin = layer.rect.origin
        let device = cairo.userToDevice(origin.x, origin.y)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx == layer.scale, matrix.yy == layer.scale,
              Self.isWhole(device.x), Self.isWhole(device.y)
        else { return nil }
        return (device.x.rounded(), device.y.rounded())
    }

    private static func isWhole(_ value: Double) -> Bool {
        value.isFinite && abs(value - value.rounded()) < 1e-6
    }
}

extension GraphicsContext {
    /// The weight of ``setFont(size:weight:family:)``.
    public enum FontWeight: Sendable {
        case regular, bold
    }

    /// Chooses the font for ``showText(_:at:)`` (cairo's toy text API through fontconfig:
    /// `family` is a fontconfig pattern such as `"sans-serif"`). `size` is in logical pixels.
    public func setFont(size: Double, weight: FontWeight = .regular, family: String = "sans-serif") {
        cairo.selectFont(family: family, bold: weight == .bold)
        cairo.setFontSize(size.isFinite && size > 0 ? size : 0)
    }

    /// The ink box of `text` in the current font: origin relative to the start of the baseline
    /// (y negative above it), and its size.
    public func textBounds(_ text: String) -> Rect {
        let extents = cairo.textExtents(text)
        return Rect(x: extents.x_bearing, y: extents.y_bearing, width: extents.width, height: extents.height)
    }

    /// Draws `text` in the current colour and font, its baseline starting at `point`.
    /// Clears the current path.
    public func showText(_ text: String, at point: Point) {
        guard point.hasFiniteCoordinates else { return }
        cairo.newPath()
        cairo.move(to: point.x, point.y)
        cairo.showText(text)
        cairo.newPath()
    }

    /// Draws `text` with its ink box centred in `rect`, as a button label.
    public func showText(_ text: String, centeredIn rect: Rect) {
        let ink = textBounds(text)
        showText(text, at: Point(x: rect.midX - ink.minX - ink.width / 2,
                                 y: rect.midY - ink.minY - ink.height / 2))
    }
}
