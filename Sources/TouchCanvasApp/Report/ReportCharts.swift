import Foundation
import Rendering
import TouchKit

/// One finger's samples: the locations it reported (down, each move, up) at their event times.
public struct FingerTrack: Sendable {
    public var number: Int
    public var samples: [(time: Double, location: Point)]
    public init(number: Int, samples: [(time: Double, location: Point)] = []) {
        self.number = number
        self.samples = samples
    }

    /// Samples per second over time: at each sample, the samples of the 250 ms before it (the
    /// window the HUD's lowest rate uses) divided by the time they span; a finger younger than
    /// that is measured over its life so far. Times are seconds from `origin`.
    public func rates(from origin: Double, window: Double = 0.25) -> [Point] {
        var points: [Point] = []
        var start = 0
        for index in samples.indices.dropFirst() {
            let time = samples[index].time
            // The window reaches back to the last sample at or before its start, so it spans
            // at least `window` once the contact is that old: a sample that follows another
            // closely after a long still gap is not a burst.
            while start + 1 < index && samples[start + 1].time <= time - window { start += 1 }
            let span = time - samples[start].time
            // Under a fifth of the window, two samples say nothing about a rate.
            guard span >= window / 5 else { continue }
            points.append(Point(x: time - origin, y: Double(index - start) / span))
        }
        return points
    }
}

/// The pictures a report embeds: people look at a chart before they read a number.
public enum ReportChart: Sendable {
    /// Samples per second of each finger over time.
    case rates([FingerTrack])
    /// How many presented commits took each touch→glass time, with the median marked.
    case glass(milliseconds: [Double], refreshMilliseconds: Double)
    /// Each finger's path in the window, `area` its size in logical pixels.
    case paths([FingerTrack], area: Size)
}

/// Draws a ``ReportChart`` with Cairo, through the same renderer the window uses, and writes
/// it as a PNG.
@MainActor
public enum ReportCharts {
    public nonisolated static let size = (width: 960, height: 440)

    /// The chart as pixels.
    public static func picture(of chart: ReportChart) throws -> PixelBuffer {
        let frame = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        let window = Window(frame: frame)
        window.backgroundColor = .white
        window.addSubview(ChartView(frame: frame, chart: chart))
        let buffer = try PixelBuffer(width: size.width, height: size.height)
        _ = ViewRenderer().render(window, into: buffer, scale: 1, bufferAge: 0)
        return buffer
    }

    public static func write(_ chart: ReportChart, to path: String) throws {
        try PNGWriter().write(try picture(of: chart), to: path)
    }

    /// A colour per finger, told apart on white and in print.
    static let palette: [UInt32] = [0x34329C, 0xD1495B, 0x00798C, 0xEDAE49, 0x66A182, 0x8E44AD, 0x2E4057, 0xE07A5F, 0x3D9970, 0x7F8C8D]
    static func color(ofFinger index: Int) -> Color { Color(rgb: palette[index % palette.count]) }
}

/// One chart, drawn into its bounds: a title, axes with round ticks, and the data.
final class ChartView: View, CairoDrawing {
    private let chart: ReportChart
    private let margin = (left: 70.0, right: 24.0, top: 48.0, bottom: 52.0)

    init(frame: Rect, chart: ReportChart) {
        self.chart = chart
        super.init(frame: frame)
    }

    /// Charts of fingers keep a column on the right for the legend.
    private var hasLegend: Bool {
        if case .glass = chart { return false }
        return true
    }

    private var plot: Rect {
        let right = margin.right + (hasLegend ? 110 : 0)
        return Rect(x: margin.left, y: margin.top, width: bounds.width - margin.left - right,
                    height: bounds.height - margin.top - margin.bottom)
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        switch chart {
        case .rates(let tracks): drawRates(tracks, in: context)
        case .glass(let milliseconds, let refresh): drawGlass(milliseconds, refresh: refresh, in: context)
        case .paths(let tracks, let area): drawPaths(tracks, area: area, in: context)
        }
    }

    // MARK: The three charts

