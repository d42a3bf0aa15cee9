import Foundation

/// The velocity behind `TouchEvent.predictedTouches(for:)`: a least-squares line through the
/// newest samples, in window pixels per second.
enum MotionEstimate {
    /// Samples older than this, measured from the newest, are not used (unless needed to have
    /// two, see `fallbackWindow`).
    static let window: TimeInterval = 0.030
    /// How far back the second sample may be when the window holds only the newest one.
    static let fallbackWindow: TimeInterval = 0.100
    /// At most this many samples are fitted (and kept per touch).
    static let maximumSamples = 5
    /// Below this speed (logical pixels per second) a finger counts as at rest: no prediction.
    static let minimumSpeed = 5.0

    /// The fitted velocity, or `nil` without two samples at distinct, increasing times, or when
    /// slower than `minimumSpeed`.
    ///
    /// Walking back from the newest sample, a sample is used only if it is strictly older than
    /// the last one used: equal or out-of-order timestamps are skipped, so the fit never divides
    /// by a zero time span. Allocates nothing.
    static func velocity(of samples: [TouchSample]) -> Point? {
        guard let newest = samples.last else { return nil }
        var n = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        var count = 0
        var lastUsedTime = TimeInterval.infinity
        for sample in samples.reversed() {
            guard count < maximumSamples else { break }
            // Times relative to the newest keep the sums small and exact enough.
            let t = sample.timestamp - newest.timestamp
            guard t < lastUsedTime else { continue }
            guard -t <= window || (count == 1 && -t <= fallbackWindow) else { break }
            let x = sample.location.x - newest.location.x, y = sample.location.y - newest.location.y
            n += 1; st += t; sx += x; sy += y; stt += t * t; stx += t * x; sty += t * y
            count += 1
            lastUsedTime = t
        }
        guard count >= 2 else { return nil }
        let denominator = n * stt - st * st
        guard denominator > 0, denominator.isFinite else { return nil }
        let velocity = Point(x: (n * stx - st * sx) / denominator, y: (n * sty - st * sy) / denominator)
        guard velocity.x.isFinite, velocity.y.isFinite,
              Point.zero.distance(to: velocity) >= minimumSpeed else { return nil }
        return velocity
    }
}
