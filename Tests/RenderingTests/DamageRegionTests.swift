import Rendering
import Foundation
import Testing
import TouchKit

@Suite struct DamageRegionTests {
    @Test func overlappingRectsMergeIntoOne() {
        var region = DamageRegion()
        region.add(PixelRect(x: 0, y: 0, width: 100, height: 100))
        region.add(PixelRect(x: 10, y: 5, width: 100, height: 100))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 110, height: 105)])
    }

    @Test func distantRectsStaySeparate() {
        let region = DamageRegion([PixelRect(x: 0, y: 0, width: 10, height: 10),
                                   PixelRect(x: 500, y: 500, width: 10, height: 10)])
        #expect(region.rects.count == 2)
        #expect(region.area == 200)
        #expect(!region.contains(x: 250, y: 250))
        #expect(region.boundingBox == PixelRect(x: 0, y: 0, width: 510, height: 510))
    }

    @Test func containedAndEmptyRectsAddNothing() {
        var region = DamageRegion(PixelRect(x: 0, y: 0, width: 100, height: 100))
        region.add(PixelRect(x: 10, y: 10, width: 5, height: 5))
        region.add(PixelRect(x: 300, y: 300, width: 0, height: 5))
        #expect(region.rects.count == 1)
        region.add(PixelRect(x: -10, y: -10, width: 200, height: 200))
        #expect(region.rects == [PixelRect(x: -10, y: -10, width: 200, height: 200)])
    }

    @Test func countIsCappedByMergingTheCheapestPair() {
        var region = DamageRegion()
        for i in 0..<144 {
            region.add(PixelRect(x: (i % 12) * 100, y: (i / 12) * 100, width: 5, height: 5))
        }
        #expect(region.rects.count == DamageRegion.maximumRectCount)
        for i in 0..<144 {
            #expect(region.contains(x: (i % 12) * 100 + 2, y: (i / 12) * 100 + 2))
        }
    }

    /// The boxes of a ring of ink, added one by one: each merges only with what is nearly the
    /// same box, so the region stays a ring of boxes instead of growing into the ring's
    /// bounding box (which a box grown by earlier merges used to swallow its neighbours into).
    @Test func aRingOfBoxesDoesNotSnowballIntoItsBoundingBox() {
        var region = DamageRegion()
        for i in 0..<120 {
            let angle = 2 * Double.pi * Double(i) / 120
            region.add(PixelRect(x: 1920 + Int(860 * cos(angle)) - 20, y: 1080 + Int(860 * sin(angle)) - 20,
                                 width: 40, height: 40))
        }
        #expect(region.rects.count <= DamageRegion.maximumRectCount)
        #expect(region.area < region.boundingBox.area / 10, "\(region.area) of \(region.boundingBox.area)")
    }

    @Test func clippingKeepsOnlyTheBuffer() {
        var region = DamageRegion([PixelRect(x: -5, y: -5, width: 10, height: 10),
                                   PixelRect(x: 700, y: 700, width: 10, height: 10)])
        region.clip(to: PixelRect(x: 0, y: 0, width: 640, height: 480))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 5, height: 5)])
    }

    @Test func logicalRectsRoundOutwardAtEveryScale() {
        let rect = Rect(x: 10.2, y: 0, width: 5, height: 5)
        #expect(PixelRect(enclosing: rect, scale: 1) == PixelRect(x: 10, y: 0, width: 6, height: 5))
        #expect(PixelRect(enclosing: rect, scale: 2) == PixelRect(x: 20, y: 0, width: 11, height: 10))
        #expect(PixelRect(enclosing: rect, scale: 1.5) == PixelRect(x: 15, y: 0, width: 8, height: 8))
        // 160 × 1.25 is exactly 200: no extra pixel.
        #expect(PixelRect(enclosing: Rect(x: 0, y: 0, width: 160, height: 0.8), scale: 1.25)
                == PixelRect(x: 0, y: 0, width: 200, height: 1))
        // Floating-point noise does not widen the damage.
        #expect(PixelRect(enclosing: Rect(x: 0.1 * 3, y: 0, width: 0.7, height: 1), scale: 10)
                == PixelRect(x: 3, y: 0, width: 7, height: 10))
    }

    @Test func outsideDataNeverTraps() {
        #expect(PixelRect(enclosing: Rect(x: .nan, y: 0, width: 1, height: 1), scale: 1) == .zero)
        #expect(PixelRect(enclosing: Rect(x: 0, y: 0, width: .infinity, height: 1), scale: 1) == .zero)
        #expect(PixelRect(enclosing: Rect(x: 0, y: 0, width: 1, height: 1), scale: 0) == .zero)
        let huge = PixelRect(enclosing: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), scale: 1)
        #expect(huge.minX == -(1 << 28) && huge.maxX == 1 << 28)
        var region = DamageRegion(huge)
        region.add(PixelRect(enclosing: Rect(x: 1e200, y: 1e200, width: 1e200, height: 1e200), scale: 3))
        region.clip(to: PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 10, height: 10)])
    }

    @Test func pixelRectBasics() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 10, y: 0, width: 10, height: 10)
        #expect(!a.intersects(b))
        #expect(a.intersection(b) == .zero)
        #expect(a.union(b) == PixelRect(x: 0, y: 0, width: 20, height: 10))
        #expect(a.union(.zero) == a)
        #expect(a.insetBy(dx: -1, dy: -1) == PixelRect(x: -1, y: -1, width: 12, height: 12))
        #expect(a.insetBy(dx: 6, dy: 0) == .zero)
        #expect(a.contains(x: 9, y: 9) && !a.contains(x: 10, y: 9))
    }
}
