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
/// **Pixels.** A stroke is drawn one segment at a time — a dot for its first point, then one
/// round-capped line per later point (round caps make round joins) — live, in a rebuild and in
/// a repair alike, so a rebuild reproduces the pixels live drawing made: it is the same sequence
/// of operations on the same pixels. A finger's segments are rasterised by the layer itself
/// (`SegmentCoverage`: a few pixels each, where cairo's fixed cost per stroke was most of a
/// frame); a pen's tapered segments and dots are cairo fills. The pixels are kept in one of
/// three ways:
///
/// - **transparent** (the default): premultiplied ARGB, transparent where nothing was drawn, so
///   the layer composites over whatever lies below it.
/// - **opaque**, given a ``backdrop``: xrgb, filled with the backdrop and every segment drawn
///   `OVER` it, so that ``GraphicsContext/copy(_:)`` puts it on screen with a plain copy, at a
///   cost that does not depend on how much ink there is (BENCHMARKS.md, "Frame cost over the
///   drawing's history"). The backdrop goes in lazily, before the first drawing or a band at a
///   time (``filledRows``), so a new layer's memory is not faulted in all in one frame.
///   Compositing in 8 bits is not associative: these pixels differ from
///   blending the transparent layer over the backdrop by up to 2/255 where antialiased edges
///   overlap (about 4 % of inked pixels in a test with 300 random 8 px strokes); they equal
///   themselves, which is what undo, rebuild and live drawing need. One surface instead of the
///   transparent layer plus a flattened copy of it that this replaced: 33 MB less at 4K
///   (BENCHMARKS.md, "Memory at 4K").
/// - **coverage**, given a ``coverageColor``: one alpha byte per pixel, every stroke shown in that
///   one colour, in strips whose memory only becomes resident where ink passes
///   (`CoverageStrips`): a quarter of the transparent layer's bytes, and ten fingers across a
///   4K window make a few megabytes of it resident instead of all of it. For in-progress ink.
///
/// Changing ``backdrop`` or ``coverageColor`` drops the pixels (``matches(rect:scale:)`` is then
/// `false`): the owner rebuilds from its strokes, as after a size change.
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
    @exclusivity(unchecked) public internal(set) var drawnSegmentCount = 0
    /// Dots drawn with ``drawDot(at:diameter:color:)`` since the layer was created.
    @exclusivity(unchecked) public internal(set) var drawnDotCount = 0

    /// Rows `0..<filledRows` of an opaque layer hold the backdrop and the ink drawn on it; the
    /// rows below are not filled yet (zeros, or an older picture). Every other layer is always
    /// filled to ``pixelHeight``.
    ///
    /// Why the fill waits: filling a new opaque layer at once makes the kernel fault in all of
    /// its memory in one frame, 46 ms of the 58 ms the first frame at 7680×4320 took
    /// (BENCHMARKS.md, "A rebuild in slices"). So ``reset(rect:scale:)`` and ``clear()`` only
    /// lower this mark; a frame shows the backdrop below it (``GraphicsContext/copy(_:)``), an
    /// owner with time to spare fills a band per frame (`fillNextRows(bytes:)`), and anything
    /// that draws into the pixels fills the rest first, so no drawing depends on the owner.
    @exclusivity(unchecked) public private(set) var filledRows = 0

    /// Rows remain to be filled with the backdrop (only ever on an opaque layer).
    public var hasUnfilledRows: Bool { filledRows < pixelHeight }

    /// The last cairo failure; the layer then holds no pixels until the next reset.
    @exclusivity(unchecked) public private(set) var lastError: CairoError?

    /// The pixels of a transparent or opaque layer.
    @exclusivity(unchecked) private(set) var surface: CairoSurface?
    /// The pixels of a coverage layer.
    @exclusivity(unchecked) private(set) var strips: CoverageStrips?
    /// Whether the layer holds pixels (visible to inlined code, unlike the surface itself).
    @usableFromInline var hasSurface: Bool { surface != nil || strips != nil }
    @exclusivity(unchecked) private(set) var cairo: CairoContext?
    /// The rows a coverage layer's repair is redrawing: drawing is clipped to them.
    @exclusivity(unchecked) var repairRows: Range<Int>?

    public init() {}

    /// The opaque colour the ink is drawn on, or `nil` for a transparent layer.
    ///
    /// Set it to what the frame paints under the layer (``GraphicsContext/backdrop``), before
    /// checking ``matches(rect:scale:)``: a different colour (or none) drops the pixels, and the
    /// owner redraws its strokes onto the new one. Translucent colours are refused (`nil`): a copy
    /// could not show what lies beneath them. Ignored while there is a ``coverageColor``.
    public var backdrop: Color? {
        didSet {
            if let backdrop, backdrop.alpha < 1 { self.backdrop = nil }
            guard backdrop != oldValue else { return }
            if coverageColor == nil { discard() }
        }
    }

    /// The one colour every stroke of a coverage layer shows in, or `nil` for a layer that keeps
    /// each stroke's own colour. A different value drops the pixels, as ``backdrop`` does.
    public var coverageColor: Color? {
        didSet {
            guard coverageColor != oldValue else { return }
            discard()
        }
    }

    /// Whether the pixels are opaque: drawn on ``backdrop``, copied by frames.
    private var isOpaque: Bool { backdrop != nil && coverageColor == nil }

    /// Bytes of pixel memory the layer holds. For a coverage layer, the address space of its
    /// strips: only the pages ink was drawn on are resident.
    public var byteCount: Int {
        (surface.map { $0.stride * $0.height } ?? 0) + (strips?.byteCount ?? 0)
    }

    /// Whether the layer already covers `rect` at `scale` (then it needs no rebuild).
    public func matches(rect: Rect, scale: Double) -> Bool {
        hasSurface && self.rect == rect.standardized && self.scale == scale
    }

    /// Makes the layer cover `rect` at `scale`, blank: transparent, or — for an opaque layer —
    /// all rows unfilled, which frames show as the ``backdrop`` (see ``filledRows``).
    /// The pixel memory is reused when the pixel size is unchanged. Returns `false`, leaving an empty layer that draws nothing, for an
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
        if !hasSurface || width != pixelWidth || height != pixelHeight || contextError != nil {
            discard()
            do {
                if coverageColor != nil {
                    strips = try CoverageStrips(width: width, height: height)
                } else {
                    // Untouched pages of a fresh surface are not resident; an opaque one becomes
                    // resident whole as its rows are filled (one surface, not two).
                    let surface = try CairoSurface.mappedImage(format: isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                               width: Int32(width), height: Int32(height))
                    let cairo = try CairoContext(surface: surface)
                    cairo.setLineCap(CAIRO_LINE_CAP_ROUND)
                    cairo.setLineJoin(CAIRO_LINE_JOIN_ROUND)
                    self.surface = surface
                    self.cairo = cairo
                }
                pixelWidth = width
                pixelHeight = height
            } catch {
                lastError = error
                return false
            }
            // A fresh transparent layer is already clear, and writing zeros would make every
            // page of it resident; an opaque one is filled later (see `filledRows`).
            filledRows = isOpaque ? 0 : pixelHeight
        } else {
            clear()
        }
        cairo?.identityMatrix()
        cairo?.scale(scale, scale)
        cairo?.translate(-rect.minX, -rect.minY)
        strips?.setMatrix(rect: rect, scale: scale)
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

    /// Takes all ink away: every pixel transparent, or the ``backdrop`` colour. An opaque layer
    /// paints nothing now: its rows are all unfilled again (see ``filledRows``), so the cost of
    /// the paint goes to whoever draws next or fills the rows in bands.
    public func clear() {
        if let strips {
            strips.clear(rows: 0..<pixelHeight)
            return
        }
        guard let cairo else { return }
        if isOpaque {
            filledRows = 0
            return
        }
        cairo.save()
        cairo.identityMatrix()
        paintBlank(cairo)
        cairo.restore()
        checkError()
    }

    // MARK: Filling the opaque rows

    /// Fills the next band of unfilled rows with the ``backdrop``: `bytes` worth of pixel memory,
    /// at least one row, none past ``pixelHeight``. Returns the rows filled (0 when none remain).
    ///
    /// For an owner that spreads the fill over frames: a band of a fresh layer costs the page
    /// faults of its memory plus the writes, so its size in bytes, not rows, is what bounds it
    /// whatever the width. A band changes nothing a frame shows (unfilled rows show the backdrop).
    @discardableResult
    package func fillNextRows(bytes: Int) -> Int {
        guard hasUnfilledRows, let surface else { return 0 }
        let rows = min(max(1, bytes / max(surface.stride, 1)), pixelHeight - filledRows)
        fill(rows: filledRows..<filledRows + rows)
        return rows
    }

    /// Fills every row not filled yet, so the pixels can be drawn on. Every drawing call does
    /// this first; an owner only calls it to take the cost at a time of its choosing.
    public func fillRemainingRows() {
        guard hasUnfilledRows else { return }
        fill(rows: filledRows..<pixelHeight)
    }

    /// Paints `rows` (the next unfilled ones) with the backdrop, whatever clip a repair or a
    /// caller has set, and raises the mark past them.
    private func fill(rows: Range<Int>) {
        guard let cairo, !rows.isEmpty else { return }
        cairo.save()
        cairo_reset_clip(cairo.pointer)
        cairo.identityMatrix()
        cairo.newPath()
        cairo.rectangle(0, Double(rows.lowerBound), Double(pixelWidth), Double(rows.count))
        cairo.clip()
        paintBlank(cairo)
        cairo.restore()
        filledRows = rows.upperBound
        checkError()
    }

    // MARK: The opaque pixels

    /// The layer's pixels when they are opaque (drawn on ``backdrop``), for a frame to copy;
    /// `nil` for a transparent or coverage layer, or one without pixels. Only rows
    /// `0..<filledRows` hold the picture: a reader shows the backdrop below them, or calls
    /// ``fillRemainingRows()`` first.
    func flattenedSurface() -> CairoSurface? {
        isOpaque ? surface : nil
    }

    // MARK: Helpers

    func rows(covering rect: Rect) -> Range<Int>? {
        let r = rect.standardized
        guard hasSurface, r.minY.isFinite, r.maxY.isFinite, r.minX.isFinite, r.maxX.isFinite,
              r.maxX >= self.rect.minX, r.minX <= self.rect.maxX
        else { return nil }
        let top = ((r.minY - self.rect.minY) * scale).rounded(.down) - 1
        let bottom = ((r.maxY - self.rect.minY) * scale).rounded(.up) + 1
        let lower = Int(max(0, min(top, Double(pixelHeight))))
        let upper = Int(max(0, min(bottom, Double(pixelHeight))))
        return upper > lower ? lower..<upper : nil
    }

    /// Runs `draw` with the context(s) that hold the pixels of the logical rectangle `dirty`:
    /// the layer's own, or each strip's it touches (clipped to the rows of a repair in progress;
    /// the other layouts are clipped by ``repair(covering:redraw:)`` itself).
    func draw(touching dirty: Rect, _ draw: (CairoContext) -> Void) {
        if let cairo {
            // Ink is drawn OVER the backdrop: it must be there first.
            if hasUnfilledRows { fillRemainingRows() }
            draw(cairo)
            return
        }
        guard let strips else { return }
        let minX = Int(((dirty.minX - rect.minX) * scale).rounded(.down))
        let maxX = Int(((dirty.maxX - rect.minX) * scale).rounded(.up))
        for k in strips.strips(coveringPixels: minX, maxX) {
            let cairo = strips.context(forDrawingIn: k, rows: repairRows)
            guard let rows = repairRows else {
                draw(cairo)
                continue
            }
            cairo.save()
            let matrix = cairo.matrix
            cairo.identityMatrix()
            cairo.newPath()
            cairo.rectangle(0, Double(rows.lowerBound), Double(CoverageStrips.width), Double(rows.count))
            cairo.clip()
            cairo.setMatrix(matrix)
            draw(cairo)
            cairo.restore()
        }
    }

    /// Paints the current clip blank: transparent, or the backdrop of an opaque layer.
    func paintBlank(_ cairo: CairoContext) {
        if let backdrop, isOpaque {
            cairo.setOperator(CAIRO_OPERATOR_SOURCE)
            cairo.setSource(backdrop, alpha: 1)
        } else {
            cairo.setOperator(CAIRO_OPERATOR_CLEAR)
        }
        cairo.paint()
    }

    /// The sticky error of the context(s) drawing the pixels, if any.
    private var contextError: CairoError? { cairo?.error ?? strips?.error }

    func checkError() {
        guard let error = contextError else { return }
        // Sticky: this context draws nothing any more. Keep the error for the owner and drop
        // the pixels, which are now unreliable; the next reset starts over.
        lastError = error
        discard()
    }

    private func discard() {
        strips = nil
        repairRows = nil
        cairo = nil
        surface = nil
        pixelWidth = 0
        pixelHeight = 0
        filledRows = 0
    }

    /// Buffer pixels for a logical length, rounded up as the Wayland glue sizes buffers;
    /// `nil` if that is not a size cairo accepts.
    private static func pixels(_ length: Double, _ scale: Double) -> Int? {
        let value = (length * scale).rounded(.up)
        guard value.isFinite, value >= 1, value <= 32767 else { return nil }
        return Int(value)
    }
}
