import CCairo
import Foundation
import TouchKit

/// A persistent offscreen picture of strokes at buffer resolution: ink drawn into it stays, so a
/// frame only draws what is new and then copies the repainted pixels to the screen.
///
/// ```swift
/// let ink = InkLayer()
/// // in draw(in:rect:) of a CairoDrawing view:
/// if !ink.matches(rect: bounds, scale: context.scale) {
///     ink.rebuild(from: strokes, rect: bounds, scale: context.scale)
/// }
/// ink.drawSegments(of: stroke, from: firstNewPoint)   // only what arrived since last frame
/// context.draw(ink)                                  // clipped by the renderer to the damage
/// ```
///
/// **Cost model.** Drawing a segment costs its own area; drawing the layer into a frame costs
/// the repainted area, whatever the layer holds. Only ``rebuild(from:rect:scale:)`` (size or
/// scale changed) and the redraw inside ``repair(covering:redraw:)`` (a stroke taken away) walk
/// the history, and the owner decides when those happen.
///
/// **Pixels.** Premultiplied ARGB, transparent where nothing was drawn, so the layer composites
/// over whatever lies below it. A stroke is drawn one segment at a time — a dot for its first
/// point, then one round-capped line per later point (round caps make round joins) — both live
/// and in a rebuild, so a rebuild reproduces the pixels live drawing made.
///
/// **Opaque copy.** Give the layer a ``backdrop`` colour and it also keeps its ink flattened onto
/// that colour, brought up to date where it changed just before a frame uses it, so that
/// ``GraphicsContext/copy(_:)`` can put it on screen with a plain copy, at a cost that does not
/// depend on how much ink there is. The transparent pixels stay the source of truth.
///
/// Coordinates are logical, in the space of ``rect`` (normally the owning view's bounds); the
/// layer maps them to its pixels with ``scale``. Not thread-safe; not `Sendable`. Its stored
/// properties are `@exclusivity(unchecked)`: every segment reads them, the runtime checks showed
/// up in the frame's profile (BENCHMARKS.md, part A), and nothing re-enters a layer while it draws.
public final class InkLayer {
    /// The logical rectangle the layer covers; `.zero` until ``reset(rect:scale:)``.
    @exclusivity(unchecked) public private(set) var rect: Rect = .zero
    /// Layer pixels per logical pixel.
    @exclusivity(unchecked) public private(set) var scale: Double = 1
    @exclusivity(unchecked) public private(set) var pixelWidth = 0
    @exclusivity(unchecked) public private(set) var pixelHeight = 0

    /// Segments drawn since the layer was created, start dots included (reset keeps counting).
    /// A test and benchmark hook: the difference across a frame is that frame's drawing work.
    @exclusivity(unchecked) public private(set) var drawnSegmentCount = 0
    /// Dots drawn with ``drawDot(at:diameter:color:)`` since the layer was created.
    @exclusivity(unchecked) public private(set) var drawnDotCount = 0

    /// The last cairo failure; the layer then holds no pixels until the next reset.
    @exclusivity(unchecked) public private(set) var lastError: CairoError?

    @exclusivity(unchecked) private(set) var surface: CairoSurface?
    /// Whether the layer holds pixels (visible to inlined code, unlike the surface itself).
    @usableFromInline var hasSurface: Bool { surface != nil }
    @exclusivity(unchecked) private var cairo: CairoContext?
    /// The ink on ``backdrop``, while there is one and it could be allocated.
    @exclusivity(unchecked) private var flattened: FlattenedInk?

    public init() {}

    /// The opaque colour to keep the ink flattened on, or `nil` for the transparent layer only.
    ///
    /// Set it to what the frame paints under the layer (``GraphicsContext/backdrop``); a new
    /// colour re-flattens everything once. The copy costs a second surface the layer's size.
    /// Translucent colours are refused (`nil`): a copy could not show what lies beneath them.
    public var backdrop: Color? {
        didSet {
            if let backdrop, backdrop.alpha < 1 { self.backdrop = nil }
            guard backdrop != oldValue else { return }
            if let backdrop, let flattened {
                flattened.setBackdrop(backdrop)
            } else {
                makeFlattened()
            }
        }
    }

    /// Bytes of pixel memory the layer holds, its flattened copy included.
    public var byteCount: Int {
        (surface.map { $0.stride * $0.height } ?? 0) + (flattened.map { $0.surface.stride * $0.height } ?? 0)
    }

