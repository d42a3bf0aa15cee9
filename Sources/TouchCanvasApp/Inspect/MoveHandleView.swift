import Rendering
import TouchKit

/// The inspect scene's drag handle: a small titled strip at the window's top right, clear of the
/// inspector HUD (top left, at most 640 wide) on windows 800 or more wide. A finger that
/// goes down on it asks for the window to be moved with that finger (``onBeginWindowMove``), the
/// way a touch on a title bar does, so the inspector shows what the compositor then does with
/// the touch. The handle takes the touch, so it draws no stroke.
public final class MoveHandleView: View, CairoDrawing {
    public static let size = Size(width: 140, height: 32)
    public static let title = "drag to move"
    public static let fillColor = Color(rgb: 0xE5E5EA)
    public static let activeFillColor = Color(rgb: 0xC7C7CC)
    public static let borderColor = Color(rgb: 0x8E8E93)

    public var onBeginWindowMove: (@MainActor (Touch) -> Void)?
    /// The touches on the handle now; the strip darkens while there is one.
    public private(set) var activeTouches: Set<Touch> = [] {
        didSet { if activeTouches.isEmpty != oldValue.isEmpty { setNeedsDisplay() } }
    }
    /// How the touches that grabbed the handle ended, oldest first, for tests and the curious.
    public private(set) var outcomes: [(touch: Int, phase: TouchPhase)] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    /// Distance from the window's top and right edges.
    public static let margin = 8.0

    /// The frame for a handle at the top right of `bounds`.
    public static func frame(in bounds: Rect) -> Rect {
        Rect(x: bounds.origin.x + bounds.size.width - size.width - margin, y: bounds.origin.y + margin,
             width: size.width, height: size.height)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches.sorted(by: { $0.number < $1.number }) {
            activeTouches.insert(touch)
            onBeginWindowMove?(touch)
        }
    }

    /// Taken and ignored: the compositor moves the window; the scene under the handle must not
    /// hear these moves (and redraw for them).
    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {}

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        finish(touches, .ended)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        finish(touches, .cancelled)
    }

    private func finish(_ touches: Set<Touch>, _ phase: TouchPhase) {
        for touch in touches.sorted(by: { $0.number < $1.number }) where activeTouches.remove(touch) != nil {
            outcomes.append((touch.number, phase))
        }
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        let box = bounds.insetBy(dx: 0.5, dy: 0.5)
        context.setColor(activeTouches.isEmpty ? Self.fillColor : Self.activeFillColor)
        context.addRoundedRect(box, cornerRadius: 6)
        context.fill()
        context.setColor(Self.borderColor)
        context.setLineWidth(1)
        context.addRoundedRect(box, cornerRadius: 6)
        context.stroke()
        context.setColor(.black)
        context.setFont(size: 15)
        context.showText(Self.title, centeredIn: bounds)
    }
}
