import Rendering
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

    /// A window drawing no frames while the pointer keeps moving must not grow the list, and
    /// what it keeps still covers every change.
    @Test func manyChangesWithoutAFrameStayBoundedAndCoverThemAll() {
        var invalid = InvalidRects()
        _ = taken(&invalid)
        var added: [Rect] = []
        for i in 0..<10_000 {
            let rect = Rect(x: Double(i), y: Double(i % 300), width: 2, height: 2)
            added.append(rect)
            invalid.add(rect)
        }
        let result = taken(&invalid)
        #expect(result.partial)
        #expect(result.rects.count <= InvalidRects.limit)
        for rect in added {
            #expect(result.rects.contains { $0.union(rect) == $0 }, "\(rect) is covered")
        }
        let union = result.rects.reduce(Rect.zero) { $0.union($1) }
        #expect(union == Rect(x: 0, y: 0, width: 10_001, height: 301))
    }

    /// The boxes of a long diagonal stroke, more than the list keeps: neighbours merge, so what is
    /// left is still a chain along the diagonal, not its bounding box.
    @Test func aLongChainOfBoxesMergesAlongItself() {
        var invalid = InvalidRects()
        _ = taken(&invalid)
        for i in 0..<300 {
            invalid.add(Rect(x: 400 + Double(i) * 10, y: 400 + Double(i) * 4.7, width: 18, height: 13))
        }
        let result = taken(&invalid)
        #expect(result.rects.count <= InvalidRects.limit && result.rects.count >= InvalidRects.limit / 2)
        let area = result.rects.reduce(0) { $0 + $1.width * $1.height }
        let box = result.rects.reduce(Rect.zero) { $0.union($1) }
        // The diagonal's bounding box is 3008 × 1418; the chain a few per cent of that.
        #expect(area < box.width * box.height * 0.05, "\(area) of \(box)")
    }

    /// Ten fingers far apart, each adding a box per frame in turn while no frame is drawn: the
    /// boxes merged are each finger's own, never two fingers'.
    @Test func interleavedFingersMergeTheirOwnBoxes() {
        var invalid = InvalidRects()
        _ = taken(&invalid)
        for frame in 0..<40 {
            for finger in 0..<10 {
                invalid.add(Rect(x: Double(finger) * 300 + Double(frame) * 3, y: 100, width: 12, height: 12))
            }
        }
        let result = taken(&invalid)
        #expect(result.rects.count <= InvalidRects.limit)
        #expect(result.rects.allSatisfy { $0.width < 300 }, "\(result.rects.filter { $0.width >= 300 })")
    }
}