    /// Whether the layer already covers `rect` at `scale` (then it needs no rebuild).
    public func matches(rect: Rect, scale: Double) -> Bool {
        surface != nil && self.rect == rect.standardized && self.scale == scale
    }

    /// Makes the layer cover `rect` at `scale`, blank. The pixel memory is reused when the pixel
    /// size is unchanged. Returns `false`, leaving an empty layer that draws nothing, for an
    /// empty or non-finite rect, a bad scale, or when cairo cannot allocate the surface.
    @discardableResult
    public func reset(rect: Rect, scale: Double) -> Bool {
        let rect = rect.standardized
        let width = Self.pixels(rect.width, scale), height = Self.pixels(rect.height, scale)
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, scale.isFinite, scale > 0,
              let width, let height
        else {
            discard()
            return false
        }
        self.rect = rect
        self.scale = scale
        if surface == nil || width != pixelWidth || height != pixelHeight || cairo?.error != nil {
            discard()
            do {
                let surface = try CairoSurface.image(format: CAIRO_FORMAT_ARGB32,
                                                     width: Int32(width), height: Int32(height))
                let cairo = try CairoContext(surface: surface)
                cairo.setLineCap(CAIRO_LINE_CAP_ROUND)
                cairo.setLineJoin(CAIRO_LINE_JOIN_ROUND)
                self.surface = surface
                self.cairo = cairo
                pixelWidth = width
                pixelHeight = height
            } catch {
                lastError = error
                return false
            }
            makeFlattened()
        } else {
            clear()
        }
        cairo?.identityMatrix()
        cairo?.scale(scale, scale)
        cairo?.translate(-rect.minX, -rect.minY)
        return true
    }

    /// Resets the layer to `rect` at `scale` and draws every stroke, in order.
    @discardableResult
    public func rebuild<Strokes: Sequence>(from strokes: Strokes, rect: Rect, scale: Double) -> Bool
    where Strokes.Element: InkStroke {
        guard reset(rect: rect, scale: scale) else { return false }
        for stroke in strokes { drawSegments(of: stroke, from: 0) }
        return true
    }

    /// Makes every pixel transparent.
    public func clear() {
        guard let cairo else { return }
        cairo.save()
        cairo.identityMatrix()
        cairo.setOperator(CAIRO_OPERATOR_CLEAR)
        cairo.paint()
        cairo.restore()
        flattened?.invalidateAll()
        checkError()
    }

    // MARK: Drawing

    /// Draws one round-capped segment; returns the logical rectangle whose pixels it may have
    /// changed (its ``InkStyle/bounds(from:to:)`` plus one pixel of antialiasing).
    /// A segment from a point to itself is a dot of the stroke's width.
    @discardableResult
    public func drawSegment(from start: Point, to end: Point, style: InkStyle) -> Rect {
        let bounds = style.bounds(from: start, to: end)
        guard let cairo, !bounds.isEmpty else { return .zero }
        cairo.newPath()
        cairo.move(to: start.x, start.y)
        cairo.line(to: end.x, end.y)
        cairo.setSource(style.color, alpha: 1)
        cairo.setLineWidth(style.width)
        cairo.stroke()
        drawnSegmentCount += 1
        checkError()
        let dirty = grownByAntialiasing(bounds)
        invalidateFlattened(dirty)
        return dirty
    }

    /// Fills a segment whose width changes from `startWidth` to `endWidth`: the convex hull of
    /// the two end discs. Consecutive segments share the disc at their joint, so a stroke built
    /// of them has no beads and no steps where its width changes (a pen's pressure), as stroking
    /// each segment at its own width would have. Returns the logical rectangle it may have changed.
    @discardableResult
    public func drawTaperedSegment(from start: Point, width startWidth: Double, to end: Point,
                                   width endWidth: Double, color: Color) -> Rect {
        let r0 = InkStyle(color: color, width: startWidth).radius, r1 = InkStyle(color: color, width: endWidth).radius
        let bounds = InkStyle(color: color, width: 2 * max(r0, r1)).bounds(from: start, to: end)
        guard let cairo, !bounds.isEmpty else { return .zero }
        cairo.newPath()
        let dx = end.x - start.x, dy = end.y - start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance <= abs(r1 - r0) {
            // One disc holds the other: the hull is the larger disc.
            let (center, radius) = r0 >= r1 ? (start, r0) : (end, r1)
            cairo.arc(centerX: center.x, centerY: center.y, radius: radius, from: 0, to: 2 * .pi)
        } else {
            // The outer tangents touch both discs at θ ± α, where cos α = (r0 − r1) / d.
            let theta = atan2(dy, dx), alpha = acos(max(-1, min(1, (r0 - r1) / distance)))
            cairo.arc(centerX: end.x, centerY: end.y, radius: r1, from: theta - alpha, to: theta + alpha)
            cairo.arc(centerX: start.x, centerY: start.y, radius: r0, from: theta + alpha, to: theta - alpha + 2 * .pi)
            cairo.closePath()
        }
        cairo.setSource(color, alpha: 1)
        cairo.fill()
        drawnSegmentCount += 1
        checkError()
        let dirty = grownByAntialiasing(bounds)
        invalidateFlattened(dirty)
        return dirty
    }

