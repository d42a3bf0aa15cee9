import Foundation
import TouchKit

/// Writes strokes as a standalone SVG document: the vector twin of what the ink layers show.
enum SVGWriter {
    /// A white `size` picture (`viewBox` in logical pixels) with one `<path>` per stroke, oldest
    /// first, with the stroke's colour (and opacity if not opaque), width and round caps and
    /// joins. A single-sample stroke is a zero-length path, which round caps draw as a dot.
    static func document(size: Size, strokes: [Stroke]) -> String {
        let width = number(size.width), height = number(size.height)
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
              <rect width="\(width)" height="\(height)" fill="#FFFFFF"/>

            """
        for stroke in strokes {
            guard let first = stroke.samples.first else { continue }
            if stroke.isPressureSensitive {
                svg += taperedStroke(stroke)
                continue
            }
            var data = "M\(number(first.location.x)) \(number(first.location.y))"
            if stroke.samples.count == 1 {
                data += " L\(number(first.location.x)) \(number(first.location.y))"
            }
            for sample in stroke.samples.dropFirst() {
                data += " L\(number(sample.location.x)) \(number(sample.location.y))"
            }
            let opacity = stroke.color.alpha < 1 ? " stroke-opacity=\"\(number(stroke.color.alpha))\"" : ""
            svg += "  <path d=\"\(data)\" fill=\"none\" stroke=\"\(hex(stroke.color))\"\(opacity)"
                + " stroke-width=\"\(number(stroke.width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// A pen's stroke, whose width follows its pressure: SVG strokes have one width, so it is
    /// written as the shape the ink layer fills, one filled outline per segment (the hull of
    /// the two end discs), grouped, with the stroke's colour.
    static func taperedStroke(_ stroke: Stroke) -> String {
        let opacity = stroke.color.alpha < 1 ? " fill-opacity=\"\(number(stroke.color.alpha))\"" : ""
        var group = "  <g fill=\"\(hex(stroke.color))\"\(opacity) stroke=\"none\">\n"
        let samples = stroke.samples
        for i in samples.indices {
            let end = samples[i].location, endRadius = stroke.width(at: i) / 2
            let start = i == 0 ? end : samples[i - 1].location, startRadius = stroke.width(at: max(i - 1, 0)) / 2
            if i > 0, start == end { continue }
            group += "    <path d=\"\(hull(start, startRadius, end, endRadius))\"/>\n"
        }
        return group + "  </g>\n"
    }

    /// Path data for the convex hull of two discs, as ``InkLayer/drawTaperedSegment`` fills it.
    static func hull(_ c0: Point, _ r0: Double, _ c1: Point, _ r1: Double) -> String {
        let dx = c1.x - c0.x, dy = c1.y - c0.y
        let distance = (dx * dx + dy * dy).squareRoot()
        func point(_ c: Point, _ r: Double, _ angle: Double) -> String {
            "\(number(c.x + r * cos(angle))) \(number(c.y + r * sin(angle)))"
        }
        if distance <= abs(r1 - r0) {
            let (c, r) = r0 >= r1 ? (c0, r0) : (c1, r1)
            return "M\(point(c, r, 0)) A\(number(r)) \(number(r)) 0 1 1 \(point(c, r, .pi))"
                + " A\(number(r)) \(number(r)) 0 1 1 \(point(c, r, 0)) Z"
        }
        let theta = atan2(dy, dx), alpha = acos(max(-1, min(1, (r0 - r1) / distance)))
        // Angles grow clockwise on screen (y down), as SVG's sweep flag 1 draws.
        let farLarge = 2 * alpha > .pi ? 1 : 0, nearLarge = 2 * (.pi - alpha) > .pi ? 1 : 0
        return "M\(point(c1, r1, theta - alpha)) A\(number(r1)) \(number(r1)) 0 \(farLarge) 1 \(point(c1, r1, theta + alpha))"
            + " L\(point(c0, r0, theta + alpha)) A\(number(r0)) \(number(r0)) 0 \(nearLarge) 1 \(point(c0, r0, theta - alpha)) Z"
    }

    /// `#RRGGBB`, as docs/architecture.md's visual contract writes colours.
    static func hex(_ color: Color) -> String {
        func byte(_ value: Double) -> UInt32 { UInt32((value * 255).rounded()) }
        let rgb = byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
        return "#" + String(String(rgb | 0x100_0000, radix: 16, uppercase: true).dropFirst())
    }

    /// Integers without a fraction, everything else in Swift's shortest exact form.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
