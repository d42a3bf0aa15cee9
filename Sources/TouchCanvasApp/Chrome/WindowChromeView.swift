import Rendering
import Foundation
import TouchKit

/// What the chrome asks of the window manager, for the glue to turn into `xdg_toplevel`
/// requests. The touch is the press that asked: a move or resize must quote its serial.
public enum ChromeRequest {
    case move(Touch)
    case resize(ResizeEdge, Touch)
    case minimize
    case toggleMaximize
    case close
}

/// The window's own chrome (title bar, buttons, resize edges), for compositors that draw none: a title bar with the title and
/// close, maximise and minimise buttons, and an invisible resize margin round the window.
///
/// It is a TouchKit view tree in a window of its own, so fingers and the mouse work it the
/// same way, as on a tablet: a press on the margin resizes from that edge; a drag on the title
/// bar moves the window once it has gone ``dragThreshold`` (so a tap stays a tap); a double
/// tap or double click on it maximises or restores; a button acts when the press lifts on it.
/// Debian 12's libdecor (0.1.1) takes no touch on its frame, which is why this exists.
public final class WindowChromeView: View, CairoDrawing {
    public static let titleBarColor = Color(rgb: 0xEBEBED)
    public static let inactiveTitleBarColor = Color(rgb: 0xFAFAFA)
    public static let titleColor = Color(rgb: 0x2E3436)
    public static let inactiveTitleColor = Color(rgb: 0x929595)
    public static let separatorColor = Color(rgb: 0xD6D6D1)
    /// How far a press on the title bar travels before it becomes a move.
    public static let dragThreshold = 6.0

    public var title: String {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// The compositor says the window has the focus: the title bar is drawn darker.
    public var isActive = true {
        didSet { if isActive != oldValue { setNeedsDisplay() } }
    }
    /// The compositor says the window is maximised: the maximise button shows "restore".
    public var isMaximized = false {
        didSet { maximizeButton.showsRestore = isMaximized }
    }
    public var onRequest: (@MainActor (ChromeRequest) -> Void)?
    public private(set) var layout: ChromeLayout
    /// Title-bar presses that may yet become a move, with where they began.
    private var pendingDrags: [Touch: Point] = [:]
    private let buttons: [ChromeButtonView]
    private var maximizeButton: ChromeButtonView { buttons[1] }

    public init(title: String, layout: ChromeLayout) {
        self.title = title
        self.layout = layout
        buttons = ChromeButtonKind.rightToLeft.map { ChromeButtonView(kind: $0) }
        super.init(frame: Rect(origin: .zero, size: layout.surfaceSize))
        isMultipleTouchEnabled = true
        for button in buttons {
            button.action = { [unowned self, kind = button.kind] in buttonTapped(kind) }
            addSubview(button)
        }
        apply(layout)
    }

    /// Sizes the chrome round new content (or a new margin).
    public func apply(_ layout: ChromeLayout) {
        self.layout = layout
        frame = Rect(origin: .zero, size: layout.surfaceSize)
        for button in buttons { button.frame = layout.buttonRect(button.kind) }
        setNeedsDisplay()
    }

    /// The cursor for a pointer at `point` (chrome coordinates): a resize arrow on the margin,
    /// the ordinary arrow elsewhere.
    public func cursorNames(at point: Point) -> [String] {
        if case .edge(let edge) = layout.region(at: point) { return edge.cursorNames }
        return ["left_ptr", "default"]
    }

    private func buttonTapped(_ kind: ChromeButtonKind) {
        switch kind {
        case .close: onRequest?(.close)
        case .maximize: onRequest?(.toggleMaximize)
        case .minimize: onRequest?(.minimize)
        }
    }

    // MARK: Touches (buttons take their own)

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches.sorted(by: { $0.number < $1.number }) {
            let point = touch.location(in: self)
            switch layout.region(at: point) {
            case .edge(let edge):
                onRequest?(.resize(edge, touch))
            case .titleBar where touch.tapCount == 2:
                onRequest?(.toggleMaximize)
            case .titleBar:
                pendingDrags[touch] = point
            default:
                break
            }
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches.sorted(by: { $0.number < $1.number }) {
            guard let start = pendingDrags[touch],
                  touch.location(in: self).distance(to: start) >= Self.dragThreshold else { continue }
            pendingDrags[touch] = nil
            onRequest?(.move(touch))
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { pendingDrags[touch] = nil }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { pendingDrags[touch] = nil }
    }

    // MARK: Drawing

    /// `text`, or as much of its start as fits in `width` followed by an ellipsis.
    static func fitting(_ text: String, width: Double, measure: (String) -> Double) -> String {
        guard measure(text) > width else { return text }
        var kept = text
        while !kept.isEmpty {
            kept.removeLast()
            let candidate = kept.trimmingCharacters(in: .whitespaces) + "…"
            if measure(candidate) <= width { return candidate }
        }
        return ""
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        let window = layout.windowRect
        // The chrome is drawn a part at a time (``ChromePart``): each draws only what reaches it,
        // the strips no title, the title bar no shadow.
        let insideWindow = rect.minX >= window.minX && rect.maxX <= window.maxX
            && rect.minY >= window.minY && rect.maxY <= window.maxY
        if layout.margin > 0, !insideWindow {
            // A soft shadow fading out over the margin, then a hairline round the window.
            let steps = Int(layout.margin)
            for step in 0..<steps {
                let fade = 1 - Double(step) / Double(steps)
                context.setColor(Color(red: 0, green: 0, blue: 0, alpha: 0.05 * fade * fade))
                context.setLineWidth(1)
                context.addRect(window.insetBy(dx: -Double(step) - 1.5, dy: -Double(step) - 1.5))
                context.stroke()
            }
            context.setColor(Color(red: 0, green: 0, blue: 0, alpha: 0.3))
            context.setLineWidth(1)
            context.addRect(window.insetBy(dx: -0.5, dy: -0.5))
            context.stroke()
        }
        let bar = layout.titleBarRect
        guard rect.intersects(bar) else { return }
        context.setColor(isActive ? Self.titleBarColor : Self.inactiveTitleBarColor)
        context.fill(bar)
        context.setColor(Self.separatorColor)
        context.fill(Rect(x: bar.minX, y: bar.maxY - 1, width: bar.width, height: 1))
        // The title centred on the bar as GNOME does, moved left to clear the buttons when it
        // must, and shortened with an ellipsis when even that is not enough.
        let buttonsLeft = layout.buttonRect(ChromeButtonKind.rightToLeft.last ?? .close).minX
        let room = Rect(x: bar.minX + 12, y: bar.minY, width: buttonsLeft - 8 - (bar.minX + 12), height: bar.height)
        guard room.width > 0 else { return }
        context.setColor(isActive ? Self.titleColor : Self.inactiveTitleColor)
        context.setFont(size: 14, weight: .bold)
        let text = Self.fitting(title, width: room.width) { context.textBounds($0).width }
        let width = context.textBounds(text).width
        var box = Rect(x: bar.midX - width / 2, y: bar.minY, width: width, height: bar.height)
        if box.maxX > room.maxX { box = box.offsetBy(dx: room.maxX - box.maxX, dy: 0) }
        if box.minX < room.minX { box = box.offsetBy(dx: room.minX - box.minX, dy: 0) }
        context.withSavedState { context in
            context.clip(to: room)
            context.showText(text, centeredIn: box)
        }
    }
}
