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
    /// The most rectangles a region holds before it merges.
    public static let maximumRectCount = 16

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

    /// Merge when the union wastes at most a quarter of what the two really cover, or a small
    /// fixed amount.
    static func shouldMerge(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let covered = a.area + b.area - a.intersection(b).area
        return waste(a, b) <= max(covered / 4, freeWaste)
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
