import Testing
@testable import TouchKit

/// Tap sets made by a known mapping are named as that mapping, and the matrix undoes it.
@Suite struct CalibrationFitTests {
    static let size = Size(width: 1920, height: 1080)

    /// The nine targets of the targets scene: centre, corners inset, edge midpoints.
    static let targets: [Point] = [0.1, 0.5, 0.9].flatMap { v in
        [0.1, 0.5, 0.9].map { u in Point(x: u * size.width, y: v * size.height) }
    }

    /// Where a touch on `target` lands when the screen turns it by `orientation` about its
    /// centre, then scales by `scale` and shifts by `offset` pixels.
    static func tap(_ target: Point, _ orientation: CalibrationFit.Orientation, scale: (Double, Double) = (1, 1),
                    offset: Point = .zero, wobble: Double = 0) -> Point {
        let u = target.x / size.width - 0.5, v = target.y / size.height - 0.5
        let d = orientation.matrix
        let su = u * scale.0, sv = v * scale.1
        let x = d.0 * su + d.1 * sv + 0.5, y = d.2 * su + d.3 * sv + 0.5
        return Point(x: x * size.width + offset.x + wobble, y: y * size.height + offset.y - wobble)
    }

    @Test(arguments: CalibrationFit.Orientation.allCases)
    func eachTurnAndMirrorIsNamedAndUndone(orientation: CalibrationFit.Orientation) throws {
        let taps = Self.targets.enumerated().map { i, t in Self.tap(t, orientation, wobble: i.isMultiple(of: 2) ? 0.15 : -0.15) }
        let fit = try #require(CalibrationFit(targets: Self.targets, taps: taps, size: Self.size))
        #expect(fit.orientation == orientation)
        #expect(abs(fit.scale.x - 1) < 0.01 && abs(fit.scale.y - 1) < 0.01, "\(fit.scale)")
        #expect(fit.isAccurate == (orientation == .upright))
        if let sentence = orientation.sentence {
            #expect(fit.summary().first == sentence)
        } else {
            #expect(fit.summary().first == "Touches land where they are put.")
        }
        try expectTheMatrixUndoes(fit, taps: taps)
    }

    @Test func aScaleIsNamed() throws {
        // One touchscreen spread over two side-by-side screens: half as wide as it should be.
        let taps = Self.targets.map { Self.tap($0, .upright, scale: (0.5, 1)) }
        let fit = try #require(CalibrationFit(targets: Self.targets, taps: taps, size: Self.size))
        #expect(fit.orientation == .upright)
        #expect(abs(fit.scale.x - 0.5) < 1e-6 && abs(fit.scale.y - 1) < 1e-6)
        #expect(fit.summary().first?.hasPrefix("Touches are scaled by 0.5 across and 1 down") == true, "\(fit.summary())")
        try expectTheMatrixUndoes(fit, taps: taps)
    }

    @Test func anOffsetIsNamedInPixelsAndMillimetres() throws {
        let taps = Self.targets.map { Self.tap($0, .rotated90, offset: Point(x: 12, y: -30)) }
        let fit = try #require(CalibrationFit(targets: Self.targets, taps: taps, size: Self.size))
        #expect(fit.orientation == .rotated90)
        #expect(abs(fit.offset.x - 12) < 1e-6 && abs(fit.offset.y + 30) < 1e-6)
        let lines = fit.summary(millimetresPerPixel: 0.25)
        #expect(lines.contains("Touches land 12 px (3 mm) right and 30 px (7.5 mm) up from where they are put."), "\(lines)")
        try expectTheMatrixUndoes(fit, taps: taps)
    }

    @Test func theUdevRuleCarriesTheMatrix() throws {
        let taps = Self.targets.map { Self.tap($0, .rotated90) }
        let fit = try #require(CalibrationFit(targets: Self.targets, taps: taps, size: Self.size))
        #expect(fit.udevRule?.hasSuffix("ENV{LIBINPUT_CALIBRATION_MATRIX}=\"0 1 0 -1 0 1\"") == true, "\(fit.udevRule ?? "none")")
    }

