import Rendering
import TouchKit

/// Shows the direction of the last swipe: an arrow and its name, fading out.
public final class SwipeArrowView: View, CairoDrawing {
    public static let color = Color(rgb: 0x1F8A4C)
    public private(set) var direction: SwipeDetector.Direction?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        alpha = 0
    }

    public func show(_ direction: SwipeDetector.Direction) {
        self.direction = direction
        setNeedsDisplay()
        alpha = 1
        View.animate(withDuration: 1.2, animations: { self.alpha = 0 })
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        guard let direction else { return }
        let arrowBox = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height * 0.7)
        let c = Point(x: arrowBox.midX, y: arrowBox.midY)
        let length = min(arrowBox.width, arrowBox.height) * 0.8, head = length * 0.35
        // The arrow pointing right, then turned to the direction.
        let shape: [(Double, Double)] = [(-length / 2, 0), (length / 2, 0), (length / 2 - head, -head * 0.8),
                                         (length / 2, 0), (length / 2 - head, head * 0.8)]
        let turn: (Double, Double) -> Point = switch direction {
        case .right: { x, y in Point(x: c.x + x, y: c.y + y) }
        case .left: { x, y in Point(x: c.x - x, y: c.y - y) }
        case .down: { x, y in Point(x: c.x - y, y: c.y + x) }
        case .up: { x, y in Point(x: c.x + y, y: c.y - x) }
        }
        context.setColor(Self.color)
        context.setLineWidth(8)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.addLines(shape.map { turn($0.0, $0.1) })
        context.stroke()
        context.setFont(size: 18, weight: .bold)
        context.showText("swipe \(direction.rawValue)",
                         centeredIn: Rect(x: 0, y: arrowBox.maxY, width: bounds.width, height: bounds.height - arrowBox.maxY))
    }
}
