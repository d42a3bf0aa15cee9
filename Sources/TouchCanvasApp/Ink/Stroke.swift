import Rendering
import TouchKit

/// The samples one finger left, in order, and how they are inked (the coalesced-touch sample's `Stroke`).
///
/// A class, as in the coalesced-touch sample: a view keeps the stroke a touch is drawing in a dictionary and keeps
/// adding to that same object until the touch ends, and undo removes a particular stroke.
/// Samples with a non-finite coordinate are dropped, so what is stored can always be drawn.
public final class Stroke {
    public private(set) var samples: [StrokeSample] = []
    public let color: Color
    /// Logical pixels.
    public let width: Double
    /// Everything the stroke covers: its samples' bounding box grown by half the width (round
    /// caps). `.zero` while it has no samples.
    public private(set) var bounds: Rect = .zero
    /// Whether the stroke's width follows its samples' pressure: it does when its first sample
    /// came with one (a pen), and then for every sample.
    public private(set) var isPressureSensitive = false

    public init(color: Color = .black, width: Double = 3) {
        self.color = color
        self.width = width.isFinite ? max(0, width) : 0
    }

    /// Appends a sample (the sample's `add(sample:)`).
    public func add(sample: StrokeSample) {
        let p = sample.location
        guard p.x.isFinite, p.y.isFinite else { return }
        if samples.isEmpty { isPressureSensitive = sample.pressure != nil }
        let width = width(for: sample)
        let dot = Rect(x: p.x - width / 2, y: p.y - width / 2, width: width, height: width)
        // Rect.union skips empty rectangles; a zero-width stroke still needs a box.
        bounds = samples.isEmpty ? dot : Self.enclosing(bounds, dot)
        samples.append(sample)
    }

    /// The width at sample `index`: the stroke's width, or for a pen the visual contract's (docs/architecture.md)
    /// width × (0.25 + 1.5 p), so that p = 0.5 draws the scene's normal width.
    public func width(at index: Int) -> Double {
        samples.indices.contains(index) ? width(for: samples[index]) : width
    }

    private func width(for sample: StrokeSample) -> Double {
        guard isPressureSensitive else { return width }
        return Self.pressureWidth(base: width, pressure: sample.pressure ?? 0.5)
    }

    /// A pen's width for `pressure` (0…1) on a stroke `base` wide: never under half a pixel, so
    /// the lightest touch still leaves a line.
    public static func pressureWidth(base: Double, pressure: Double) -> Double {
        let p = pressure.isNaN ? 0.5 : min(max(pressure, 0), 1)
        return max(Self.thinnestPressureWidth, base * (0.25 + 1.5 * p))
    }

    /// Logical pixels.
    public static let thinnestPressureWidth = 0.5

    private static func enclosing(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}

extension Stroke: InkStroke {
    // A closure, not the key path `\.location`: the key path allocated on every point read (~100
    // allocations a frame with ten fingers, measured in BENCHMARKS.md).
    public var inkPoints: LazyMapCollection<[StrokeSample], Point> { samples.lazy.map { $0.location } }
    public var inkStyle: InkStyle { InkStyle(color: color, width: width) }
    public var hasVariableWidth: Bool { isPressureSensitive }
    public func inkWidth(at index: Int) -> Double { width(at: index) }
}

extension Stroke: CustomStringConvertible {
    public var description: String { "Stroke(\(samples.count) samples, width \(width))" }
}
