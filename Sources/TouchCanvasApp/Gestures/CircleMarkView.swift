import Canvas
import TouchKit

/// The finger's path while it draws, and the last detected circle as seed 004's Figure 3
/// shows it: a dot at the centre and the ellipse of the path's bounds.
public final class CircleMarkView: View, CairoDrawing {
    public static let trailColor = Color(rgb: 0xB0B0B8)
    public static let circleColor = Color(rgb: 0xC2185B)

    public private(set) var trail: [Point] = []
    public private(set) var circle: CircleDetector.Circle?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    func startTrail(at point: Point) {
        trail = [point]
        circle = nil
        setNeedsDisplay()
    }

    func extendTrail(_ point: Point) {
        trail.append(point)
        setNeedsDisplay()
    }

    func endTrail(showing circle: CircleDetector.Circle?) {
        trail = []
        self.circle = circle
        setNeedsDisplay()
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        if !trail.isEmpty {
            context.setColor(Self.trailColor)
            context.setLineWidth(3)
            context.setLineCap(.round)
            context.setLineJoin(.round)
            context.addLines(trail)
            context.stroke()
        }
        guard let circle else { return }
        context.setColor(Self.circleColor)
        context.setLineWidth(4)
        context.addEllipse(in: circle.bounds)
        context.stroke()
        context.addEllipse(in: Rect(x: circle.center.x - 6, y: circle.center.y - 6, width: 12, height: 12))
        context.fill()
    }
}
