import TouchKit

/// What the check measured of touch→glass over its guided strokes, from `wp_presentation`:
/// reported, never a reason to fail (a slow compositor still hands touches over correctly).
public struct GlassFigures: Sendable {
    /// The compositor offers presentation feedback on the app's clock.
    public internal(set) var offered = false
    /// Input → presentation of each shown commit, in seconds (at most ``limit`` kept).
    public private(set) var latencies: [Double] = []
    public private(set) var atFirstVblank = 0
    public private(set) var discarded = 0
    public private(set) var refreshNanoseconds: UInt32 = 0
    public private(set) var flags: Set<String> = []
    /// A check lasts minutes at most; this bounds what a flood of commits could keep.
    static let limit = 100_000

    mutating func presented(inputToPresent: Double, frames: Int, refreshNanoseconds: UInt32, flags: [String]) {
        guard inputToPresent.isFinite, inputToPresent >= 0, latencies.count < Self.limit else { return }
        latencies.append(inputToPresent)
        if frames <= 1 { atFirstVblank += 1 }
        if refreshNanoseconds > 0 { self.refreshNanoseconds = refreshNanoseconds }
        self.flags.formUnion(flags)
    }

    mutating func noteDiscarded() { discarded += 1 }

    /// The report's latency lines.
    func report() -> [String] {
        guard offered else { return ["latency: the compositor offers no wp_presentation; touch→glass not measured"] }
        guard !latencies.isEmpty else { return ["latency: no presentation feedback arrived (discarded \(discarded))"] }
        let sorted = latencies.sorted()
        func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        var lines = ["latency: touch→glass over \(sorted.count) frames: median \(ms(sorted[sorted.count / 2])), "
                     + "p95 \(ms(p95)), worst \(ms(sorted[sorted.count - 1]))"]
        let refresh = refreshNanoseconds > 0
            ? String(format: "refresh %.2f ms (%.1f Hz)", Double(refreshNanoseconds) / 1e6, 1e9 / Double(refreshNanoseconds))
            : "refresh unknown"
        let share = Double(atFirstVblank) * 100 / Double(sorted.count)
        lines.append("latency: \(refresh); at the first vblank after the input: \(String(format: "%.0f", share)) %; discarded \(discarded)")
        let order = ["vsync", "hw_clock", "hw_completion", "zero_copy"]
        lines.append("latency: flags " + (flags.isEmpty ? "none" : order.filter(flags.contains).joined(separator: ", ")))
        return lines
    }
}

extension CompositorCheck {
    /// The compositor offers `wp_presentation` on the app's clock: the report measures latency.
    public func presentationOffered() { glass.offered = true }

    /// A commit that carried input reached the screen.
    public func notePresented(inputToPresent: Double, frames: Int, refreshNanoseconds: UInt32, flags: [String]) {
        guard stage != .finished else { return }
        glass.presented(inputToPresent: inputToPresent, frames: frames, refreshNanoseconds: refreshNanoseconds, flags: flags)
    }

    /// A commit that carried input was never shown.
    public func noteDiscarded() {
        guard stage != .finished else { return }
        glass.noteDiscarded()
    }
}
