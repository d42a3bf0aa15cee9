import Foundation
import Testing
import TouchCanvasTesting
@testable import TouchKit

/// Jitter, straightness and coverage from paths whose truth is known.
@Suite struct PathFiguresTests {
    /// A still finger whose samples wander anywhere within 3 px of where it rests, reaching
    /// the edge in every direction: the radius is measured within 5 %.
    @Test func aKnownNoiseRadiusIsMeasured() throws {
        var rng = SplitMix64(seed: 7)
        let centre = Point(x: 400, y: 300)
        var points: [Point] = []
        for i in 0..<32 {
            let angle = Double(i) / 32 * 2 * Double.pi
            points.append(Point(x: centre.x + 3 * cos(angle), y: centre.y + 3 * sin(angle)))
        }
        for _ in 0..<400 {
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &rng)
            let radius = 3 * Double.random(in: 0..<1, using: &rng).squareRoot()
            points.append(Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle)))
        }
        let radius = try #require(PathFigures.jitterRadius(points))
        #expect(abs(radius - 3) / 3 < 0.05, "\(radius)")
        #expect(PathFigures.jitterRadius([]) == nil)
    }

    /// A line at 30° with samples alternately 2 px to either side: 2 px RMS and at most.
    @Test func aWobblyLineIsMeasuredAgainstItsOwnDirection() throws {
        let direction = Point(x: cos(Double.pi / 6), y: sin(Double.pi / 6))
        let normal = Point(x: -direction.y, y: direction.x)
        let points = (0..<200).map { i -> Point in
            let along = Double(i) * 3, side = i.isMultiple(of: 2) ? 2.0 : -2.0
            return Point(x: 100 + direction.x * along + normal.x * side, y: 50 + direction.y * along + normal.y * side)
        }
        let figures = try #require(PathFigures.straightness(points))
        #expect(abs(figures.rms - 2) < 0.01 && abs(figures.largest - 2) < 0.05, "\(figures)")
        let vertical = try #require(PathFigures.straightness((0..<50).map { Point(x: 10, y: Double($0)) }))
        #expect(vertical.rms < 1e-9 && vertical.largest < 1e-9)
        #expect(PathFigures.straightness([Point(x: 1, y: 1), Point(x: 1, y: 1)]) == nil)
    }

    /// A sweep of a 10 × 10 grid, row by row, that skips the fourth row: 90 % covered and the
    /// fourth row's ten cells named.
    @Test func movingJitterIsTheScatterAcrossThePathNotItsWanderOrPace() throws {
        // A diagonal drawn faster and faster, bending slowly: no scatter at all.
        var t = 0.0
        let smooth = (0..<40).map { i -> Point in
            t += 1 + Double(i) * 0.2
            return Point(x: t, y: t + 0.0002 * t * t)
        }
        #expect(try #require(PathFigures.movingJitter(smooth)) < 0.2, "a slow bend is not scatter")
        // One sample 6 px across a straight line: 6, exactly.
        var line = (0..<21).map { Point(x: Double($0), y: 0) }
        line[10] = Point(x: 10, y: 6)
        #expect(abs(try #require(PathFigures.movingJitter(line)) - 6) < 1e-9)
        #expect(PathFigures.movingJitter(Array(line.prefix(6))) == nil, "too short to judge a sample")
        #expect(PathFigures.movingJitter([Point](repeating: Point(x: 1, y: 1), count: 9)) == 0, "a finger that never moved")
    }

    @Test func aKnownSweepGivesItsCoverage() {
        var grid = CoverageGrid(size: Size(width: 1000, height: 500), columns: 10, rows: 10)
        for row in 0..<10 where row != 3 {
            let y = Double(row) * 50 + 25
            // Samples 300 px apart: the segments between them fill the cells they skip over.
            var previous = Point(x: 1, y: y)
            for x in stride(from: 301.0, through: 999, by: 300) {
                grid.mark(from: previous, to: Point(x: x, y: y))
                previous = Point(x: x, y: y)
            }
            grid.mark(from: previous, to: Point(x: 999, y: y))
        }
        #expect(abs(grid.coveredFraction - 0.9) < 1e-9)
        #expect(grid.unreachedCells.map(\.description) == (1...10).map { "\($0),4" })
        grid.mark(Point(x: -5, y: 10))
        grid.mark(Point(x: 1000, y: 10))
        #expect(abs(grid.coveredFraction - 0.9) < 1e-9, "points outside reach no cell")
    }
}
