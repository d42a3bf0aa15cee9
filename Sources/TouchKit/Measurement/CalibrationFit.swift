/// What a set of taps on known targets says about how the touchscreen is mapped to the
/// screen: the affine map that fits them best (least squares), named in words (rotated,
/// mirrored, axes swapped, scaled, shifted), with what is left over, and the libinput
/// calibration matrix that would put them back.
///
/// GNOME, KDE and weston-touch-calibrator all fit four or more targets; none says *what* is
/// wrong, and the commonest touch bugs on Wayland are whole-screen ones: a rotated output whose
/// touchscreen was not rotated with it, or one touchscreen spread over several monitors. Those
/// show up here as a 90° turn or a scale, not as "error 300 px".
///
/// Coordinates are the screen's (the targets scene fills it): points in pixels of a `size`
/// area, worked in normalised 0…1 coordinates, which is what libinput's matrix acts on.
///
/// ```swift
/// let fit = CalibrationFit(targets: targets, taps: taps, size: Size(width: 1920, height: 1080))
/// fit?.orientation         // .rotated90
/// fit?.summary()           // ["Touches arrive rotated 90° clockwise: …", …]
/// fit?.udevRule            // …ENV{LIBINPUT_CALIBRATION_MATRIX}="0 1 0 -1 0 1"
/// ```
///
/// The matrix corrects what the taps show, so measure with no `LIBINPUT_CALIBRATION_MATRIX`
/// set on the device (`udevadm info` lists it): the rule replaces one that is there, and taps
/// measured through an old matrix would give a correction of that, not of the screen.
public struct CalibrationFit: Sendable {
    /// How the taps are turned or mirrored against the targets, about the screen's centre.
    public enum Orientation: String, Sendable, CaseIterable {
        /// Neither turned nor mirrored.
        case upright
        /// Turned 90° clockwise: a touch on the right lands at the bottom.
        case rotated90
        /// Turned half round.
        case rotated180
        /// Turned 90° counter-clockwise (270° clockwise): a touch on the right lands at the top.
        case rotated270
        /// Left and right exchanged.
        case mirroredLeftRight
        /// Top and bottom exchanged.
        case mirroredTopBottom
        /// x and y exchanged: a touch on the right lands at the bottom, one at the bottom on the right.
        case axesSwapped
        /// x and y exchanged and both reversed: a touch on the right lands at the top.
        case axesSwappedAndInverted

        /// The turn or mirror as a matrix on normalised coordinates centred on the screen
        /// (row-major; y grows downwards, so `rotated90` takes right to down: clockwise).
        var matrix: (Double, Double, Double, Double) {
            switch self {
            case .upright: (1, 0, 0, 1)
            case .rotated90: (0, -1, 1, 0)
            case .rotated180: (-1, 0, 0, -1)
            case .rotated270: (0, 1, -1, 0)
            case .mirroredLeftRight: (-1, 0, 0, 1)
            case .mirroredTopBottom: (1, 0, 0, -1)
            case .axesSwapped: (0, 1, 1, 0)
            case .axesSwappedAndInverted: (0, -1, -1, 0)
            }
        }

        /// What a person reads: what the taps do, and the usual cause.
        public var sentence: String? {
            switch self {
            case .upright: nil
            case .rotated90:
                "Touches arrive rotated 90° clockwise: the touchscreen is mapped with the wrong output transform."
            case .rotated180:
                "Touches arrive rotated 180°: the touchscreen is mapped with the wrong output transform."
            case .rotated270:
                "Touches arrive rotated 90° counter-clockwise: the touchscreen is mapped with the wrong output transform."
            case .mirroredLeftRight:
                "Touches arrive mirrored left to right: the touchscreen's x axis is inverted."
            case .mirroredTopBottom:
                "Touches arrive mirrored top to bottom: the touchscreen's y axis is inverted."
            case .axesSwapped:
                "Touches arrive with x and y swapped: the touchscreen's axes are exchanged."
            case .axesSwappedAndInverted:
                "Touches arrive with x and y swapped and both inverted: the touchscreen's axes are exchanged and reversed."
            }
        }
    }