    private func drawRates(_ tracks: [FingerTrack], in context: GraphicsContext) {
        let origin = tracks.compactMap { $0.samples.first?.time }.min() ?? 0
        let series = tracks.map { $0.rates(from: origin) }
        let all = series.flatMap { $0 }
        title("Samples per second per finger", in: context)
        let xMax = max(all.map(\.x).max() ?? 1, 0.001), yMax = max((all.map(\.y).max() ?? 100) * 1.1, 10)
        axes(x: (0, xMax, "seconds"), y: (0, yMax, "samples per second"), in: context)
        for (index, points) in series.enumerated() where points.count > 1 {
            context.setColor(ReportCharts.color(ofFinger: index))
            context.setLineWidth(1.5)
            context.addLines(points.map { map($0, x: (0, xMax), y: (0, yMax)) })
            context.stroke()
        }
        legend(tracks.map { "finger \($0.number)" }, in: context)
        if all.isEmpty { note("no finger moved", in: context) }
    }

    private func drawGlass(_ milliseconds: [Double], refresh: Double, in context: GraphicsContext) {
        let values = milliseconds.filter { $0.isFinite && $0 >= 0 }.sorted()
        title("Touch→glass: presented commits by latency", in: context)
        let top = max((values.last ?? 50) * 1.05, refresh > 0 ? refresh * 2 : 20)
        let binWidth = max(top / 40, 0.5)
        var bins = [Int](repeating: 0, count: Int((top / binWidth).rounded(.up)) + 1)
        for value in values { bins[min(Int(value / binWidth), bins.count - 1)] += 1 }
        let yMax = Double(max(bins.max() ?? 1, 1)) * 1.15
        axes(x: (0, top, "milliseconds from the input event to the screen"), y: (0, yMax, "commits"), in: context)
        context.setColor(ReportCharts.color(ofFinger: 0))
        for (index, count) in bins.enumerated() where count > 0 {
            let low = map(Point(x: Double(index) * binWidth, y: 0), x: (0, top), y: (0, yMax))
            let high = map(Point(x: Double(index + 1) * binWidth, y: Double(count)), x: (0, top), y: (0, yMax))
            context.fill(Rect(x: low.x + 0.5, y: high.y, width: max(high.x - low.x - 1, 1), height: low.y - high.y))
        }
        var marks: [(Double, String, UInt32)] = []
        if !values.isEmpty { marks.append((values[values.count / 2], String(format: "median %.1f ms", values[values.count / 2]), 0xD1495B)) }
        if refresh > 0 { marks.append((refresh, String(format: "one refresh %.1f ms", refresh), 0x7F8C8D)) }
        for (rank, (value, label, color)) in marks.enumerated() {
            let x = map(Point(x: value, y: 0), x: (0, top), y: (0, yMax)).x
            context.setColor(Color(rgb: color))
            context.setLineWidth(2)
            context.move(to: Point(x: x, y: plot.minY))
            context.addLine(to: Point(x: x, y: plot.maxY))
            context.stroke()
            context.setFont(size: 13, weight: .bold)
            context.showText(label, at: Point(x: x + 6, y: plot.minY + 16 + Double(rank) * 18))
        }
        if values.isEmpty { note("no presentation feedback arrived", in: context) }
    }

    private func drawPaths(_ tracks: [FingerTrack], area: Size, in context: GraphicsContext) {
        title("Finger paths in the window", in: context)
        guard area.width > 0, area.height > 0 else { return }
        // The window's shape kept: the largest box of its aspect that fits the plot.
        let fit = min(plot.width / area.width, plot.height / area.height)
        let box = Rect(x: plot.minX + (plot.width - area.width * fit) / 2, y: plot.minY + (plot.height - area.height * fit) / 2,
                       width: area.width * fit, height: area.height * fit)
        context.setColor(Color(rgb: 0xBBBBBB))
        context.setLineWidth(1)
        context.addRect(box)
        context.stroke()
        context.setFont(size: 12)
        context.showText("\(Int(area.width))×\(Int(area.height)) px", at: Point(x: box.minX, y: box.maxY + 16))
        for (index, track) in tracks.enumerated() {
            let points = track.samples.map { Point(x: box.minX + $0.location.x * fit, y: box.minY + $0.location.y * fit) }
            guard let start = points.first else { continue }
            context.setColor(ReportCharts.color(ofFinger: index))
            context.setLineWidth(2)
            context.setLineCap(.round)
            context.setLineJoin(.round)
            context.addLines(points)
            context.stroke()
            context.addEllipse(in: Rect(x: start.x - 4, y: start.y - 4, width: 8, height: 8))
            context.fill()
            context.setFont(size: 12, weight: .bold)
            context.showText("\(track.number)", at: Point(x: start.x + 6, y: start.y - 6))
        }
        legend(tracks.map { "finger \($0.number)" }, in: context)
        if tracks.allSatisfy({ $0.samples.isEmpty }) { note("no finger touched", in: context) }
    }