    /// Draws the segments of `stroke` that end at its points `index...`: for index 0 the dot
    /// of its first point, for index i > 0 the segment from point i − 1 to point i (skipped
    /// when the two are equal, so a finger resting in place does not darken the edge).
    /// With `area`, segments that cannot touch it are skipped (a repair redraws only what crosses
    /// its band). Returns the union of what the drawn segments may have changed.
    ///
    /// Inlinable so that callers in other modules get it specialized for their stroke type: run
    /// generically, every point read goes through the collection's witness table, and this
    /// toolchain allocates a coroutine frame for each (five allocations per point, a hundred per
    /// frame with ten fingers — see BENCHMARKS.md).
    @discardableResult @inlinable
    public func drawSegments<Stroke: InkStroke>(of stroke: Stroke, from index: Int, within area: Rect? = nil) -> Rect {
        let points = stroke.inkPoints
        guard hasSurface, index < points.count else { return .zero }
        let style = stroke.inkStyle
        var dirty = Rect.zero
        let variable = stroke.hasVariableWidth
        for i in max(0, index)..<points.count {
            let end = points[points.startIndex + i]
            let start = i == 0 ? end : points[points.startIndex + i - 1]
            if i > 0, start == end { continue }
            if variable {
                let endWidth = stroke.inkWidth(at: i), startWidth = i == 0 ? endWidth : stroke.inkWidth(at: i - 1)
                let bounds = InkStyle(color: style.color, width: max(startWidth, endWidth)).bounds(from: start, to: end)
                if let area, !grownByAntialiasing(bounds).intersects(area) { continue }
                dirty = dirty.union(drawTaperedSegment(from: start, width: startWidth, to: end, width: endWidth,
                                                       color: style.color))
                continue
            }
            if let area, !grownByAntialiasing(style.bounds(from: start, to: end)).intersects(area) { continue }
            dirty = dirty.union(drawSegment(from: start, to: end, style: style))
        }
        return dirty
    }

    /// Fills a disc of `diameter` centred on `center`; returns the logical rectangle it may
    /// have changed. The draw scene's debug overlay marks coalesced samples this way.
    @discardableResult
    public func drawDot(at center: Point, diameter: Double, color: Color) -> Rect {
        guard let cairo, center.hasFiniteCoordinates, diameter.isFinite, diameter > 0 else { return .zero }
        cairo.newPath()
        cairo.arc(centerX: center.x, centerY: center.y, radius: diameter / 2, from: 0, to: 2 * .pi)
        cairo.setSource(color, alpha: 1)
        cairo.fill()
        drawnDotCount += 1
        checkError()
        let r = diameter / 2
        let dirty = grownByAntialiasing(Rect(x: center.x - r, y: center.y - r, width: diameter, height: diameter))
        invalidateFlattened(dirty)
        return dirty
    }

    // MARK: Taking ink away

    /// The band of whole pixel rows that ``repair(covering:redraw:)`` clears for `rect`: every
    /// row `rect` touches plus one more above and below, across the layer's full width, in
    /// logical coordinates. `.zero` when the layer holds no pixels or `rect` misses it.
    public func repairBand(covering rect: Rect) -> Rect {
        guard let rows = rows(covering: rect) else { return .zero }
        return Rect(x: self.rect.minX, y: self.rect.minY + Double(rows.lowerBound) / scale,
                    width: self.rect.width, height: Double(rows.count) / scale)
    }

