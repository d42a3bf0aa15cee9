import TouchKit

/// Writes strokes as a standalone SVG document: the vector twin of what the ink layers show.
enum SVGWriter {
    /// A white `size` canvas (`viewBox` in logical pixels) with one `<path>` per stroke, oldest
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

    /// `#RRGGBB`, as the visual contract writes colours.
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