    // MARK: Parts

    private func map(_ point: Point, x: (Double, Double), y: (Double, Double)) -> Point {
        let fx = x.1 > x.0 ? (point.x - x.0) / (x.1 - x.0) : 0
        let fy = y.1 > y.0 ? (point.y - y.0) / (y.1 - y.0) : 0
        return Point(x: plot.minX + fx * plot.width, y: plot.maxY - fy * plot.height)
    }

    private func title(_ text: String, in context: GraphicsContext) {
        context.setColor(.black)
        context.setFont(size: 18, weight: .bold)
        context.showText(text, at: Point(x: margin.left, y: 30))
    }

    private func note(_ text: String, in context: GraphicsContext) {
        context.setColor(Color(rgb: 0x7F8C8D))
        context.setFont(size: 16)
        context.showText(text, centeredIn: plot)
    }

    /// One row per finger in the right-hand column; those that do not fit are counted.
    private func legend(_ names: [String], in context: GraphicsContext) {
        context.setFont(size: 12)
        let x = plot.maxX + 24, rowHeight = 20.0
        let fitting = max(Int(plot.height / rowHeight) - 1, 1)
        for (index, name) in names.prefix(names.count > fitting + 1 ? fitting : names.count).enumerated() {
            let y = plot.minY + Double(index) * rowHeight
            context.setColor(ReportCharts.color(ofFinger: index))
            context.fill(Rect(x: x, y: y, width: 12, height: 12))
            context.setColor(.black)
            context.showText(name, at: Point(x: x + 18, y: y + 11))
        }
        if names.count > fitting + 1 {
            context.setColor(.black)
            context.showText("and \(names.count - fitting) more", at: Point(x: x, y: plot.minY + Double(fitting) * rowHeight + 11))
        }
    }

    private func axes(x: (Double, Double, String), y: (Double, Double, String), in context: GraphicsContext) {
        context.setColor(Color(rgb: 0xE5E5E5))
        context.setLineWidth(1)
        let yStep = Self.niceStep(y.1 - y.0)
        for value in stride(from: y.0, through: y.1, by: yStep) {
            let p = map(Point(x: x.0, y: value), x: (x.0, x.1), y: (y.0, y.1))
            context.move(to: Point(x: plot.minX, y: p.y.rounded() + 0.5))
            context.addLine(to: Point(x: plot.maxX, y: p.y.rounded() + 0.5))
        }
        context.stroke()
        context.setColor(.black)
        context.setLineWidth(1)
        context.move(to: Point(x: plot.minX + 0.5, y: plot.minY))
        context.addLine(to: Point(x: plot.minX + 0.5, y: plot.maxY + 0.5))
        context.addLine(to: Point(x: plot.maxX, y: plot.maxY + 0.5))
        context.stroke()
        context.setFont(size: 12)
        for value in stride(from: y.0, through: y.1, by: yStep) {
            let p = map(Point(x: x.0, y: value), x: (x.0, x.1), y: (y.0, y.1))
            let label = Self.label(value)
            context.showText(label, at: Point(x: plot.minX - 8 - context.textBounds(label).width, y: p.y + 4))
        }
        let xStep = Self.niceStep(x.1 - x.0)
        for value in stride(from: x.0, through: x.1, by: xStep) {
            let p = map(Point(x: value, y: y.0), x: (x.0, x.1), y: (y.0, y.1))
            let label = Self.label(value)
            context.showText(label, at: Point(x: p.x - context.textBounds(label).width / 2, y: plot.maxY + 18))
        }
        context.showText(x.2, at: Point(x: plot.midX - context.textBounds(x.2).width / 2, y: plot.maxY + 40))
        context.showText(y.2, at: Point(x: 8, y: plot.minY - 10))
    }

    /// A step of 1, 2 or 5 times a power of ten that cuts `range` into about six.
    static func niceStep(_ range: Double) -> Double {
        guard range.isFinite, range > 0 else { return 1 }
        let rough = range / 6
        let power = pow(10, floor(log10(rough)))
        let multiple = [1.0, 2, 5, 10].first { $0 * power >= rough } ?? 10
        return multiple * power
    }

    static func label(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", (value * 1000).rounded() / 1000)
    }
}
