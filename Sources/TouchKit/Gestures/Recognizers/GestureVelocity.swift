/// The rate of change of a gesture's value (translation, scale, angle) per second, fitted by
/// least squares to the samples of its last 100 ms.
///
/// Why not `MotionEstimate`, which predicts touches: that one ignores speeds under 5 units a
/// second, right for pixels but not for a scale or an angle, whose whole range is a few units.
/// Why 100 ms: long enough to hold several samples at the 60–200 Hz compositors send, short
/// enough that a flick's speed is the flick's and not the slow start's.
struct GestureVelocity {
    private var samples: [(time: Double, value: Point)] = []
    static let window = 0.1

    mutating func reset() { samples.removeAll(keepingCapacity: true) }

    mutating func add(_ value: Point, at time: Double) {
        guard time.isFinite, value.x.isFinite, value.y.isFinite else { return }
        samples.append((time, value))
        let newest = samples.map(\.time).max() ?? time
        samples.removeAll { newest - $0.time > Self.window }
    }

    /// Units per second at `now`; zero with fewer than two samples at distinct times, or once
    /// the newest is older than the window (the fingers stopped before they lifted).
    func velocity(at now: Double) -> Point {
        guard let newest = samples.last, now - newest.time <= Self.window else { return .zero }
        let n = Double(samples.count)
        var st = 0.0, stt = 0.0, sx = 0.0, sy = 0.0, stx = 0.0, sty = 0.0
        for sample in samples {
            let t = sample.time - newest.time
            st += t; stt += t * t
            sx += sample.value.x; sy += sample.value.y
            stx += t * sample.value.x; sty += t * sample.value.y
        }
        let denominator = n * stt - st * st
        guard samples.count >= 2, denominator > 1e-12 else { return .zero }
        let velocity = Point(x: (n * stx - st * sx) / denominator, y: (n * sty - st * sy) / denominator)
        return velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero
    }
}
