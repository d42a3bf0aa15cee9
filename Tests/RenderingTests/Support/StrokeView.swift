import Rendering
import TouchKit

/// A custom-drawn view like the trace scene's: polylines in `#34329C`, round caps and joins,
/// 4 px wide. Reports only the bounds of newly added points as invalidated.
@MainActor
final class StrokeView: View, CairoDrawing {
    static let ink = Color(rgb: 0x34329C)
    static let inkPixel = PixelColor(rgb: 0x34329C)

    private(set) var points: [Point] = []
    private var invalidated: Rect?
    /// Every `rect` the renderer passed to `draw`.
    private(set) var drawnRects: [Rect] = []
    var reportsPartialInvalidation = true

    func add(_ point: Point) {
        // The new segment's box (Rect.union would skip a zero-size box), grown by half the
        // line width for the round caps.
        let last = points.last ?? point
        let dirty = Rect(x: min(last.x, point.x) - 2, y: min(last.y, point.y) - 2,
                         width: abs(point.x - last.x) + 4, height: abs(point.y - last.y) + 4)
        invalidated = invalidated.map { $0.union(dirty) } ?? dirty
        points.append(point)
        setNeedsDisplay()
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        drawnRects.append(rect)
        context.setColor(Self.ink)
        context.setLineWidth(4)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.addLines(points)
        context.stroke()
    }

    func takeInvalidatedRect() -> Rect? {
        defer { invalidated = nil }
        return reportsPartialInvalidation ? invalidated : nil
    }
}
