import Rendering
import TouchKit

/// The finger's path while it draws (fed by the scene's own touch handling), and the last circle
/// the circle recognizer found as the Dr. Dobb's circle recipe shows it
/// shows it: a dot at the centre and the ellipse of the path's bounds.
///
/// The view covers the window, so it reports what changed (the new segment, the old trail or
/// circle going) instead of having the whole window repainted for every move.
public final class CircleMarkView: View, CairoDrawing {
    public static let trailColor = Color(rgb: 0xB0B0B8)
    public static let circleColor = Color(rgb: 0xC2185B)
    static let trailStyle = InkStyle(color: trailColor, width: 3)
    static let circleLineWidth = 4.0

    public private(set) var trail: [Point] = []
    public private(set) var circle: CircleDetector.Circle?
    /// What changed since the renderer last asked: apart, so the old circle going and a new
    /// trail starting across the window repaint two small areas, not the box round both.
    private var invalid = InvalidRects()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    func startTrail(at point: Point) {
        invalidateTrail()
        invalidateCircle()
        trail = [point]
        circle = nil
        invalidate(Self.trailStyle.bounds(from: point, to: point))
    }

    func extendTrail(_ point: Point) {
        guard let last = trail.last else { return startTrail(at: point) }
        trail.append(point)
        invalidate(Self.trailStyle.bounds(from: last, to: point))
    }

    /// The finger lifted or was cancelled: the trail goes (a recognized circle is shown apart,
    /// by ``showCircle(_:)``).
    func endTrail() {
        invalidateTrail()
        trail = []
    }

    /// Shows the circle the circle recognizer found, replacing the last one.
    func showCircle(_ circle: CircleDetector.Circle) {
        invalidateCircle()
        self.circle = circle
        invalidateCircle()
    }

    private func invalidateTrail() {
        for (a, b) in zip(trail, trail.dropFirst()) { invalidate(Self.trailStyle.bounds(from: a, to: b)) }
        if trail.count == 1, let only = trail.first { invalidate(Self.trailStyle.bounds(from: only, to: only)) }
    }

    private func invalidateCircle() {
        guard let circle else { return }
        let half = Self.circleLineWidth / 2
        invalidate(circle.bounds.insetBy(dx: -half, dy: -half))
        invalidate(Self.centreDot(circle))
    }

    private func invalidate(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        invalid.add(rect)
        setNeedsDisplay()
    }

    public func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        invalid.take(report)
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        if !trail.isEmpty {
            context.setColor(Self.trailColor)
            context.setLineWidth(Self.trailStyle.width)
            context.setLineCap(.round)
            context.setLineJoin(.round)
            context.addLines(trail)
            context.stroke()
        }
        guard let circle else { return }
        context.setColor(Self.circleColor)
        context.setLineWidth(Self.circleLineWidth)
        context.addEllipse(in: circle.bounds)
        context.stroke()
        context.addEllipse(in: Self.centreDot(circle))
        context.fill()
    }

    private static func centreDot(_ circle: CircleDetector.Circle) -> Rect {
        Rect(x: circle.center.x - 6, y: circle.center.y - 6, width: 12, height: 12)
    }
}
