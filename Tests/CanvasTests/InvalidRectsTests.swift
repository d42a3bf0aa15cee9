import Canvas
import Testing
import TouchKit

@Suite struct InvalidRectsTests {
    private func taken(_ invalid: inout InvalidRects) -> (partial: Bool, rects: [Rect]) {
        var rects: [Rect] = []
        let partial = invalid.take { rects.append($0) }
        return (partial, rects)
    }

    @Test func aNewViewIsInvalidWholeThenOnlyWhatChanged() {
        var invalid = InvalidRects()
        invalid.add(Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(taken(&invalid).partial == false)

        let a = Rect(x: 10, y: 10, width: 4, height: 4)
        let b = Rect(x: 700, y: 500, width: 4, height: 4)
        invalid.add(a)
        invalid.add(.zero)
        invalid.add(b)
        let second = taken(&invalid)
        #expect(second.partial)
        #expect(second.rects == [a, b])

        // Asked again with nothing new: nothing visible changed.
        let third = taken(&invalid)
        #expect(third.partial && third.rects.isEmpty)
        #expect(invalid.isEmpty)
    }

    @Test func invalidateAllWinsOverRectsUntilTaken() {
        var invalid = InvalidRects()
        _ = taken(&invalid)
        invalid.add(Rect(x: 1, y: 1, width: 1, height: 1))
        invalid.invalidateAll()
        invalid.add(Rect(x: 2, y: 2, width: 1, height: 1))
        #expect(taken(&invalid).partial == false)
        invalid.add(Rect(x: 3, y: 3, width: 1, height: 1))
        #expect(taken(&invalid).rects == [Rect(x: 3, y: 3, width: 1, height: 1)])
    }

    /// A window drawing no frames while the pointer keeps moving must not grow the list.
    @Test func manyChangesWithoutAFrameCollapseIntoTheirBoundingBox() {
        var invalid = InvalidRects()
        _ = taken(&invalid)
        for i in 0..<10_000 {
            invalid.add(Rect(x: Double(i), y: Double(i % 300), width: 2, height: 2))
        }
        let result = taken(&invalid)
        #expect(result.partial)
        #expect(result.rects.count <= InvalidRects.limit)
        let union = result.rects.reduce(Rect.zero) { $0.union($1) }
        #expect(union == Rect(x: 0, y: 0, width: 10_001, height: 301))
    }
}
