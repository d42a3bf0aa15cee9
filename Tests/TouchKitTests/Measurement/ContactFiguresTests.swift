import AllocationCounting
import Testing
@testable import TouchKit

/// Rates, gaps and motion of one contact, from streams whose truth is known.
@Suite struct ContactFiguresTests {
    /// A contact sampled every `interval` seconds for `count` samples along x, 1 px a sample,
    /// with `gap` seconds more before sample `gapAt`.
    private func stream(interval: Double, count: Int, gap: Double = 0, gapAt: Int = -1) -> ContactFigures {
        var time = 10.0
        var figures = ContactFigures(at: Point(x: 0, y: 0), time: time)
        for i in 1..<count {
            time += interval + (i == gapAt ? gap : 0)
            figures.add(Point(x: Double(i), y: 0), time: time)
        }
        return figures
    }

    @Test func a120HzStreamMeasures120Hz() throws {
        let figures = stream(interval: 1.0 / 120, count: 240)
        let median = try #require(figures.medianRate)
        let lowest = try #require(figures.lowestRate)
        #expect(abs(median - 120) <= 1, "median \(median)")
        #expect(abs(lowest - 120) <= 1, "lowest \(lowest)")
        #expect(abs(figures.largestGap - 1.0 / 120) < 1e-9)
        #expect(figures.sampleCount == 240)
    }

    /// One stall of 40 ms in a steady 120 Hz stroke: the median does not move, the largest gap
    /// and the lowest 250 ms window show it.
    @Test func aStreamWithOne40MsGapReportsIt() throws {
        let figures = stream(interval: 1.0 / 120, count: 240, gap: 0.040, gapAt: 120)
        #expect(abs(try #require(figures.medianRate) - 120) <= 1)
        #expect(abs(figures.largestGap - (1.0 / 120 + 0.040)) < 1e-9)
        let lowest = try #require(figures.lowestRate)
        // A 250 ms window holding the gap holds about 4.8 intervals fewer than a steady one.
        #expect(lowest < 110 && lowest > 95, "lowest \(lowest)")
        #expect(try #require(figures.p95Interval) < 0.0095)
    }

    @Test func aContactShorterThanTheWindowIsRatedWhole() throws {
        let figures = stream(interval: 0.01, count: 11)
        #expect(abs(try #require(figures.lowestRate) - 100) < 1e-6)
        #expect(figures.duration == 0.1 || abs(figures.duration - 0.1) < 1e-9)
    }

    @Test func oneSampleHasNoRateAndNoMotion() {
        let figures = ContactFigures(at: Point(x: 5, y: 6), time: 1)
        #expect(figures.medianRate == nil && figures.lowestRate == nil)
        #expect(figures.velocity == .zero && figures.translation == .zero && figures.pathLength == 0)
    }

    @Test func distanceVelocityAndPath() {
        // Right 30 px then down 40 px at 100 Hz, 1 px a sample: path 70, dX 30, dY 40.
        var figures = ContactFigures(at: Point(x: 0, y: 0), time: 0)
        var time = 0.0
        for i in 1...30 { time += 0.01; figures.add(Point(x: Double(i), y: 0), time: time) }
        for i in 1...40 { time += 0.01; figures.add(Point(x: 30, y: Double(i)), time: time) }
        #expect(abs(figures.pathLength - 70) < 1e-9)
        #expect(figures.translation == Point(x: 30, y: 40))
        // Over the last 50 ms: 5 px down in 0.05 s.
        #expect(abs(figures.velocity.y - 100) < 1e-6 && abs(figures.velocity.x) < 1e-9)
        // Speeding up to 4 px a sample for 30 ms: the velocity is the last 50 ms', (12 + 2) px
        // in 0.05 s, not the stroke's average nor the last sample's alone.
        for i in 1...3 { time += 0.01; figures.add(Point(x: 30, y: 40 + Double(i) * 4), time: time) }
        #expect(abs(figures.velocity.y - 280) < 1e-6, "\(figures.velocity)")
    }

    /// A finger that went down and lifted half a second later without moving: one sample, and
    /// a duration to its lift.
    @Test func theEndSetsTheDurationWithoutBeingASample() {
        var figures = ContactFigures(at: Point(x: 5, y: 5), time: 1)
        figures.finish(at: 1.5)
        #expect(figures.sampleCount == 1 && figures.duration == 0.5 && figures.largestGap == 0)
        figures.finish(at: 1.2)
        #expect(figures.duration == 0.5, "an end before the latest time moves nothing")
    }

    /// Whole-millisecond stamps 8 ms apart read as exactly 125 Hz, not a bin's edge either side.
    @Test func wholeMillisecondStampsReadExactly() throws {
        var figures = ContactFigures(at: .zero, time: 81.234)
        for i in 1...100 { figures.add(Point(x: Double(i), y: 0), time: (81_234 + Double(i) * 8) / 1000) }
        #expect(try #require(figures.medianRate) == 125)
    }

    /// Samples stamped with one time (coalesced by a compositor that rounds to milliseconds)
    /// count as samples and make no division by zero; a time going back is taken as the latest.
    @Test func sameAndBackwardTimesAreSafe() {
        var figures = ContactFigures(at: .zero, time: 1)
        figures.add(Point(x: 1, y: 0), time: 1)
        figures.add(Point(x: 2, y: 0), time: 0.5)
        #expect(figures.sampleCount == 3)
        #expect(figures.medianRate == nil)
        #expect(figures.velocity == .zero)
        #expect(figures.largestGap == 0)
        figures.add(Point(x: .nan, y: 0), time: 2)
        figures.add(Point(x: 3, y: 0), time: .infinity)
        #expect(figures.sampleCount == 3 && figures.pathLength == 2 && figures.time == 1)
    }

    @Test func contactsNowMostInGestureAndMostEver() {
        var count = ContactCount()
        for _ in 0..<5 { count.began() }
        count.ended()
        #expect(count.now == 4 && count.mostInGesture == 5 && count.mostEver == 5)
        for _ in 0..<4 { count.ended() }
        count.began()
        count.began()
        #expect(count.now == 2 && count.mostInGesture == 2 && count.mostEver == 5)
        for _ in 0..<5 { count.ended() }
        #expect(count.now == 0)
    }
}

/// The figures are kept for every finger in every frame: adding a sample allocates nothing.
@Suite(.needsAllocationCounter) struct ContactFiguresAllocationTests {
    @Test func addingSamplesAllocatesNothing() throws {
        var figures = ContactFigures(at: .zero, time: 0)
        let allocations = try #require(AllocationCounter.swiftAllocations {
            for i in 1...2000 { figures.add(Point(x: Double(i), y: Double(i % 7)), time: Double(i) / 240) }
        }, "the allocation counter cannot see Swift allocations in this process")
        #expect(allocations == 0)
        #expect(figures.sampleCount == 2001)
    }
}
