import Rendering
import TouchKit

/// A push button with a text label, drawn with cairo: a rounded rectangle that darkens while a
/// finger is on it, and an action run when the finger lifts inside (with a little slop, as
/// UIKit's touch-up-inside). A cancelled touch does nothing. Subclasses draw other faces (the
/// window chrome's buttons) and keep the tracking.
open class ButtonView: View, CairoDrawing {
    public static let fillColor = Color(rgb: 0xF2F2F7)
    public static let highlightedFillColor = Color(rgb: 0xC7C7CC)
    public static let borderColor = Color(rgb: 0x8E8E93)
    public static let titleColor = Color.black
    /// How far outside its bounds a lifting finger still counts as inside.
    public static let touchSlop = 20.0

    public var title: String {
        didSet { setNeedsDisplay() }
    }
    public var action: (@MainActor () -> Void)?
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }
    private var trackedTouch: Touch?

    public init(title: String, frame: Rect = .zero, action: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.action = action
        super.init(frame: frame)
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        guard trackedTouch == nil, let touch = touches.min(by: { $0.number < $1.number }) else { return }
        trackedTouch = touch
        isHighlighted = true
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        isHighlighted = isInside(touch)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        isHighlighted = false
        if isInside(touch) { action?() }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        isHighlighted = false
    }

    private func isInside(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(touch.location(in: self))
    }

    open func draw(in context: GraphicsContext, rect: Rect) {
        let box = bounds.insetBy(dx: 0.5, dy: 0.5)
        let radius = min(8, box.height / 2)
        context.setColor(isHighlighted ? Self.highlightedFillColor : Self.fillColor)
        context.addRoundedRect(box, cornerRadius: radius)
        context.fill()
        context.setColor(Self.borderColor)
        context.setLineWidth(1)
        context.addRoundedRect(box, cornerRadius: radius)
        context.stroke()
        context.setColor(Self.titleColor)
        context.setFont(size: min(17, bounds.height * 0.5))
        context.showText(title, centeredIn: bounds)
    }
}
