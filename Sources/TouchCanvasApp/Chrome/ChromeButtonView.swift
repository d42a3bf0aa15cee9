import Rendering
import TouchKit

/// The title bar's buttons.
public enum ChromeButtonKind: String, Sendable, CaseIterable {
    case close, maximize, minimize

    /// Placed from the right end of the title bar leftwards.
    public static let rightToLeft: [ChromeButtonKind] = [.close, .maximize, .minimize]
}

/// A title-bar button: a glyph, a round highlight while pressed, and its action when the press
/// lifts inside, for a finger as for the mouse (``ButtonView``'s tracking).
public final class ChromeButtonView: ButtonView {
    public static let glyphColor = Color(rgb: 0x2E3436)
    public static let highlightColor = Color(rgb: 0xD3D3D1)
    public let kind: ChromeButtonKind
    /// The maximise button shows "restore" (two squares) while the window is maximised.
    public var showsRestore = false {
        didSet { if showsRestore != oldValue { setNeedsDisplay() } }
    }

    public init(kind: ChromeButtonKind, frame: Rect = .zero, action: (@MainActor () -> Void)? = nil) {
        self.kind = kind
        super.init(title: kind.rawValue, frame: frame, action: action)
    }

    public override func draw(in context: GraphicsContext, rect: Rect) {
        let c = Point(x: bounds.midX, y: bounds.midY)
        if isHighlighted {
            context.setColor(Self.highlightColor)
            context.addEllipse(in: Rect(x: c.x - 14, y: c.y - 14, width: 28, height: 28))
            context.fill()
        }
        context.setColor(Self.glyphColor)
        context.setLineWidth(2)
        context.setLineCap(.butt)
        // Glyphs on whole pixels (lines centred on .0 for even widths) so they stay sharp.
        let cx = c.x.rounded(), cy = c.y.rounded()
        switch kind {
        case .close:
            context.move(to: Point(x: cx - 5, y: cy - 5))
            context.addLine(to: Point(x: cx + 5, y: cy + 5))
            context.move(to: Point(x: cx + 5, y: cy - 5))
            context.addLine(to: Point(x: cx - 5, y: cy + 5))
        case .maximize where showsRestore:
            context.addRect(Rect(x: cx - 5, y: cy - 2, width: 8, height: 8))
            context.move(to: Point(x: cx - 2, y: cy - 3))
            context.addLine(to: Point(x: cx - 2, y: cy - 5))
            context.addLine(to: Point(x: cx + 6, y: cy - 5))
            context.addLine(to: Point(x: cx + 6, y: cy + 3))
            context.addLine(to: Point(x: cx + 4, y: cy + 3))
        case .maximize:
            context.addRect(Rect(x: cx - 5, y: cy - 5, width: 10, height: 10))
        case .minimize:
            context.move(to: Point(x: cx - 5, y: cy + 5))
            context.addLine(to: Point(x: cx + 5, y: cy + 5))
        }
        context.stroke()
    }
}
