import Rendering
import TouchKit

/// Where a touch was cancelled: a hollow `#E01B24` ring at its last location and, if it was
/// drawing, its in-progress stroke in the same red, fading out over a second.
///
/// Added by ``InspectView`` above everything else; it takes no touches, so a finger that lands
/// on a fading ring reaches the scene beneath.
public final class CancelMarkView: View, CairoDrawing {
    public static let color = Color(rgb: 0xE01B24)
    public static let ringRadius = 28.0
    public static let ringWidth = 3.0
    public static let fadeDuration = 1.0

    /// In this view's coordinates.
    public let ringCenter: Point
    public let strokePoints: [Point]
    public let strokeWidth: Double

    /// `location` and `stroke` are in the superview's coordinates.
    public init(location: Point, stroke: [Point], strokeWidth: Double) {
        var x0 = location.x - Self.ringRadius, x1 = location.x + Self.ringRadius
        var y0 = location.y - Self.ringRadius, y1 = location.y + Self.ringRadius
        for p in stroke where p.x.isFinite && p.y.isFinite {
            x0 = min(x0, p.x); x1 = max(x1, p.x)
            y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        let margin = max(Self.ringWidth, strokeWidth) / 2 + 2
        let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).insetBy(dx: -margin, dy: -margin)
        ringCenter = Point(x: location.x - box.minX, y: location.y - box.minY)
        strokePoints = stroke.map { Point(x: $0.x - box.minX, y: $0.y - box.minY) }
        self.strokeWidth = strokeWidth
        super.init(frame: box)
        isUserInteractionEnabled = false
    }

    /// Fades the mark out and removes it when it is gone.
    public func fadeOut() {
        View.animate(withDuration: Self.fadeDuration, animations: { self.alpha = 0 }, completion: { [weak self] _ in
            self?.removeFromSuperview()
        })
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(Self.color)
        if strokePoints.count > 1 {
            context.setLineWidth(strokeWidth)
            context.setLineCap(.round)
            context.setLineJoin(.round)
            context.addLines(strokePoints)
            context.stroke()
        }
        context.setLineWidth(Self.ringWidth)
        context.addArc(center: ringCenter, radius: Self.ringRadius - Self.ringWidth, startAngle: 0, endAngle: 2 * .pi)
        context.stroke()
    }
}
