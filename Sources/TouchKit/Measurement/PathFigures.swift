import Foundation

/// How steady a held finger is and how straight a drawn line stays: the two figures hardware
/// tests take from a touchscreen beside its rate (a still finger that wanders, a ruler line
/// that wobbles).
public enum PathFigures {
    /// The jitter radius of a contact held still: the largest distance of any sample from the
    /// samples' mean position, in their units. Nil for no samples.
    public static func jitterRadius(_ points: [Point]) -> Double? {
        guard let mean = mean(points) else { return nil }
        return points.reduce(0) { max($0, $1.distance(to: mean)) }
    }

    /// How far a path strays from the straight line that fits it best (the total least-squares
    /// line, so a vertical line fits as well as a horizontal one): the root mean square and the
    /// largest distance of its samples from that line. Nil for fewer than two distinct points.
    public static func straightness(_ points: [Point]) -> (rms: Double, largest: Double)? {
        guard points.count >= 2, let mean = mean(points) else { return nil }
        var xx = 0.0, xy = 0.0, yy = 0.0
        for p in points {
            let dx = p.x - mean.x, dy = p.y - mean.y
            xx += dx * dx
            xy += dx * dy
            yy += dy * dy
        }
        guard xx + yy > 0 else { return nil }
        // The line's direction is the covariance's principal axis; distances are measured
        // along its normal.
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        let normal = Point(x: -sin(angle), y: cos(angle))
        var sum = 0.0, largest = 0.0
        for p in points {
            let d = abs((p.x - mean.x) * normal.x + (p.y - mean.y) * normal.y)
            sum += d * d
            largest = max(largest, d)
        }
        return ((sum / Double(points.count)).squareRoot(), largest)
    }

    /// The moving jitter of a drawn path: the largest distance of a sample, across the path,
    /// from the line through its neighbours `reach` samples either side (their mean, along the
    /// chord between the farthest two). A hand's slow wander off a ruler line and a finger
    /// speeding up or slowing down along it are left out; the sample-to-sample scatter a
    /// touchscreen adds is what stays. Samples nearer an end than `reach` are not judged. Nil
    /// for fewer than `2 × reach + 1` points.
    public static func movingJitter(_ points: [Point], reach: Int = 3) -> Double? {
        let reach = max(1, reach)
        guard points.count >= 2 * reach + 1 else { return nil }
        var largest = 0.0
        for index in reach..<(points.count - reach) {
            var sx = 0.0, sy = 0.0
            for j in (index - reach)...(index + reach) where j != index {
                sx += points[j].x
                sy += points[j].y
            }
            let n = Double(2 * reach)
            let local = Point(x: sx / n, y: sy / n)
            let a = points[index - reach], b = points[index + reach]
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            let p = points[index]
            // Across the chord where it has a direction; the plain distance where it has none.
            let d = length > 0 ? abs((p.x - local.x) * dy - (p.y - local.y) * dx) / length : p.distance(to: local)
            if d.isFinite { largest = max(largest, d) }
        }
        return largest
    }

    static func mean(_ points: [Point]) -> Point? {
        guard !points.isEmpty else { return nil }
        let n = Double(points.count)
        return Point(x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
    }
}