    /// Removes ink under `rect` by clearing the rows of ``repairBand(covering:)`` and calling
    /// `redraw` with that band, during which all drawing is clipped to it. `redraw` draws again
    /// whatever should remain there — the strokes whose bounds intersect the band, in their
    /// original order. Returns the band (`.zero` if nothing was cleared).
    ///
    /// Whole rows, never a column: cairo's rasteriser gives the same pixels for a shape cut by a
    /// horizontal pixel edge as for the whole shape, but not for one cut vertically, so this
    /// leaves no seam. Cost: the band's area plus whatever `redraw` draws; the owner walks its
    /// strokes' bounds to decide what that is, which is the only part that grows with history.
    @discardableResult
    public func repair(covering rect: Rect, redraw: (_ band: Rect) -> Void) -> Rect {
        guard let cairo, let rows = rows(covering: rect) else { return .zero }
        cairo.save()
        cairo.identityMatrix()
        cairo.newPath()
        cairo.rectangle(0, Double(rows.lowerBound), Double(pixelWidth), Double(rows.count))
        cairo.clip()
        cairo.setOperator(CAIRO_OPERATOR_CLEAR)
        cairo.paint()
        cairo.setOperator(CAIRO_OPERATOR_OVER)
        cairo.scale(scale, scale)
        cairo.translate(-self.rect.minX, -self.rect.minY)
        redraw(repairBand(covering: rect))
        cairo.restore()
        flattened?.invalidate(PixelRect(x: 0, y: rows.lowerBound, width: pixelWidth, height: rows.count))
        checkError()
        return repairBand(covering: rect)
    }

    // MARK: The opaque copy

    /// The flattened copy, brought up to date, when there is a ``backdrop``; `nil` otherwise or
    /// when it cannot be had (then draw the transparent layer over the backdrop instead).
    func flattenedSurface() -> CairoSurface? {
        guard let surface, let flattened else { return nil }
        if let error = flattened.update(from: surface) {
            lastError = error
            self.flattened = nil
            return nil
        }
        return flattened.surface
    }

    // MARK: Helpers

    private func rows(covering rect: Rect) -> Range<Int>? {
        let r = rect.standardized
        guard surface != nil, r.minY.isFinite, r.maxY.isFinite, r.minX.isFinite, r.maxX.isFinite,
              r.maxX >= self.rect.minX, r.minX <= self.rect.maxX
        else { return nil }
        let top = ((r.minY - self.rect.minY) * scale).rounded(.down) - 1
        let bottom = ((r.maxY - self.rect.minY) * scale).rounded(.up) + 1
        let lower = Int(max(0, min(top, Double(pixelHeight))))
        let upper = Int(max(0, min(bottom, Double(pixelHeight))))
        return upper > lower ? lower..<upper : nil
    }

    @usableFromInline
    func grownByAntialiasing(_ rect: Rect) -> Rect {
        let margin = ViewRenderer.antialiasMargin
        return rect.insetBy(dx: -margin, dy: -margin)
    }

    private func checkError() {
        guard let error = cairo?.error else { return }
        // Sticky: this context draws nothing any more. Keep the error for the owner and drop
        // the pixels, which are now unreliable; the next reset starts over.
        lastError = error
        discard()
    }

    /// Allocates the flattened copy for the current pixels and ``backdrop`` (all stale), or
    /// drops it when there is no backdrop or no layer. Allocation failure leaves no copy: frames
    /// then blend the transparent layer, as they would without a backdrop.
    private func makeFlattened() {
        flattened = nil
        guard let backdrop, surface != nil else { return }
        do {
            flattened = try FlattenedInk(width: pixelWidth, height: pixelHeight, backdrop: backdrop)
        } catch {
            lastError = error
        }
    }

    /// A logical rectangle of the layer changed: its pixels in the copy are stale.
    private func invalidateFlattened(_ dirty: Rect) {
        guard let flattened else { return }
        flattened.invalidate(PixelRect(enclosing: dirty.offsetBy(dx: -rect.minX, dy: -rect.minY), scale: scale))
    }

    private func discard() {
        flattened = nil
        cairo = nil
        surface = nil
        pixelWidth = 0
        pixelHeight = 0
    }

    /// Buffer pixels for a logical length, rounded up as the Wayland glue sizes buffers;
    /// `nil` if that is not a size cairo accepts.
    private static func pixels(_ length: Double, _ scale: Double) -> Int? {
        let value = (length * scale).rounded(.up)
        guard value.isFinite, value >= 1, value <= 32767 else { return nil }
        return Int(value)
    }
}
