import CCairo
import TouchKit

/// The drawing API handed to ``CairoDrawing`` views: a small typed face on a cairo context.
///
/// Coordinates are logical and in the drawing view's bounds space; the output scale is already
/// applied. Every colour is multiplied by the view's effective alpha. Non-finite coordinates are
/// ignored instead of being passed to cairo, where they would poison the context for the rest of
/// the frame. Do not keep a context beyond the `draw` call: it belongs to the frame.
public struct GraphicsContext {
    let cairo: CairoContext
    /// The view's opacity (product of `presentationAlpha` down the tree).
    public let alpha: Double
    /// Buffer pixels per logical pixel in this frame (the output scale): what an ``InkLayer``
    /// must be built at to be copied pixel for pixel.
    public let scale: Double
    /// The one opaque colour under every pixel of the view's bounds before its `draw` runs — its
    /// own opaque background, or the window's where nothing else lies beneath — or `nil` when
    /// the renderer cannot vouch for a single opaque colour (translucency, rounded corners, a
    /// fractional position, other views beneath).
    ///
    /// Content pre-composited on this colour may replace the pixels instead of blending over
    /// them (see ``copy(_:)``); a view whose ``CairoDrawing/paintsOwnBackdrop`` is `true` must
    /// paint it itself.
    public let backdrop: Color?

    init(cairo: CairoContext, alpha: Double, scale: Double = 1, backdrop: Color? = nil) {
        self.cairo = cairo
        self.alpha = alpha
        self.scale = scale
        self.backdrop = backdrop
    }

    /// How open ends of a stroke are drawn.
    public enum LineCap: Sendable {
        /// Ends exactly at the end point (`CAIRO_LINE_CAP_BUTT`).
        case butt
        /// A half-disc around the end point (`CAIRO_LINE_CAP_ROUND`).
        case round
        /// A half-square beyond the end point (`CAIRO_LINE_CAP_SQUARE`).
        case square
    }

    /// How corners of a stroke are drawn.
    public enum LineJoin: Sendable {
        case miter, round, bevel
    }

    // MARK: State

