import TouchKit

/// How a stroke is inked: its colour and width in logical pixels. Caps and joins are always
/// round (every stroke's look in docs/architecture.md's visual contract).
public struct InkStyle: Hashable, Sendable {
    public var color: Color
    /// Logical pixels; negative or non-finite widths draw nothing.
    public var width: Double

    public init(color: Color, width: Double) {
        self.color = color
        self.width = width
    }

    /// Half the width, or 0 for a width that draws nothing.
    var radius: Double { width.isFinite && width > 0 ? width / 2 : 0 }

    /// What a segment from `start` to `end` covers: its bounding box grown by half the width
    /// (round caps), without antialiasing. The renderer adds its own antialias margin to
    /// whatever a view reports, so this is the rectangle to report as invalidated.
    ///
    /// ```swift
    /// InkStyle(color: .black, width: 4).bounds(from: Point(x: 10, y: 10), to: Point(x: 20, y: 10))
    /// // (8, 8, 14, 4)
    /// ```
    public func bounds(from start: Point, to end: Point) -> Rect {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return .zero }
        let r = radius
        return Rect(x: min(start.x, end.x) - r, y: min(start.y, end.y) - r,
                    width: abs(end.x - start.x) + 2 * r, height: abs(end.y - start.y) + 2 * r)
    }
}

/// Something an ``InkLayer`` can draw: a polyline and its style.
///
/// The app's stroke model conforms; the layer only reads points by index, so a stroke can expose
/// its samples' locations lazily (`samples.lazy.map(\.location)`) without copying them.
public protocol InkStroke {
    associatedtype InkPoints: RandomAccessCollection<Point> where InkPoints.Index == Int
    /// The polyline, oldest point first.
    var inkPoints: InkPoints { get }
    var inkStyle: InkStyle { get }
    /// Whether the width changes along the stroke (a pen's pressure); false draws every
    /// segment at the style's width, as a finger's stroke is drawn.
    var hasVariableWidth: Bool { get }
    /// The stroke's width in logical pixels at point `index`, when ``hasVariableWidth``.
    func inkWidth(at index: Int) -> Double
}

extension InkStroke {
    public var hasVariableWidth: Bool { false }
    public func inkWidth(at index: Int) -> Double { inkStyle.width }
}
