/// A cubic Bézier timing function from (0,0) to (1,1), as Core Animation's `CAMediaTimingFunction`.
struct TimingCurve: Sendable {
    let c1x: Double, c1y: Double, c2x: Double, c2y: Double

    /// UIKit's default for `UIView.animate` (control points 0.42,0 and 0.58,1): the spots grow
    /// with the same slow-fast-slow feel as on iOS.
    static let easeInEaseOut = TimingCurve(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
    static let linear = TimingCurve(c1x: 0, c1y: 0, c2x: 1, c2y: 1)

    /// The eased fraction for a linear time fraction in 0...1.
    func value(at progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        // x(t) is monotonic for control x in 0...1, so bisection always converges; 40 halvings
        // are below Double's resolution on the unit interval and need no derivative guard.
        var low = 0.0, high = 1.0, t = progress
        for _ in 0..<40 {
            t = (low + high) / 2
            if Self.bezier(t, c1x, c2x) < progress { low = t } else { high = t }
        }
        return Self.bezier(t, c1y, c2y)
    }

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
}
