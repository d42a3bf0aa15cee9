/// The parts of a buffer that changed in a frame: a short list of pixel rectangles.
///
/// ```swift
/// var damage = DamageRegion()
/// damage.add(PixelRect(x: 190, y: 140, width: 120, height: 120))
/// for rect in damage.rects { surface.damageBuffer(rect) }
/// ```
///
/// This is a heuristic, not an exact region (no pixman): rectangles that overlap or nearly
/// touch are merged when the merged box wastes little area, and the list never grows beyond
/// ``maximumRectCount`` (the cheapest pair is merged instead). Compositors and cairo both cope
/// better with a few boxes than with many slivers, and a spot that moves a few pixels yields one
/// box, not two. Rectangles in the list may still overlap a little.
///
/// Steady state allocates nothing: ``removeAll()`` keeps the storage.
public struct DamageRegion: Equatable, Sendable, CustomStringConvertible {
    /// The most rectangles a region holds before it merges: at most this many damage rectangles
    /// per frame.
    ///
    /// Why 128: a compositor copies a buffer's damage rectangle by rectangle, so a hundred
    /// rectangles cost it little beside the megabytes they spare; but a stroke that ends after
    /// crossing a 4K window is a chain of boxes along its ink, and the fewer the boxes, the larger
    /// each: n boxes along a line of ink w wide, dx across and dy down, cover about
    /// dx·dy / n + w·(dx + dy). A zigzag of four strokes across a 4K buffer at scale 2 (each leg
    /// 768 × 1296 pixels) damages 4.2 % of it in 125 boxes, of which the first term is 1.5 %:
    /// each halving of the count would add as much again, past 5 % at 64. The renderer's merging
    /// (quadratic in the count once it is full) and clip (a rectangle each) grow with it. Ten
    /// fingers' spots and segments take 20.
    public static let maximumRectCount = 128

    /// Absolute waste (pixels) always accepted when merging, so nearby small boxes join up.
    static let freeWaste = 256

    /// The rectangles, none empty.
    public private(set) var rects: [PixelRect] = []

    public init() {}

    public init(_ rect: PixelRect) {
        add(rect)
    }

    public init(_ rects: some Sequence<PixelRect>) {
        for rect in rects { add(rect) }
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// The smallest rectangle containing all of the region.
    public var boundingBox: PixelRect { rects.reduce(.zero) { $0.union($1) } }

    /// Pixels covered, counting overlaps between the rectangles twice (an upper bound).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Whether the pixel (`x`, `y`) is in the region.
    public func contains(x: Int, y: Int) -> Bool {
        rects.contains { $0.contains(x: x, y: y) }
    }

    /// Whether any rectangle shares a pixel with `rect`.
    public func intersects(_ rect: PixelRect) -> Bool {
        rects.contains { $0.intersects(rect) }
    }

    /// Adds `rect`, merging as described in the type's documentation. Empty rects are ignored.
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var pending = rect
        var index = 0
        while index < rects.count {
            let existing = rects[index]
            if existing.contains(pending) { return }
            if Self.shouldMerge(existing, pending) {
                // The grown box may now swallow boxes already passed: start over.
                pending = existing.union(pending)
                rects.remove(at: index)
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(pending)
        while rects.count > Self.maximumRectCount { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for rect in other.rects { add(rect) }
    }

    public func union(_ other: DamageRegion) -> DamageRegion {
        var result = self
        result.formUnion(other)
        return result
    }

    /// Keeps only what lies inside `bounds` (normally the buffer).
    public mutating func clip(to bounds: PixelRect) {
        var index = 0
        while index < rects.count {
            let clipped = rects[index].intersection(bounds)
            if clipped.isEmpty {
                rects.remove(at: index)
            } else {
                rects[index] = clipped
                index += 1
            }
        }
    }

    public func clipped(to bounds: PixelRect) -> DamageRegion {
        var result = self
        result.clip(to: bounds)
        return result
    }

    /// Empties the region, keeping its storage for the next frame.
    public mutating func removeAll() {
        rects.removeAll(keepingCapacity: true)
    }

    public var description: String {
        isEmpty ? "DamageRegion(empty)" : "DamageRegion(\(rects.map(\.description).joined(separator: ", ")))"
    }

    // MARK: Merging

    /// Pixels the union box covers that neither rectangle does.
    static func waste(_ a: PixelRect, _ b: PixelRect) -> Int {
        a.union(b).area - (a.area + b.area - a.intersection(b).area)
    }

    /// Merge when the union wastes at most a quarter of the smaller rectangle, or a small fixed
    /// amount: two boxes that are nearly one (a spot's old and new place) become one.
    ///
    /// Why the smaller, not what the two cover: a box grown by merges is itself part waste, and
    /// a quarter of it is room enough for every small neighbour in turn, so the chain of boxes
    /// along a circle of ink snowballed into the circle's bounding box (36 % of a 4K buffer
    /// where 2 % was damaged).
    static func shouldMerge(_ a: PixelRect, _ b: PixelRect) -> Bool {
        waste(a, b) <= max(min(a.area, b.area) / 4, freeWaste)
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Int.max)
        for i in rects.indices {
            for j in (i + 1)..<rects.count {
                let w = Self.waste(rects[i], rects[j])
                if w < best.waste { best = (i, j, w) }
            }
        }
        let merged = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(merged)
    }
}
