import Foundation

/// How much of each layer pixel a round-capped segment covers, worked out by the layer itself
/// rather than by a `cairo_stroke`.
///
/// Why: a stroke is drawn one short segment at a time (a finger at 200 Hz moves a few pixels per
/// sample), and for a shape that small cairo's fixed cost dominates: building the stroker's
/// polygon, sorting its edges and compositing the spans took about 8 µs per segment here, 41 % of
/// drawing one input frame with ten fingers and nearly all of the lift of ten long strokes at
/// once (BENCHMARKS.md, "Segments drawn by the layer"). The shape of a segment with round caps is
/// simple enough to rasterise directly: the pixels within half the width of the segment, plus
/// antialiasing.
///
/// **Coverage.** A pixel's coverage is taken from the distance `d` of its centre to the segment:
/// `r + ½ − d`, clamped to 0…1, for a half-width `r` of at least half a pixel. Near a straight
/// edge that is the share of the pixel inside it, for any direction of the edge to within a few
/// levels in 255; the caps' curvature at the radii of ink (several pixels) changes that little.
/// A thinner line keeps its whole falloff over a pixel either side and is scaled by its width, so
/// a hairline grows fainter rather than wider.
///
/// Every drawing of a segment goes through this (live, rebuilt, repaired, in every layout of the
/// layer), so they all give the same pixels, and the coverage layer and the opaque one agree
/// exactly on coverage: a lift changes only what 8-bit blending rounds differently.
struct SegmentCoverage {
    /// The segment's ends and half-width, in layer pixels (pixel `(i, j)` spans `i..<i+1`,
    /// `j..<j+1`; its centre is at `i + ½, j + ½`).
    let ax, ay, bx, by, radius: Double
    /// The reach of nonzero coverage from the segment: the half-width plus the antialiasing.
    private let reach: Double
    private let dx, dy, lengthSquared: Double
    /// The edge's falloff (`r + ½`) and how strong the line is at its centre (below 1 for a line
    /// thinner than a pixel).
    private let falloff, strength: Double
    /// Squared distances at or past which a pixel is untouched, and within which it is covered
    /// whole (`r − ½`; none for a line thinner than a pixel, whose centre is never whole), and
    /// the coverage of a pixel on the centre line.
    private let outsideSquared, insideSquared: Double
    /// The coverage of a pixel the segment covers whole (255, or less for a hairline).
    let full: UInt32
    /// The segment's length, and the reach within which ``spans(row:width:)`` counts pixels
    /// whole (0 when it counts none).
    private let length, wholeReach: Double