    /// Where a touch at the right edge's middle lands for each turn and mirror, written out by
    /// hand rather than from the table the fit uses: (1, 0.5) in normalised coordinates.
    @Test(arguments: [
        (CalibrationFit.Orientation.upright, Point(x: 1, y: 0.5)),
        (.rotated90, Point(x: 0.5, y: 1)),  // right → bottom: clockwise on a y-down screen
        (.rotated180, Point(x: 0, y: 0.5)),
        (.rotated270, Point(x: 0.5, y: 0)),
        (.mirroredLeftRight, Point(x: 0, y: 0.5)),
        (.mirroredTopBottom, Point(x: 1, y: 0.5)),
        (.axesSwapped, Point(x: 0.5, y: 1)),
        (.axesSwappedAndInverted, Point(x: 0.5, y: 0)),
    ])
    func eachOrientationTakesTheRightEdgeWhereItShould(orientation: CalibrationFit.Orientation, lands: Point) {
        let right = Point(x: Self.size.width, y: Self.size.height / 2)
        let tap = Self.tap(right, orientation)
        #expect(abs(tap.x - lands.x * Self.size.width) < 1e-9 && abs(tap.y - lands.y * Self.size.height) < 1e-9)
        // And the bottom edge's middle, which tells the mirrors and swaps apart.
        let bottom = Self.tap(Point(x: Self.size.width / 2, y: Self.size.height), orientation)
        let expected: [CalibrationFit.Orientation: Point] = [
            .upright: Point(x: 0.5, y: 1), .rotated90: Point(x: 0, y: 0.5), .rotated180: Point(x: 0.5, y: 0),
            .rotated270: Point(x: 1, y: 0.5), .mirroredLeftRight: Point(x: 0.5, y: 1), .mirroredTopBottom: Point(x: 0.5, y: 0),
            .axesSwapped: Point(x: 1, y: 0.5), .axesSwappedAndInverted: Point(x: 0, y: 0.5),
        ]
        if let want = expected[orientation] {
            #expect(abs(bottom.x - want.x * Self.size.width) < 1e-9 && abs(bottom.y - want.y * Self.size.height) < 1e-9)
        }
    }

    /// A touchscreen whose y axis reports nothing: every tap on one line. The fit still names
    /// it (a scale of 0 down); no matrix can undo it.
    @Test func aDeadAxisIsNamedWithoutAMatrix() throws {
        let taps = Self.targets.map { Point(x: $0.x, y: 540) }
        let fit = try #require(CalibrationFit(targets: Self.targets, taps: taps, size: Self.size))
        #expect(abs(fit.scale.y) < 1e-9 && abs(fit.scale.x - 1) < 1e-9)
        #expect(fit.libinputMatrix == nil && fit.udevRule == nil)
        #expect(fit.summary().first?.hasPrefix("Touches are scaled by 1 across and 0 down") == true, "\(fit.summary())")
    }

    @Test func tooFewOrCollinearTargetsFitNothing() {
        let line = [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 20, y: 20), Point(x: 30, y: 30)]
        #expect(CalibrationFit(targets: line, taps: line, size: Self.size) == nil)
        #expect(CalibrationFit(targets: Array(Self.targets.prefix(2)), taps: Array(Self.targets.prefix(2)), size: Self.size) == nil)
        #expect(CalibrationFit(targets: Self.targets, taps: Self.targets, size: .zero) == nil)
    }

    /// Applied to each tap in normalised coordinates, as libinput applies it, the matrix
    /// brings the tap within 0.5 px of its target.
    private func expectTheMatrixUndoes(_ fit: CalibrationFit, taps: [Point]) throws {
        let m = try #require(fit.libinputMatrix)
        try #require(m.count == 6)
        for (target, tap) in zip(Self.targets, taps) {
            let x = tap.x / Self.size.width, y = tap.y / Self.size.height
            let back = Point(x: (m[0] * x + m[1] * y + m[2]) * Self.size.width,
                             y: (m[3] * x + m[4] * y + m[5]) * Self.size.height)
            #expect(back.distance(to: target) < 0.5, "\(tap) → \(back), target \(target)")
        }
    }
}
