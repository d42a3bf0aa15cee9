import TouchKit

/// An edge or corner of the window that a resize drags (`xdg_toplevel.resize_edge` in Wayland's
/// terms; the glue maps one to the other).
public enum ResizeEdge: String, Sendable, CaseIterable {
    case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    /// The cursor a pointer over this edge shows: the X cursor-font name most themes carry,
    /// then the CSS name newer themes use.
    public var cursorNames: [String] {
        switch self {
        case .top: ["top_side", "n-resize"]
        case .bottom: ["bottom_side", "s-resize"]
        case .left: ["left_side", "w-resize"]
        case .right: ["right_side", "e-resize"]
        case .topLeft: ["top_left_corner", "nw-resize"]
        case .topRight: ["top_right_corner", "ne-resize"]
        case .bottomLeft: ["bottom_left_corner", "sw-resize"]
        case .bottomRight: ["bottom_right_corner", "se-resize"]
        }
    }
}

/// What part of the chrome a point is on.
public enum ChromeRegion: Equatable, Sendable {
    /// The invisible margin around the window, where a press resizes.
    case edge(ResizeEdge)
    /// The title bar outside its buttons: a drag moves the window, a double tap maximises.
    case titleBar
    /// One of the title bar's buttons.
    case button(ChromeButtonKind)
    /// Inside the window's content, which the content covers: never the chrome's.
    case content
}

/// The chrome's geometry, worked out from the content size alone so the glue, the view and the
/// tests agree on it. All values are logical pixels; the chrome's own surface starts at the
/// outer corner of the margin.
public struct ChromeLayout: Equatable, Sendable {
    /// Tall enough for a fingertip: Apple's and GNOME's guidelines both ask for 44 or so.
    public static let titleBarHeight = 40.0
    /// The resize margin outside the window while it floats; none when maximised or tiled,
    /// where the compositor owns the size.
    public static let floatingMargin = 12.0
    /// How far from a corner along an edge still grabs the corner.
    public static let cornerReach = 24.0
    /// Buttons are square, as tall as the title bar.
    public static let buttonSize = 40.0

    public let contentSize: Size
    public let margin: Double

    public init(contentSize: Size, margin: Double) {
        self.contentSize = contentSize
        self.margin = max(0, margin)
    }

    /// The chrome surface's size: content, title bar and the margin all round.
    public var surfaceSize: Size {
        Size(width: contentSize.width + 2 * margin, height: contentSize.height + Self.titleBarHeight + 2 * margin)
    }

    /// The window as the compositor sees it (xdg window geometry), in chrome coordinates.
    public var windowRect: Rect {
        Rect(x: margin, y: margin, width: contentSize.width, height: contentSize.height + Self.titleBarHeight)
    }

    public var titleBarRect: Rect {
        Rect(x: margin, y: margin, width: contentSize.width, height: Self.titleBarHeight)
    }

    /// Where the content (the content surface) sits, in chrome coordinates.
    public var contentRect: Rect {
        Rect(x: margin, y: margin + Self.titleBarHeight, width: contentSize.width, height: contentSize.height)
    }

    /// The buttons right to left from the title bar's end, as GNOME orders them.
    public func buttonRect(_ kind: ChromeButtonKind) -> Rect {
        let index = Double(ChromeButtonKind.rightToLeft.firstIndex(of: kind) ?? 0)
        let bar = titleBarRect
        return Rect(x: bar.maxX - Self.buttonSize * (index + 1), y: bar.minY, width: Self.buttonSize, height: Self.buttonSize)
    }

    /// What is at `point` (chrome coordinates); nil outside the chrome surface.
    public func region(at point: Point) -> ChromeRegion? {
        let size = surfaceSize
        guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else { return nil }
        let window = windowRect
        if window.contains(point) {
            for kind in ChromeButtonKind.rightToLeft where buttonRect(kind).contains(point) { return .button(kind) }
            return titleBarRect.contains(point) ? .titleBar : .content
        }
        let reach = margin + Self.cornerReach
        let left = point.x < window.minX
        let right = point.x >= window.maxX
        let top = point.y < window.minY
        let bottom = point.y >= window.maxY
        // On an edge, near enough to a corner: the corner.
        let nearLeft = point.x < reach, nearRight = point.x >= size.width - reach
        let nearTop = point.y < reach, nearBottom = point.y >= size.height - reach
        if (top || left) && (nearTop && nearLeft) { return .edge(.topLeft) }
        if (top || right) && (nearTop && nearRight) { return .edge(.topRight) }
        if (bottom || left) && (nearBottom && nearLeft) { return .edge(.bottomLeft) }
        if (bottom || right) && (nearBottom && nearRight) { return .edge(.bottomRight) }
        if top { return .edge(.top) }
        if bottom { return .edge(.bottom) }
        return .edge(left ? .left : .right)
    }
}
