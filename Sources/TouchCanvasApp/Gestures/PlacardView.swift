import Rendering
import TouchKit

/// The MoveMe placard: a rounded panel with a greeting, which a double tap elsewhere switches to
/// the next language. It handles no touches itself: the scene's pan recognizer on it drags it,
/// and its long-press recognizer shows it pressed (``isPressed``) until the finger lifts.
public final class PlacardView: View, CairoDrawing {
    public static let greetings = ["Welcome", "Bienvenue", "Willkommen", "Bienvenido", "Benvenuto",
                                   "Welkom", "Välkommen", "Witamy"]
    public static let size = Size(width: 260, height: 90)
    public static let fillColor = Color(rgb: 0x2E5E8C)
    public static let textColor = Color.white
    /// The fill while a long press holds it: a different hue, so it reads as "held" at a glance.
    public static let pressedColor = Color(rgb: 0x8C2E5E)

    /// Index into ``greetings`` of what the placard says.
    public private(set) var greetingIndex = 0
    public var text: String { Self.greetings[greetingIndex] }
    /// Drawn in ``pressedColor`` while true: a long press is holding the placard.
    public var isPressed = false {
        didSet { if isPressed != oldValue { setNeedsDisplay() } }
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = 18
    }

    /// Shows the next greeting, wrapping round to the first.
    public func showNextGreeting() {
        greetingIndex = (greetingIndex + 1) % Self.greetings.count
        setNeedsDisplay()
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(isPressed ? Self.pressedColor : Self.fillColor)
        context.addRoundedRect(bounds, cornerRadius: min(18, bounds.height / 2))
        context.fill()
        context.setColor(Self.textColor)
        context.setFont(size: bounds.height * 0.36, weight: .bold)
        context.showText(text, centeredIn: bounds)
    }
}
