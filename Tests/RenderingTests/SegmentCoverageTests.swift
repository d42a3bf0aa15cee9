import Foundation
@testable import Rendering
import Testing
import TouchKit
import TouchCanvasTesting

/// Segments are rasterised by the ink layer itself (``SegmentCoverage``), not by cairo: what a
/// layer shows must be the round-capped segment the stroke describes, in every layout, at every
/// scale, wherever it sits between pixels and across the coverage layer's strip edges.
@MainActor
@Suite struct SegmentCoverageTests {
    /// How much of pixel (`x`, `y`) lies within `radius` of the segment `a`–`b`, by 16×16 samples.
    private func coverage(x: Int, y: Int, a: (Double, Double), b: (Double, Double), radius: Double) -> Double {
        let dx = b.0 - a.0, dy = b.1 - a.1, l2 = dx * dx + dy * dy
        var inside = 0
        for i in 0..<16 {
            for j in 0..<16 {
                let px = Double(x) + (Double(i) + 0.5) / 16 - a.0, py = Double(y) + (Double(j) + 0.5) / 16 - a.1
                let t = l2 > 0 ? min(1, max(0, (px * dx + py * dy) / l2)) : 0
                let ex = px - t * dx, ey = py - t * dy
                if ex * ex + ey * ey <= radius * radius { inside += 1 }
            }
        }
        return Double(inside) / 256
    }

    /// Black ink at full opacity on a white window, so each pixel's red is 255 × (1 − coverage).
    private func shown(_ kind: String, _ segments: [(Point, Point)], width: Double, scale: Double) throws -> PixelBuffer {
        let layer = InkLayer()
        switch kind {
        case "opaque": layer.backdrop = .white
        case "coverage": layer.coverageColor = .black
        default: break
        }
        let rect = Rect(x: 0, y: 0, width: 160, height: 120)
        #expect(layer.reset(rect: rect, scale: scale))
        for (start, end) in segments {
            layer.drawSegment(from: start, to: end, style: InkStyle(color: .black, width: width))
        }
        let window = Window(frame: rect, clock: { 0 })
        window.backgroundColor = .white
        let view = InkView(frame: rect)
        view.layers = [(layer, 1)]
        window.addSubview(view)
        return try referenceRender(of: window, scale: scale)
    }

    nonisolated static let cases: [(start: Point, end: Point, width: Double, scale: Double)] = [
        (Point(x: 20.3, y: 30.7), Point(x: 130.1, y: 80.2), 8, 1),      // long, shallow
        (Point(x: 60.5, y: 20.25), Point(x: 66.9, y: 90.6), 5, 1),      // steep, across x = 64
        (Point(x: 40, y: 40), Point(x: 47, y: 47), 12, 1.25),           // 45°, a finger's step
        (Point(x: 80.4, y: 60.6), Point(x: 80.4, y: 60.6), 9, 2),       // a dot
        (Point(x: 10, y: 100), Point(x: 150, y: 100.4), 1.5, 1),        // thin, nearly flat
        (Point(x: 30.2, y: 10.1), Point(x: 31.4, y: 12.9), 20, 1.5),    // short and wide
    ]

