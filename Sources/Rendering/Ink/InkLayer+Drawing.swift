import CCairo
import Foundation
import TouchKit

/// Ink added to the layer: segments, tapered segments (a pen's changing width), a stroke's
/// samples and dots, each returning the rectangle it touched, for the damage.
extension InkLayer {
    /// Draws one round-capped segment; returns the logical rectangle whose pixels it may have
    /// changed (its ``InkStyle/bounds(from:to:)`` plus one pixel of antialiasing).
    /// A segment from a point to itself is a dot of the stroke's width.
    @discardableResult
    public func drawSegment(from start: Point, to end: Point, style: InkStyle) -> Rect {
        let bounds = style.bounds(from: start, to: end)
        guard hasSurface, !bounds.isEmpty else { return .zero }
        let dirty = grownByAntialiasing(bounds)
        let a = (x: (start.x - rect.minX) * scale, y: (start.y - rect.minY) * scale)
        let b = (x: (end.x - rect.minX) * scale, y: (end.y - rect.minY) * scale)
        if let segment = SegmentCoverage(from: a, to: b, radius: style.radius * scale) {
            fill(segment, color: style.color)
        }
        drawnSegmentCount += 1
        return dirty
    }

    /// Composites a segment's coverage in `color` into the pixels, whichever layout holds them
    /// (see ``SegmentCoverage`` for why not cairo), clipped to a repair's rows while one is drawn.
    private func fill(_ segment: SegmentCoverage, color: Color) {
        func byte(_ value: Double) -> UInt32 { UInt32((max(0, min(1, value)) * 255).rounded()) }
        if let strips {
            strips.draw(segment, alpha: byte(color.alpha), rows: repairRows)
            return
        }
        guard let surface, let data = surface.data else { return }
        // Ink is drawn OVER the backdrop: it must be there first.
        if hasUnfilledRows { fillRemainingRows() }
        surface.flush()
        let alpha = max(0, min(1, color.alpha))
        segment.composite(red: byte(color.red * alpha), green: byte(color.green * alpha), blue: byte(color.blue * alpha),
                          alpha: byte(alpha), onto: data, stride: surface.stride, width: pixelWidth,
                          height: pixelHeight, rows: repairRows, opaque: backdrop != nil)
        surface.markDirty()
    }

    /// Fills a segment whose width changes from `startWidth` to `endWidth`: the convex hull of
    /// the two end discs. Consecutive segments share the disc at their joint, so a stroke built
    /// of them has no beads and no steps where its width changes (a pen's pressure), as stroking
    /// each segment at its own width would have. Returns the logical rectangle it may have changed.
    @discardableResult
    public func drawTaperedSegment(from start: Point, width startWidth: Double, to end: Point,
                                   width endWidth: Double, color: Color) -> Rect {
        let r0 = InkStyle(color: color, width: startWidth).radius, r1 = InkStyle(color: color, width: endWidth).radius
        let bounds = InkStyle(color: color, width: 2 * max(r0, r1)).bounds(from: start, to: end)
        guard hasSurface, !bounds.isEmpty else { return .zero }
        let dirty = grownByAntialiasing(bounds)
        let dx = end.x - start.x, dy = end.y - start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        draw(touching: dirty) { cairo in
            cairo.newPath()
            if distance <= abs(r1 - r0) {
                // One disc holds the other: the hull is the larger disc.
                let (center, radius) = r0 >= r1 ? (start, r0) : (end, r1)
                cairo.arc(centerX: center.x, centerY: center.y, radius: radius, from: 0, to: 2 * .pi)
            } else {
                // The outer tangents touch both discs at θ ± α, where cos α = (r0 − r1) / d.
                let theta = atan2(dy, dx), alpha = acos(max(-1, min(1, (r0 - r1) / distance)))
                cairo.arc(centerX: end.x, centerY: end.y, radius: r1, from: theta - alpha, to: theta + alpha)
                cairo.arc(centerX: start.x, centerY: start.y, radius: r0, from: theta + alpha, to: theta - alpha + 2 * .pi)
                cairo.closePath()
            }
            cairo.setSource(color, alpha: 1)
            cairo.fill()
        }
        drawnSegmentCount += 1
        checkError()
        return dirty
    }

    /// Draws the segments of `stroke` that end at its points `index...`: for index 0 the dot
    /// of its first point, for index i > 0 the segment from point i − 1 to point i (skipped
    /// when the two are equal, so a finger resting in place does not darken the edge).
    /// With `area`, segments that cannot touch it are skipped (a repair redraws only what crosses
    /// its band). Returns the union of what the drawn segments may have changed.
    ///
    /// Inlinable so that callers in other modules get it specialized for their stroke type: run
    /// generically, every point read goes through the collection's witness table, and this
    /// toolchain allocates a coroutine frame for each (five allocations per point, a hundred per
    /// frame with ten fingers — see BENCHMARKS.md).
    @discardableResult @inlinable
    public func drawSegments<Stroke: InkStroke>(of stroke: Stroke, from index: Int, within area: Rect? = nil) -> Rect {
        let points = stroke.inkPoints
        guard hasSurface, index < points.count else { return .zero }
        let style = stroke.inkStyle
        var dirty = Rect.zero
        let variable = stroke.hasVariableWidth
        for i in max(0, index)..<points.count {
            let end = points[points.startIndex + i]
            let start = i == 0 ? end : points[points.startIndex + i - 1]
            if i > 0, start == end { continue }
            if variable {
                let endWidth = stroke.inkWidth(at: i), startWidth = i == 0 ? endWidth : stroke.inkWidth(at: i - 1)
                let bounds = InkStyle(color: style.color, width: max(startWidth, endWidth)).bounds(from: start, to: end)
                if let area, !grownByAntialiasing(bounds).intersects(area) { continue }
                dirty = dirty.union(drawTaperedSegment(from: start, width: startWidth, to: end, width: endWidth,
                                                       color: style.color))
                continue
            }
            if let area, !grownByAntialiasing(style.bounds(from: start, to: end)).intersects(area) { continue }
            dirty = dirty.union(drawSegment(from: start, to: end, style: style))
        }
        return dirty
    }

    /// Fills a disc of `diameter` centred on `center`; returns the logical rectangle it may
    /// have changed. The draw scene's debug overlay marks coalesced samples this way.
    @discardableResult
    public func drawDot(at center: Point, diameter: Double, color: Color) -> Rect {
        guard hasSurface, center.hasFiniteCoordinates, diameter.isFinite, diameter > 0 else { return .zero }
        let r = diameter / 2
        let dirty = grownByAntialiasing(Rect(x: center.x - r, y: center.y - r, width: diameter, height: diameter))
        draw(touching: dirty) { cairo in
            cairo.newPath()
            cairo.arc(centerX: center.x, centerY: center.y, radius: r, from: 0, to: 2 * .pi)
            cairo.setSource(color, alpha: 1)
            cairo.fill()
        }
        drawnDotCount += 1
        checkError()
        return dirty
    }

    /// `rect` grown by what antialiasing may touch beyond it: the damage of a drawn shape.
    @usableFromInline
    func grownByAntialiasing(_ rect: Rect) -> Rect {
        let margin = ViewRenderer.antialiasMargin
        return rect.insetBy(dx: -margin, dy: -margin)
    }
}