    /// Nil for a shape that draws nothing: a width that is zero, negative or not finite, or ends
    /// that are not finite.
    init?(from a: (x: Double, y: Double), to b: (x: Double, y: Double), radius: Double) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, radius.isFinite, radius > 0 else { return nil }
        ax = a.x; ay = a.y; bx = b.x; by = b.y
        self.radius = radius
        dx = b.x - a.x; dy = b.y - a.y
        lengthSquared = dx * dx + dy * dy
        if radius >= 0.5 {
            falloff = radius + 0.5
            strength = 1
        } else {
            falloff = 1
            strength = 2 * radius
        }
        reach = falloff
        outsideSquared = falloff * falloff
        insideSquared = strength < 1 ? -1 : (radius - 0.5) * (radius - 0.5)
        full = UInt32(truncatingIfNeeded: Int(strength * 255 + 0.5))
        length = lengthSquared.squareRoot()
        let near = max(abs(a.x), abs(a.y), abs(b.x), abs(b.y)) <= Self.wholeLimit
        wholeReach = near && radius >= 1.5 ? radius - 0.5 - Self.wholeMargin : 0
        guard lengthSquared.isFinite else { return nil }
    }

    /// The rows that may hold coverage, clamped to `0..<height`.
    func rows(height: Int) -> Range<Int> {
        pixels(from: min(ay, by) - reach, to: max(ay, by) + reach, limit: height)
    }

    /// The columns of row `j` that may hold coverage, clamped to `0..<width`: the pixels whose
    /// centres lie within ``reach`` of the segment on that row's centre line.
    func columns(row j: Int, width: Int) -> Range<Int> {
        let (lower, upper) = extent(onRow: Double(j) + 0.5, reach: reach)
        guard lower <= upper else { return 0..<0 }
        return pixels(from: lower, to: upper, limit: width)
    }

    /// The columns of row `j` that may hold coverage (``columns(row:width:)``), and among them
    /// the run of pixels the segment covers whole, whose coverage is ``full`` without working it
    /// out pixel by pixel (an empty range at the row's end when there is none).
    ///
    /// Why: at the widths of ink most of a segment's pixels lie inside it (7 of the 9 pixels
    /// across a row of an 8 px line), and the distance to the segment, a division and a dozen
    /// products a pixel, was most of the cost of drawing ink (BENCHMARKS.md, "Replaying a large
    /// recording"). A row meets the region of whole pixels, the capsule of reach `r − ½`, in one
    /// interval, worked out once a row as ``columns(row:width:)`` works out its own.
    ///
    /// The interval is the capsule's of reach `r − ½ −` ``wholeMargin``, so each pixel in it lies
    /// inside the whole region by more than rounding can move a distance, and ``coverage(column:row:)``
    /// gives it ``full`` too: the pixels are the same bytes either way. None is claimed for a line
    /// under 3 px wide, or for ends so far from the layer (past ``wholeLimit``) that a distance
    /// there is only good to a few thousandths of a pixel.
    @inline(__always)
    func spans(row j: Int, width: Int) -> (touched: Range<Int>, whole: Range<Int>) {
        let y = Double(j) + 0.5
        let (lower, upper) = extent(onRow: y, reach: reach)
        guard lower <= upper else { return (0..<0, 0..<0) }
        let touched = pixels(from: lower, to: upper, limit: width)
        guard wholeReach > 0 else { return (touched, touched.upperBound..<touched.upperBound) }
        let (inLower, inUpper) = extent(onRow: y, reach: wholeReach)
        let whole = inLower <= inUpper ? pixels(from: inLower, to: inUpper, limit: width).clamped(to: touched) : 0..<0
        return (touched, whole.isEmpty ? touched.upperBound..<touched.upperBound : whole)
    }

    /// How much deeper than the edge of the whole pixels a pixel's centre must lie to be counted
    /// whole without its distance: a thousandth of a pixel, far more than the rounding of a
    /// distance between points within ``wholeLimit``, far less than a pixel's width.
    static let wholeMargin = 1e-3
    /// The farthest an end may lie from the layer's origin, in pixels, for ``spans(row:width:)``
    /// to claim whole pixels: a million, 60 times the widest buffer.
    static let wholeLimit = 1e6

    /// Where the line `y` meets the points within `reach` of the segment, as `(lower, upper)`;
    /// `lower > upper` when it does not. The set of such points is convex (a capsule), so on
    /// one line it is a single interval: the hull of the intervals of the two end discs and of
    /// the band between them.
    @inline(__always)
    private func extent(onRow y: Double, reach: Double) -> (Double, Double) {
        var lower = Double.infinity, upper = -Double.infinity
        func disc(_ cx: Double, _ cy: Double) {
            let off = y - cy
            let h2 = reach * reach - off * off
            guard h2 >= 0 else { return }
            let h = h2.squareRoot()
            lower = min(lower, cx - h)
            upper = max(upper, cx + h)
        }
        disc(ax, ay)
        disc(bx, by)
        if lengthSquared > 0 {
            // Along the segment, 0…L² (s = (P − A)·(B − A)), and across it within reach·L
            // (n = (P − A)×(B − A)): both linear in x along the row.
            var lo = -Double.infinity, hi = Double.infinity
            var empty = false
            func within(slope: Double, at0: Double, _ least: Double, _ most: Double) {
                if abs(slope) < 1e-12 {
                    if at0 < least || at0 > most { empty = true }
                    return
                }
                let x0 = (least - at0) / slope, x1 = (most - at0) / slope
                lo = max(lo, min(x0, x1))
                hi = min(hi, max(x0, x1))
            }
            // s(x) = (x − ax)·dx + (y − ay)·dy; n(x) = (x − ax)·dy − (y − ay)·dx.
            within(slope: dx, at0: -ax * dx + (y - ay) * dy, 0, lengthSquared)
            within(slope: dy, at0: -ax * dy - (y - ay) * dx, -reach * length, reach * length)
            if !empty, lo <= hi {
                lower = min(lower, lo)
                upper = max(upper, hi)
            }
        }
        return (lower, upper)
    }

    /// The pixels whose centres lie in `low…high`, clamped to `0..<limit`.
    private func pixels(from low: Double, to high: Double, limit: Int) -> Range<Int> {
        let first = (low - 0.5).rounded(.up), last = (high - 0.5).rounded(.down)
        guard first <= last, last >= 0, first < Double(limit) else { return 0..<0 }
        return Int(max(0, first))..<Int(min(Double(limit - 1), last)) + 1
    }

    /// Pixel `(i, j)`'s coverage, 0…255. Most pixels of a stroke lie wholly inside it or
    /// outside its edge, and the squared distance tells those without a square root.
    @inline(__always)
    func coverage(column i: Int, row j: Int) -> UInt32 {
        let px = Double(i) + 0.5 - ax, py = Double(j) + 0.5 - ay
        var t = lengthSquared > 0 ? (px * dx + py * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let ex = px - t * dx, ey = py - t * dy
        let d2 = ex * ex + ey * ey
        if d2 >= outsideSquared { return 0 }
        if d2 <= insideSquared { return full }
        let c = min(1, max(0, falloff - d2.squareRoot())) * strength
        return UInt32(truncatingIfNeeded: Int(c * 255 + 0.5))
    }
}

