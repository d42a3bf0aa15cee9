import TouchKit

/// The completed strokes of a drawing plus the one being drawn (the coalesced-touch sample's `StrokeCollection`),
/// and what undo takes back.
public final class StrokeCollection {
    /// Completed strokes, oldest first.
    public private(set) var strokes: [Stroke] = []
    /// The stroke a finger is drawing now, if any.
    public var activeStroke: Stroke?

    /// What undo takes back, newest last: a stroke that was added, or the strokes an eraser
    /// took out (with where they stood, so they come back in their place in the drawing order).
    private enum Change {
        case added(Stroke)
        /// Batches in the order they were erased, each with the places its strokes had then.
        case erased([[(index: Int, stroke: Stroke)]])
    }
    private var changes: [Change] = []
    /// Erasers down now: while one is, what it erases joins one change, so one undo brings back
    /// everything a swipe took.
    private var openErasers = 0
    private var erasingChangeIsOpen = false

    /// What an undo did.
    public enum Undone {
        /// The newest stroke was taken out.
        case removed(Stroke)
        /// Strokes an eraser took out came back.
        case restored([Stroke])
    }

    public init() {}

    /// Moves the active stroke, if any, to the end of ``strokes``.
    public func acceptActiveStroke() {
        if let stroke = activeStroke {
            append(stroke)
            activeStroke = nil
        }
    }

    /// Adds a completed stroke (a multitouch view completes several strokes at once).
    public func append(_ stroke: Stroke) {
        strokes.append(stroke)
        changes.append(.added(stroke))
        erasingChangeIsOpen = false
    }

    /// Removes and returns the newest completed stroke.
    @discardableResult
    public func removeLastStroke() -> Stroke? {
        guard let stroke = strokes.popLast() else { return nil }
        if let index = changes.lastIndex(where: { if case .added(let s) = $0 { s === stroke } else { false } }) {
            changes.remove(at: index)
        }
        return stroke
    }

    /// Takes back the newest change: the newest stroke goes, or what an eraser took comes back.
    /// Nil when there is nothing to take back.
    public func undo() -> Undone? {
        guard let change = changes.popLast() else { return nil }
        switch change {
        case .added(let stroke):
            strokes.removeAll { $0 === stroke }
            return .removed(stroke)
        case .erased(let batches):
            // Newest batch first: each batch's places are those the strokes had when it was erased.
            for batch in batches.reversed() {
                for (index, stroke) in batch { strokes.insert(stroke, at: min(index, strokes.count)) }
            }
            return .restored(batches.flatMap { $0.map(\.stroke) })
        }
    }

    /// Removes every completed stroke; the active one, if any, goes on. Not undoable.
    public func removeAllStrokes() {
        strokes.removeAll()
        changes.removeAll()
        erasingChangeIsOpen = false
    }

    /// The eraser: removes every completed stroke whose ink comes within `radius` of the segment
    /// from `start` to `end` (whole strokes, as an eraser tool erases), and returns them, oldest
    /// first. Undo brings them back.
    @discardableResult
    public func erase(from start: Point, to end: Point, radius: Double) -> [Stroke] {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite, radius.isFinite else { return [] }
        var erased: [(index: Int, stroke: Stroke)] = []
        for (index, stroke) in strokes.enumerated() where stroke.isTouched(from: start, to: end, radius: radius) {
            erased.append((index, stroke))
        }
        guard !erased.isEmpty else { return [] }
        for (index, _) in erased.reversed() { strokes.remove(at: index) }
        if erasingChangeIsOpen, case .erased(let batches)? = changes.last {
            changes[changes.count - 1] = .erased(batches + [erased])
        } else {
            changes.append(.erased([erased]))
            erasingChangeIsOpen = openErasers > 0
        }
        return erased.map(\.stroke)
    }

    /// An eraser went down: until every eraser is up, what is erased is one undoable change.
    public func beginErasing() { openErasers += 1 }

    /// An eraser lifted (or was cancelled).
    public func endErasing() {
        openErasers = max(openErasers - 1, 0)
        if openErasers == 0 { erasingChangeIsOpen = false }
    }
}

extension Stroke {
    /// Whether the eraser segment from `start` to `end`, `radius` wide on each side, touches the
    /// stroke's ink (its width counted).
    func isTouched(from start: Point, to end: Point, radius: Double) -> Bool {
        let radius = max(radius, 0)
        // The stroke's bounds hold its ink: an eraser box that misses them misses the stroke.
        // (Compared by hand: a straight eraser path's box is a line, which `intersects` skips.)
        guard min(start.x, end.x) - radius <= bounds.maxX, max(start.x, end.x) + radius >= bounds.minX,
              min(start.y, end.y) - radius <= bounds.maxY, max(start.y, end.y) + radius >= bounds.minY
        else { return false }
        let points = samples
        guard let first = points.first else { return false }
        if points.count == 1 { return Geometry.distance(first.location, toSegment: start, end) <= radius + width(at: 0) / 2 }
        for i in 1..<points.count {
            let halfWidth = max(width(at: i - 1), width(at: i)) / 2
            if Geometry.distance(segment: points[i - 1].location, points[i].location, toSegment: start, end) <= radius + halfWidth {
                return true
            }
        }
        return false
    }
}

/// Distances between points and segments, for the eraser.
enum Geometry {
    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0), 1) : 0
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }

    static func distance(segment a: Point, _ b: Point, toSegment c: Point, _ d: Point) -> Double {
        if intersect(a, b, c, d) { return 0 }
        return min(distance(a, toSegment: c, d), distance(b, toSegment: c, d),
                   distance(c, toSegment: a, b), distance(d, toSegment: a, b))
    }

    /// Whether the two segments cross (proper crossings; touching ends count through the
    /// point distances).
    private static func intersect(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func cross(_ o: Point, _ p: Point, _ q: Point) -> Double { (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x) }
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}