    /// A scale further than this from 1 is named (2 %: a few pixels at the screen's edge).
    public static let scaleTolerance = 0.02
    /// An offset of this many pixels or more is named.
    public static let offsetTolerance = 2.0

    /// The screen the targets are on.
    public let size: Size
    /// How the taps are turned or mirrored.
    public let orientation: Orientation
    /// The taps' scale against the targets along the targets' x and y, after the turn.
    public let scale: (x: Double, y: Double)
    /// Where a tap on the screen's centre lands, relative to the centre, in pixels.
    public let offset: Point
    /// How far the taps are from the fitted map: root mean square and largest, in pixels.
    public let residual: (rms: Double, largest: Double)
    /// The six numbers of `LIBINPUT_CALIBRATION_MATRIX` (`a b c d e f`: normalised
    /// x' = a·x + b·y + c, y' = d·x + e·y + f) that take each tap to its target; nil when the
    /// taps all fall on one line (an axis that reports nothing: no matrix can spread it again).
    public let libinputMatrix: [Double]?

    /// Fits `taps` (where touches landed) to `targets` (where they were put), pair by pair.
    /// Nil for fewer than three pairs, counts that differ, a `size` with no area, or targets on
    /// one line (they cannot tell a turn from a scale). Taps on one line still fit: that is a
    /// dead axis, named as a scale of 0.
    public init?(targets: [Point], taps: [Point], size: Size) {
        guard targets.count == taps.count, targets.count >= 3, size.width > 0, size.height > 0 else { return nil }
        func normalised(_ p: Point) -> Point { Point(x: p.x / size.width, y: p.y / size.height) }
        let t = targets.map(normalised), h = taps.map(normalised)
        // Forward: tap = M·target + m, to name what the screen does to a touch.
        guard let forward = AffineMap.leastSquares(from: t, to: h) else { return nil }
        // Backward, fitted directly so the matrix is the best correction of the taps.
        let backward = AffineMap.leastSquares(from: h, to: t)
        self.size = size
        let m = forward.linear
        orientation = Orientation.allCases.max { a, b in
            Self.alignment(a.matrix, m) < Self.alignment(b.matrix, m)
        } ?? .upright
        // With the turn taken out (Dᵀ·M), what is left is the scale on each axis.
        let d = orientation.matrix
        scale = (x: d.0 * m.0 + d.2 * m.2, y: d.1 * m.1 + d.3 * m.3)
        let centre = forward.apply(Point(x: 0.5, y: 0.5))
        offset = Point(x: (centre.x - 0.5) * size.width, y: (centre.y - 0.5) * size.height)
        var sum = 0.0, largest = 0.0
        for (target, tap) in zip(t, h) {
            let p = forward.apply(target)
            let dx = (p.x - tap.x) * size.width, dy = (p.y - tap.y) * size.height
            let e = (dx * dx + dy * dy).squareRoot()
            sum += e * e
            largest = Swift.max(largest, e)
        }
        residual = ((sum / Double(t.count)).squareRoot(), largest)
        libinputMatrix = backward.map { b in
            [b.linear.0, b.linear.1, b.translation.x, b.linear.2, b.linear.3, b.translation.y]
        }
    }

    /// How well a turn matches the fitted matrix: trace(Dᵀ·M), largest for the right one when
    /// M is that turn times positive scales.
    private static func alignment(_ d: (Double, Double, Double, Double), _ m: (Double, Double, Double, Double)) -> Double {
        d.0 * m.0 + d.1 * m.1 + d.2 * m.2 + d.3 * m.3
    }

    /// Whether the taps land where they were put, within the tolerances.
    public var isAccurate: Bool {
        orientation == .upright && abs(scale.x - 1) <= Self.scaleTolerance && abs(scale.y - 1) <= Self.scaleTolerance
            && (offset.x * offset.x + offset.y * offset.y).squareRoot() < Self.offsetTolerance
    }