/// 8-bit compositing as pixman does it: `a · b / 255`, rounded. Both are bytes, so nothing
/// overflows.
@inline(__always)
func multiplyBytes(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t >> 8)) >> 8
}

extension SegmentCoverage {
    /// The columns of any row that may hold coverage, clamped to `0..<width`.
    func columns(width: Int) -> Range<Int> {
        pixels(from: min(ax, bx) - reach, to: max(ax, bx) + reach, limit: width)
    }

    /// Composites the segment in a premultiplied colour (`red`, `green`, `blue` already times
    /// `alpha`, all 0…255) `OVER` 32-bit pixels at `data` (`stride` bytes a row, `width` ×
    /// `height`), in `clip`'s rows only when given: `s · m + d · (1 − α · m)` per channel, `m`
    /// the coverage, as pixman composites a solid colour through a mask. An opaque (xrgb) layer
    /// keeps each pixel's top byte, which its format does not use.
    func composite(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32, onto data: UnsafeMutableRawPointer,
                   stride: Int, width: Int, height: Int, rows clip: Range<Int>?, opaque: Bool) {
        var rows = rows(height: height)
        if let clip { rows = rows.clamped(to: clip) }
        for j in rows {
            let row = (data + j * stride).assumingMemoryBound(to: UInt32.self)
            @inline(__always) func blend(_ i: Int, _ m: UInt32) {
                if m == 255 && alpha == 255 {
                    // Covered whole by an opaque colour: the colour itself.
                    row[i] = (opaque ? row[i] & 0xff00_0000 : 0xff00_0000) | red << 16 | green << 8 | blue
                    return
                }
                let d = row[i]
                let keep = 255 - multiplyBytes(alpha, m)
                func channel(_ s: UInt32, _ shift: UInt32) -> UInt32 {
                    (multiplyBytes(s, m) &+ multiplyBytes((d >> shift) & 0xff, keep)) << shift
                }
                let top = opaque ? d & 0xff00_0000 : channel(alpha, 24)
                row[i] = top | channel(red, 16) | channel(green, 8) | channel(blue, 0)
            }
            let (columns, whole) = spans(row: j, width: width)
            for i in columns.lowerBound..<whole.lowerBound {
                let m = coverage(column: i, row: j)
                if m > 0 { blend(i, m) }
            }
            for i in whole { blend(i, full) }
            for i in whole.upperBound..<columns.upperBound {
                let m = coverage(column: i, row: j)
                if m > 0 { blend(i, m) }
            }
        }
    }
}
