import Rendering
import TouchKit

/// The inspector's heads-up display: a translucent panel in the top-left corner with the lines
/// of ``InspectorHUDText``, in a monospaced font so the touch table stays aligned.
///
/// It takes no touches (fingers reach the scene beneath) and redraws only when told to with
/// ``refresh()``, so an idle window stays idle.
public final class InspectorHUDView: View, CairoDrawing {
    public static let fontSize = 12.0
    public static let lineHeight = 15.0
    public static let padding = 8.0
    /// Light grey, slightly see-through, with a border: it reads as a panel over white ink-free
    /// scene and lets strokes beneath show.
    public static let panelColor = Color(rgb: 0xF2F2F7, alpha: 0.9)
    public static let borderColor = Color(rgb: 0xC7C7CC)
    public static let textColor = Color(rgb: 0x1C1C1E)
    public static let anomalyColor = Color(rgb: 0xE01B24)

    public let inspector: InputInspector
    /// What the last refresh laid out.
    public private(set) var lines: [String] = []
    /// An instruction shown above the table (the `check` command's prompts), or nil.
    public var prompt: String? {
        didSet { if prompt != oldValue { refresh() } }
    }

    public init(inspector: InputInspector) {
        self.inspector = inspector
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = nil
    }

    /// Re-reads the inspector, resizes the panel to its lines and asks for a redraw.
    public func refresh() {
        var text = InspectorHUDText.lines(for: inspector)
        if let prompt { text.insert("▶ " + prompt, at: 0) }
        lines = text
        // As wide as its longest line (the font's advance is 0.6 of its size), but never past
        // the window, and in a narrow one leaving room for a scene's handle at the top right.
        let available = superview?.bounds.width ?? 600
        let longest = Double(lines.map(\.count).max() ?? 0) * Self.fontSize * 0.6 + Self.padding * 2
        let width = min(max(available - 16, 100), max(640, available - 180), max(longest, 100))
        frame = Rect(x: 8, y: 8, width: width, height: Double(lines.count) * Self.lineHeight + Self.padding * 2)
        setNeedsDisplay()
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.drawPanel(bounds, cornerRadius: 6, fill: Self.panelColor, border: Self.borderColor)
        for (index, line) in lines.enumerated() {
            let isAlert = line.hasPrefix("⚠") || line.hasPrefix("▶")
            context.setColor(isAlert ? Self.anomalyColor : Self.textColor)
            context.setFont(size: Self.fontSize, weight: index == 0 ? .bold : .regular, family: "monospace")
            let baseline = Self.padding + Double(index + 1) * Self.lineHeight - 3.5
            context.showText(line, at: Point(x: Self.padding, y: baseline))
        }
    }
}

extension GraphicsContext {
    /// The inspector's panels (the HUD, the pressure graph): a filled rounded rectangle with a
    /// one-pixel border inside its edge.
    func drawPanel(_ rect: Rect, cornerRadius: Double, fill: Color, border: Color) {
        setColor(fill)
        addRoundedRect(rect, cornerRadius: cornerRadius)
        self.fill()
        setColor(border)
        setLineWidth(1)
        addRoundedRect(rect.insetBy(dx: 0.5, dy: 0.5), cornerRadius: cornerRadius)
        stroke()
    }
}
