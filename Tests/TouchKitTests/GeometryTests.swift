import Testing
import TouchKit

@Suite struct GeometryTests {
    @Test func rectEdgesAndCentre() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect([r.minX, r.midX, r.maxX] == [10, 25, 40])
        #expect([r.minY, r.midY, r.maxY] == [20, 40, 60])
        #expect(r.width == 30 && r.height == 40)
    }

    @Test func negativeSizeIsTheSameRectangleTheOtherWay() {
        let r = Rect(x: 40, y: 60, width: -30, height: -40)
        #expect(r.minX == 10 && r.maxX == 40 && r.width == 30)
        #expect(r.standardized == Rect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func containsIsHalfOpen() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Point(x: 9.999, y: 5)))
        #expect(!r.contains(Point(x: 10, y: 5)))
        #expect(!r.contains(Point(x: 5, y: -0.001)))
    }

    @Test func intersectionAndIntersects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersects(Rect(x: 9, y: 9, width: 2, height: 2)))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)), "touching edges share no area")
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }

    @Test func unionIgnoresEmptyRectangles() {
        let a = Rect(x: 100, y: 100, width: 10, height: 10)
        #expect(Rect.zero.union(a) == a)
        #expect(a.union(.zero) == a)
        #expect(a.union(Rect(x: 0, y: 0, width: 1, height: 1)) == Rect(x: 0, y: 0, width: 110, height: 110))
    }

    @Test func insetAndOffset() {
        let r = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(r.insetBy(dx: 2, dy: 3) == Rect(x: 12, y: 13, width: 16, height: 14))
        #expect(r.insetBy(dx: -5, dy: 0) == Rect(x: 5, y: 10, width: 30, height: 20))
        #expect(r.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 15, width: 20, height: 20))
    }

    @Test func pointDistance() {
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
    }
}

@Suite struct ColorTests {
    @Test func hexInitMatchesTheVisualContract() {
        let gray = Color(rgb: 0xAAAAAA)
        #expect(gray.red == 170.0 / 255 && gray.green == 170.0 / 255 && gray.blue == 170.0 / 255)
        #expect(gray.alpha == 1)
        let red = Color(rgb: 0xE01B24, alpha: 0.5)
        #expect(red.red == 224.0 / 255 && red.green == 27.0 / 255 && red.blue == 36.0 / 255)
        #expect(red.alpha == 0.5)
    }

    @Test func componentsAreClamped() {
        let c = Color(red: 2, green: -1, blue: .nan, alpha: 1.5)
        #expect(c == Color(red: 1, green: 0, blue: 0, alpha: 1))
    }

    @Test func namedColours() {
        #expect(Color.white == Color(rgb: 0xFFFFFF))
        #expect(Color.black == Color(rgb: 0x000000))
        #expect(Color.clear.alpha == 0)
    }
}