    /// What is wrong, one sentence each (turn, scale, offset), then how close the fit is;
    /// `millimetresPerPixel` adds millimetres beside the pixels when the screen's size is known.
    public func summary(millimetresPerPixel: Double? = nil) -> [String] {
        func length(_ pixels: Double) -> String {
            let px = Self.format(pixels)
            return millimetresPerPixel.map { "\(px) px (\(Self.format(pixels * $0)) mm)" } ?? "\(px) px"
        }
        var lines: [String] = []
        if let sentence = orientation.sentence { lines.append(sentence) }
        if abs(scale.x - 1) > Self.scaleTolerance || abs(scale.y - 1) > Self.scaleTolerance {
            lines.append("Touches are scaled by \(Self.format(scale.x)) across and \(Self.format(scale.y)) down: "
                + "the touchscreen is mapped to an area of another size (another output, or several screens together).")
        }
        if (offset.x * offset.x + offset.y * offset.y).squareRoot() >= Self.offsetTolerance {
            // Said as a person points, with no signs: screen y grows downwards, so a negative
            // y offset is "up".
            let parts = [Self.direction(offset.x, "right", "left", length), Self.direction(offset.y, "down", "up", length)]
            lines.append("Touches land \(parts.compactMap { $0 }.joined(separator: " and ")) from where they are put.")
        }
        if lines.isEmpty { lines.append("Touches land where they are put.") }
        lines.append("What the fit leaves: \(length(residual.rms)) on average (root mean square), \(length(residual.largest)) at most.")
        return lines
    }

    /// `12 px right`, `8 px up`; nil for a distance that rounds to nothing.
    private static func direction(_ value: Double, _ positive: String, _ negative: String,
                                  _ length: (Double) -> String) -> String? {
        guard format(abs(value)) != "0" else { return nil }
        return "\(length(abs(value))) \(value > 0 ? positive : negative)"
    }

    /// The matrix as the value of `LIBINPUT_CALIBRATION_MATRIX`, in a udev rule line that
    /// needs only the device's name (`libinput list-devices` shows it); nil with no matrix.
    public var udevRule: String? {
        guard let libinputMatrix else { return nil }
        let numbers = libinputMatrix.map { Self.format($0, places: 6) }.joined(separator: " ")
        return "ACTION==\"add|change\", KERNEL==\"event[0-9]*\", ATTRS{name}==\"YOUR TOUCHSCREEN\", "
            + "ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(numbers)\""
    }

    /// A number with at most `places` decimals and no trailing zeros (`-0` as `0`), as the
    /// summary and the udev rule write them.
    public static func format(_ value: Double, places: Int = 2) -> String {
        var power = 1.0
        for _ in 0..<places { power *= 10 }
        var rounded = (value * power).rounded() / power
        if rounded == 0 { rounded = 0 }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(rounded)
        if text.contains("e") { return text }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// p' = L·p + t on normalised points, L row-major.
struct AffineMap: Sendable {
    var linear: (Double, Double, Double, Double)
    var translation: Point

    func apply(_ p: Point) -> Point {
        Point(x: linear.0 * p.x + linear.1 * p.y + translation.x, y: linear.2 * p.x + linear.3 * p.y + translation.y)
    }

    /// The least-squares map from `sources` to `destinations`; nil when the sources are on one
    /// line (the normal equations are singular).
    static func leastSquares(from sources: [Point], to destinations: [Point]) -> AffineMap? {
        // Normal equations of rows [x y 1], one right-hand side per output coordinate.
        var a = [[Double]](repeating: [0, 0, 0], count: 3)
        var bx = [0.0, 0, 0], by = [0.0, 0, 0]
        for (s, d) in zip(sources, destinations) {
            let row = [s.x, s.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { a[i][j] += row[i] * row[j] }
                bx[i] += row[i] * d.x
                by[i] += row[i] * d.y
            }
        }
        guard let x = solve(a, bx), let y = solve(a, by) else { return nil }
        return AffineMap(linear: (x[0], x[1], y[0], y[1]), translation: Point(x: x[2], y: y[2]))
    }

    /// Cramer's rule on a 3×3 system; nil when it is (nearly) singular.
    private static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let d = det(a)
        let scale = a.flatMap { $0 }.reduce(0) { Swift.max($0, abs($1)) }
        guard d.isFinite, abs(d) > 1e-12 * scale * scale * scale else { return nil }
        return (0..<3).map { column in
            var m = a
            for row in 0..<3 { m[row][column] = b[row] }
            return det(m) / d
        }
    }
}
