import Testing
import TouchKit
@testable import Rendering

/// A repair of a coverage layer zeroes the band's inked pages and gives back only those the
/// redraw leaves blank: afterwards the layer holds the pages a layer drawn with the remaining
/// strokes alone would, no more (the removed stroke's pages went back) and no fewer.
@Suite struct CoverageRepairPagesTests {
    static let rect = Rect(x: 0, y: 0, width: 640, height: 480)

    static func coverageLayer() -> InkLayer {
        let layer = InkLayer()
        layer.coverageColor = Color(rgb: 0x34329C)
        layer.reset(rect: rect, scale: 1)
        return layer
    }

    @Test func aRepairKeepsThePagesOfTheRedrawnStrokesAndGivesBackTheRest() throws {
        // Two strokes top to bottom, in strips of their own, and one across both.
        let removed = Line([Point(x: 20, y: 2), Point(x: 24, y: 478)], width: 8)
        let kept = Line([Point(x: 300, y: 2), Point(x: 310, y: 478)], width: 8)
        let across = Line([Point(x: 10, y: 240), Point(x: 630, y: 250)], width: 6)

        let repaired = Self.coverageLayer()
        for line in [removed, kept, across] { repaired.drawSegments(of: line, from: 0) }
        let strips = try #require(repaired.strips)
        let before = strips.residentPageCount()
        repaired.repair(covering: removed.bounds) { band in
            for line in [kept, across] where line.bounds.intersects(band) {
                repaired.drawSegments(of: line, from: 0, within: band)
            }
        }

        let alone = Self.coverageLayer()
        for line in [kept, across] { alone.drawSegments(of: line, from: 0) }
        let expected = try #require(alone.strips).residentPageCount()
        #expect(expected > 0)
        #expect(strips.residentPageCount() == expected, "resident before the repair: \(before)")
        #expect(before > expected, "the removed stroke's pages went back")

        // Another repair of the same band finds nothing but the redrawn strokes' pages.
        repaired.repair(covering: removed.bounds) { band in
            for line in [kept, across] where line.bounds.intersects(band) {
                repaired.drawSegments(of: line, from: 0, within: band)
            }
        }
        #expect(strips.residentPageCount() == expected)
        repaired.clear()
        #expect(strips.residentPageCount() == 0)
    }
}