    @Test(arguments: cases.indices, ["transparent", "opaque", "coverage"])
    func aSegmentShowsItsTrueCoverage(index: Int, kind: String) throws {
        let c = Self.cases[index]
        let buffer = try shown(kind, [(c.start, c.end)], width: c.width, scale: c.scale)
        let a = (c.start.x * c.scale, c.start.y * c.scale), b = (c.end.x * c.scale, c.end.y * c.scale)
        let radius = c.width / 2 * c.scale
        var worst = 0.0, total = 0.0, inked = 0
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let expected = 255 * (1 - coverage(x: x, y: y, a: a, b: b, radius: radius))
                let red = Double(try #require(buffer.pixel(x: x, y: y)).red)
                worst = max(worst, abs(red - expected))
                total += 255 - red
                if red < 255 { inked += 1 }
            }
        }
        // The coverage is taken from the distance to the edge: exact where an edge runs along a
        // row or a column, a few levels off at other angles and on a cap's curve (at most 15
        // seen), most on the tight curve of a thin line's cap (26 at a radius of 0.75 px).
        // cairo's own path fill is up to 25 from the true coverage (CircleMaskTests).
        #expect(worst <= (radius >= 1.5 ? 16 : 28), "worst \(worst) levels from the true coverage")
        // The ink adds up to the area of the shape (πr² + 2rL), to within 2 %.
        let length = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
        let area = Double.pi * radius * radius + 2 * radius * length
        #expect(abs(total / 255 - area) <= area * 0.02, "ink \(total / 255) px² for an area of \(area)")
        #expect(inked > 0)
    }

    /// The layouts agree: a coverage layer shows, to within 8-bit rounding, what the opaque and
    /// transparent layers show, strokes across strip edges included, so a stroke's lift from the
    /// in-progress layer to the completed one changes almost no pixel.
    @Test(arguments: [1.0, 2.0])
    func everyLayoutShowsTheSameInk(scale: Double) throws {
        var segments: [(Point, Point)] = []
        var last = Point(x: 10, y: 10)
        for k in 1...60 {
            let next = Point(x: 10 + Double(k) * 2.3, y: 60 + 45 * Foundation.sin(Double(k) * 0.21))
            segments.append((last, next))
            last = next
        }
        let coverage = try shown("coverage", segments, width: 7, scale: scale)
        for kind in ["opaque", "transparent"] {
            let other = try shown(kind, segments, width: 7, scale: scale)
            #expect(largestDifference(coverage, other) <= 2, "\(kind): \(differences(coverage, other).prefix(5))")
        }
        #expect(count(in: coverage) { _, _, raw in raw & 0xFF_FFFF != 0xFF_FFFF } > 1000, "there is ink")
    }

    /// The pixels a row's span counts whole are the pixels whose own coverage is whole, to the
    /// byte: segments of every direction, length and width of ink, ends on and between pixel
    /// centres (where a row is tangent to the whole region), dots, near-axis slopes, and at the
    /// scales a layer uses. And the span does count most of them, or drawing gains nothing.
    @Test func aRowsWholeSpanIsExactlyItsWholePixels() {
        var seed: UInt64 = 0x5eed_cafe
        func next() -> Double {
            // A fixed sequence (xorshift), so a failure repeats.
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Double(seed >> 11) / Double(1 << 53)
        }
        var claimed = 0, wholeSeen = 0
        for k in 0..<4000 {
            let radius = [1.5, 2, 3.5, 4, 4.5, 6, 12.25][k % 7] + (k % 3 == 0 ? next() * 3 : 0)
            var a = (x: 10 + next() * 80, y: 10 + next() * 80)
            var b = (x: a.x + (next() - 0.5) * 30, y: a.y + (next() - 0.5) * 30)
            switch k % 6 {
            case 0: (a.x, a.y) = (a.x.rounded() + 0.5, a.y.rounded() + 0.5)   // on a centre
            case 1: b = a                                                       // a dot
            case 2: b.y = a.y + 1e-13                                            // flat
            case 3: b.x = a.x                                                    // upright
            case 4: a.y = a.y.rounded() + radius; b.y = a.y                        // a row tangent to it
            default: break
            }
            guard let segment = SegmentCoverage(from: a, to: b, radius: radius) else { continue }
            for j in segment.rows(height: 120) {
                let (columns, whole) = segment.spans(row: j, width: 120)
                #expect(columns == segment.columns(row: j, width: 120))
                #expect(whole.isEmpty || (whole.lowerBound >= columns.lowerBound && whole.upperBound <= columns.upperBound))
                for i in columns {
                    let isWhole = segment.coverage(column: i, row: j) == segment.full
                    if isWhole { wholeSeen += 1 }
                    if whole.contains(i) {
                        claimed += 1
                        #expect(isWhole, "segment \(a)–\(b) r \(radius): pixel (\(i), \(j)) is not whole")
                    }
                }
            }
        }
        #expect(claimed * 10 >= wholeSeen * 8, "the spans claim \(claimed) of \(wholeSeen) whole pixels")
    }

    /// Ends too far off the layer for a distance to be trusted to a thousandth of a pixel, and
    /// lines too thin to have whole pixels worth a span, claim none: every pixel is worked out.
    @Test func farEndsAndThinLinesClaimNoWholeSpan() {
        let far = SegmentCoverage(from: (-1e12, 50), to: (1e12, 50), radius: 4)
        #expect(far?.spans(row: 50, width: 100).whole.isEmpty == true)
        #expect(far?.spans(row: 50, width: 100).touched == 0..<100)
        let thin = SegmentCoverage(from: (10, 50), to: (90, 50), radius: 1.25)
        #expect(thin?.spans(row: 50, width: 100).whole.isEmpty == true)
        let ink = SegmentCoverage(from: (10, 50), to: (90, 50), radius: 4)
        #expect(ink?.spans(row: 50, width: 100).whole.count ?? 0 > 70)
    }

    /// A line thinner than a pixel gets fainter, not wider.
    @Test func aHairlineIsFaint() throws {
        let buffer = try shown("coverage", [(Point(x: 10, y: 50.5), Point(x: 150, y: 50.5))], width: 0.5, scale: 1)
        let center = try #require(buffer.pixel(x: 80, y: 50)).red
        #expect((120...135).contains(center), "half a pixel wide: half the ink, \(center)")
        #expect(buffer.pixel(x: 80, y: 48)?.red == 255 && buffer.pixel(x: 80, y: 52)?.red == 255)
    }

    /// What cannot be drawn draws nothing, and ends far outside the layer cost no more than the
    /// part inside it.
    @Test func unusableSegmentsDrawNothing() {
        #expect(SegmentCoverage(from: (.nan, 0), to: (1, 1), radius: 2) == nil)
        #expect(SegmentCoverage(from: (0, 0), to: (1, .infinity), radius: 2) == nil)
        #expect(SegmentCoverage(from: (0, 0), to: (1, 1), radius: 0) == nil)
        #expect(SegmentCoverage(from: (0, 0), to: (1, 1), radius: -3) == nil)
        #expect(SegmentCoverage(from: (0, 0), to: (1, 1), radius: .nan) == nil)
        let far = SegmentCoverage(from: (-1e12, 50), to: (1e12, 50), radius: 2)
        #expect(far?.rows(height: 100) == 47..<53)
        #expect(far?.columns(row: 50, width: 100) == 0..<100)
        #expect(far?.columns(row: 10, width: 100).isEmpty == true)
        let outside = SegmentCoverage(from: (-50, -50), to: (-40, -45), radius: 2)
        #expect(outside?.rows(height: 100).isEmpty == true)
    }
}
