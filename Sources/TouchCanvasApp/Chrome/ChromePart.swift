import TouchKit

/// The pieces the app's own chrome is shown in on the screen, each sized to what it shows, as
/// foot and libdecor do: the title bar, and the resize margin as four thin strips round the
/// window.
///
/// One surface the size of the whole chrome would hold mostly nothing: the content covers its
/// middle. At 3840×2160 such a buffer is 34 MB, 67 MB double-buffered, to show a 40 px title
/// bar; the parts take 1.2 MB (the title bar 0.6 MB, the four strips as much again).
///
/// The chrome's view tree (``WindowChromeView``) still lays out and takes input for the whole
/// chrome, in chrome coordinates: a point on a part is one on the chrome once the part's origin is
/// added (``ChromeLayout/chromePoint(_:on:)``), so the corners still resize diagonally.
public enum ChromePart: String, Sendable, CaseIterable {
    /// The title bar, its title and buttons: the content's width, ``ChromeLayout/titleBarHeight`` tall.
    case titleBar
    /// The margin above the window, both corners included.
    case top
    /// The margin below the window, both corners included.
    case bottom
    /// The margin left of the window, between the top and bottom strips.
    case left
    /// The margin right of the window, between the top and bottom strips.
    case right

    /// Whether what the part shows follows from the layout alone, so that it need only be drawn
    /// again when its size, place or scale changes: true for the margin, which shows the chrome's
    /// shadow and the hairline round the window. The title bar's look changes with the title,
    /// the focus and a pressed button too.
    public var showsLayoutAlone: Bool { self != .titleBar }
}

extension ChromeLayout {
    /// Whether `part` is on show: the title bar always, the margin's four strips when there is
    /// a margin (none while maximised or tiled).
    public func shows(_ part: ChromePart) -> Bool {
        part == .titleBar || margin > 0
    }

    /// The parts on show (``shows(_:)``).
    public var shownParts: [ChromePart] {
        ChromePart.allCases.filter { shows($0) }
    }

    /// Where `part` lies, in chrome coordinates. The margin's strips are empty without a margin.
    public func rect(of part: ChromePart) -> Rect {
        let size = surfaceSize
        let window = windowRect
        switch part {
        case .titleBar: return titleBarRect
        case .top: return Rect(x: 0, y: 0, width: size.width, height: margin)
        case .bottom: return Rect(x: 0, y: window.maxY, width: size.width, height: margin)
        case .left: return Rect(x: 0, y: window.minY, width: margin, height: window.height)
        case .right: return Rect(x: window.maxX, y: window.minY, width: margin, height: window.height)
        }
    }

    /// Where `part`'s top-left sits relative to the content's (the content surface's): the
    /// position of the part's subsurface.
    public func offsetFromContent(of part: ChromePart) -> Point {
        let origin = rect(of: part).origin
        let content = contentRect.origin
        return Point(x: origin.x - content.x, y: origin.y - content.y)
    }

    /// `point`, in `part`'s own coordinates, in chrome coordinates: what ``region(at:)`` and the
    /// chrome's view tree take.
    public func chromePoint(_ point: Point, on part: ChromePart) -> Point {
        let origin = rect(of: part).origin
        return Point(x: point.x + origin.x, y: point.y + origin.y)
    }
}
