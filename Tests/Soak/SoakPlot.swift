import Rendering
import TouchKit

/// The soak's figures over time as a picture: resident memory and CPU per frame, one panel each,
/// drawn with the app's own renderer and written as PNG.
@MainActor
final class SoakPlotView: View, CairoDrawing {
    let samples: [ProcessSample]
    let series: [(title: String, color: Color, value: (ProcessSample, ProcessSample?) -> Double?)]

    init(frame: Rect, samples: [ProcessSample]) {
        self.samples = samples
        series = [
            ("resident memory (MB)", Color(rgb: 0x34329C), { sample, _ in Double(sample.residentKilobytes) / 1024 }),
            ("CPU per frame (ms)", Color(rgb: 0xC0392B), { sample, previous in
                guard let previous, sample.commits > previous.commits else { return nil }
                return (sample.cpuMilliseconds - previous.cpuMilliseconds) / Double(sample.commits - previous.commits)
            }),
        ]
        super.init(frame: frame)
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(.white)
        context.fill(bounds)
        let panelHeight = bounds.height / Double(series.count)
        let end = max(samples.last?.time ?? 1, 1)
        for (index, entry) in series.enumerated() {
            let panel = Rect(x: 60, y: Double(index) * panelHeight + 30, width: bounds.width - 80, height: panelHeight - 60)
            let points: [(Double, Double)] = samples.indices.compactMap { i in
                entry.value(samples[i], i > 0 ? samples[i - 1] : nil).map { (samples[i].time, $0) }
            }
            let top = max(points.map(\.1).max() ?? 1, 1e-6) * 1.1
            context.setColor(Color(rgb: 0x999999))
            context.setLineWidth(1)
            context.addRect(panel)
            context.stroke()
            context.setColor(.black)
            context.showText("\(entry.title), 0 to \(format(top)); \(Int(end / 60)) min", at: Point(x: panel.minX, y: panel.minY - 8))
            context.setColor(entry.color)
            context.setLineWidth(2)
            for (n, point) in points.enumerated() {
                let p = Point(x: panel.minX + point.0 / end * panel.width, y: panel.maxY - point.1 / top * panel.height)
                if n == 0 { context.move(to: p) } else { context.addLine(to: p) }
            }
            context.stroke()
        }
    }


    private func format(_ value: Double) -> String { String(Int((value * 10).rounded())).withDecimal() }

    /// Renders the plot at `size` and writes it to `path`.
    static func write(_ samples: [ProcessSample], to path: String, width: Double = 1000, height: Double = 600) throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: width, height: height))
        window.backgroundColor = .white
        window.addSubview(SoakPlotView(frame: window.bounds, samples: samples))
        let pixels = try PixelBuffer(width: Int(width), height: Int(height))
        _ = ViewRenderer().render(window, into: pixels, scale: 1, bufferAge: 0)
        try PNGWriter().write(pixels, to: path)
    }
}

private extension String {
    /// "123" (tenths) as "12.3".
    func withDecimal() -> String {
        let digits = count < 2 ? String(repeating: "0", count: 2 - count) + self : self
        return digits.dropLast() + "." + digits.suffix(1)
    }
}
