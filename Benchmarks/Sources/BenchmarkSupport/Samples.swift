/// Measurements of one quantity, with the summaries BENCHMARKS.md reports.
///
/// Percentiles are nearest-rank on the sorted values (p50 of 4 values is the 2nd), so every
/// figure reported is a value that was actually measured.
public struct Samples: Sendable {
    public private(set) var values: [Double] = []

    public init() {}
    public init(_ values: [Double]) { self.values = values }

    public mutating func append(_ value: Double) { values.append(value) }
    public mutating func reserveCapacity(_ n: Int) { values.reserveCapacity(n) }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }

    /// Nearest-rank percentile, `p` in 0...100; NaN when empty.
    public func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    public var median: Double { percentile(50) }
    public var p99: Double { percentile(99) }
    public var minimum: Double { values.min() ?? .nan }
    public var maximum: Double { values.max() ?? .nan }
    public var mean: Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }
    public var sum: Double { values.reduce(0, +) }
}
