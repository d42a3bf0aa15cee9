import Rendering
import TouchKit

/// A test-only view over the whole window: a square that a touchpad pinch scales and a
/// touchpad swipe moves, through TouchKit's own recognizers. The gestures scene does not use
/// recognizers yet (it is being rebuilt on them), so this stands in for it: what the pinch and
/// the swipe did is drawn, and a replay that lost them would draw it elsewhere or smaller.
@MainActor
final class PinchSquareView: View, CairoDrawing {
    static let side = 60.0
    static let color = Color(rgb: 0x1F6FE0)

    private(set) var scale = 1.0
    private(set) var offset = Point.zero
    private var committedScale = 1.0
    private var committedOffset = Point.zero

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        let pinch = PinchGestureRecognizer { [unowned self] recognizer in
            switch recognizer.state {
            case .began, .changed: scale = committedScale * recognizer.scale
            case .ended: committedScale = scale
            default: scale = committedScale  // cancelled: back to where it was
            }
            setNeedsDisplay()
        }
        pinch.name = "pinch"
        let pan = PanGestureRecognizer { [unowned self] recognizer in
            let moved = recognizer.translation(in: self)
            switch recognizer.state {
            case .began, .changed: offset = Point(x: committedOffset.x + moved.x, y: committedOffset.y + moved.y)
            case .ended: committedOffset = offset
            default: offset = committedOffset
            }
            setNeedsDisplay()
        }
        pan.name = "pan"
        addGestureRecognizer(pinch)
        addGestureRecognizer(pan)
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        let side = Self.side * scale
        context.setColor(Self.color)
        context.addRect(Rect(x: bounds.midX + offset.x - side / 2, y: bounds.midY + offset.y - side / 2,
                             width: side, height: side))
        context.fill()
    }
}