    /// Sets the colour for the next ``fill()`` or ``stroke()``.
    public func setColor(_ color: Color) {
        cairo.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * alpha)
    }

    /// Sets the stroke width in logical pixels; negative or non-finite widths become 0.
    public func setLineWidth(_ width: Double) {
        cairo.setLineWidth(width.isFinite ? max(0, width) : 0)
    }

    public func setLineCap(_ cap: LineCap) {
        let value: cairo_line_cap_t = switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
        cairo.setLineCap(value)
    }

    public func setLineJoin(_ join: LineJoin) {
        let value: cairo_line_join_t = switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
        cairo.setLineJoin(value)
    }

    /// Runs `body` and then undoes its colour, line, clip and translation changes.
    /// Save and restore are paired by construction, so a `draw` cannot unbalance them.
    public func withSavedState<Result>(_ body: (GraphicsContext) throws -> Result) rethrows -> Result {
        cairo.save()
        defer { cairo.restore() }
        return try body(self)
    }

    /// Moves the origin by (`x`, `y`) for what follows.
    public func translateBy(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        cairo.translate(x, y)
    }

    /// Restricts what follows to `rect` (intersected with the current clip). Clears the path.
    public func clip(to rect: Rect) {
        cairo.newPath()
        addRect(rect)
        cairo.clip()
    }

    /// Restricts what follows to the whole buffer pixels touched by any of `rects`, each grown by
    /// one buffer pixel (intersected with the current clip). Clears the path. An empty list
    /// clips everything away.
    ///
    /// For skipping work that would change nothing — such as blending a layer that is
    /// transparent outside known rectangles — without changing a pixel: the clip falls on pixel
    /// edges, so it has no antialiased border of its own.
    public func clip(toPixelsCovering rects: [Rect]) {
        let matrix = cairo.matrix
        cairo.newPath()
        cairo.identityMatrix()
        for rect in rects {
            let r = rect.standardized
            guard r.origin.hasFiniteCoordinates, r.width.isFinite, r.height.isFinite, !r.isEmpty else { continue }
            // Device space: corners through the current transformation (scale and translation).
            let a = cairo.userToDevice(r.minX, r.minY, matrix: matrix)
            let b = cairo.userToDevice(r.maxX, r.maxY, matrix: matrix)
            let x0 = (min(a.x, b.x) - 1).rounded(.down), y0 = (min(a.y, b.y) - 1).rounded(.down)
            let x1 = (max(a.x, b.x) + 1).rounded(.up), y1 = (max(a.y, b.y) + 1).rounded(.up)
            cairo.rectangle(x0, y0, x1 - x0, y1 - y0)
        }
        cairo.setMatrix(matrix)
        cairo.clip()
    }

    // MARK: Paths

    /// Starts a new sub-path at `point`.
    public func move(to point: Point) {
        guard point.hasFiniteCoordinates else { return }
        cairo.move(to: point.x, point.y)
    }

    /// A straight segment to `point` (starts a sub-path there if there is no current point).
    public func addLine(to point: Point) {
        guard point.hasFiniteCoordinates else { return }
        cairo.line(to: point.x, point.y)
    }

    /// A polyline through `points`: a move to the first and lines to the rest.
    public func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A cubic Bézier segment from the current point to `point`.
    public func addCurve(to point: Point, control1: Point, control2: Point) {
        guard point.hasFiniteCoordinates, control1.hasFiniteCoordinates, control2.hasFiniteCoordinates else { return }
        cairo.curve(to: point.x, point.y, c1x: control1.x, c1y: control1.y, c2x: control2.x, c2y: control2.y)
    }

    /// An arc around `center`; angles in radians from the positive x axis. `clockwise` is as it
    /// looks on screen (y grows downwards), as with `UIBezierPath`. A line joins the current
    /// point, if any, to the start of the arc.
    public func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                       clockwise: Bool = true) {
        guard center.hasFiniteCoordinates, radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite
        else { return }
        if clockwise {
            cairo.arc(centerX: center.x, centerY: center.y, radius: radius, from: startAngle, to: endAngle)
        } else {
            cairo.arcNegative(centerX: center.x, centerY: center.y, radius: radius, from: startAngle, to: endAngle)
        }
    }

    /// A closed rectangle sub-path.
    public func addRect(_ rect: Rect) {
        let r = rect.standardized
        guard r.origin.hasFiniteCoordinates, r.size.width.isFinite, r.size.height.isFinite else { return }
        cairo.rectangle(r.minX, r.minY, r.width, r.height)
    }

    /// A closed rounded-rectangle sub-path; the radius is limited to half the shorter side,
    /// so `cornerRadius == width / 2` on a square gives a circle.
    public func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        cairo.addRoundedRect(rect, cornerRadius: cornerRadius)
    }

    /// A closed ellipse sub-path inscribed in `rect`.
    public func addEllipse(in rect: Rect) {
        let r = rect.standardized
        guard r.origin.hasFiniteCoordinates, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else { return }
        cairo.save()
        cairo.translate(r.midX, r.midY)
        cairo.scale(r.width / 2, r.height / 2)
        cairo.newSubPath()
        cairo.arc(centerX: 0, centerY: 0, radius: 1, from: 0, to: 2 * .pi)
        cairo.closePath()
        cairo.restore()
    }

    /// Closes the current sub-path with a line back to its start.
    public func closePath() {
        cairo.closePath()
    }

    // MARK: Painting

    /// Fills the current path (non-zero winding) and clears it.
    public func fill() {
        cairo.fill()
    }

    /// Fills `rect` with the current colour; any current path is discarded.
    public func fill(_ rect: Rect) {
        cairo.newPath()
        addRect(rect)
        cairo.fill()
    }

    /// Strokes the current path with the current line settings and clears it.
    public func stroke() {
        cairo.stroke()
    }
}

extension Point {
    /// Both coordinates are finite, so cairo may see them.
    var hasFiniteCoordinates: Bool { x.isFinite && y.isFinite }
}

extension CairoContext {
    /// Appends a rounded rectangle; shared by the renderer (view backgrounds) and
    /// ``GraphicsContext``. The radius is clamped to 0…half the shorter side.
    func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        let r = rect.standardized
        guard r.origin.hasFiniteCoordinates, r.width.isFinite, r.height.isFinite else { return }
        let radius = cornerRadius.isFinite ? min(max(0, cornerRadius), r.width / 2, r.height / 2) : 0
        guard radius > 0 else {
            rectangle(r.minX, r.minY, r.width, r.height)
            return
        }
        let half = Double.pi / 2
        newSubPath()
        arc(centerX: r.maxX - radius, centerY: r.minY + radius, radius: radius, from: -half, to: 0)
        arc(centerX: r.maxX - radius, centerY: r.maxY - radius, radius: radius, from: 0, to: half)
        arc(centerX: r.minX + radius, centerY: r.maxY - radius, radius: radius, from: half, to: 2 * half)
        arc(centerX: r.minX + radius, centerY: r.minY + radius, radius: radius, from: 2 * half, to: 3 * half)
        closePath()
    }
}
