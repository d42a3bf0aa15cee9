import Testing
import TouchKit

/// `TouchEvent.predictedTouches(for:)`: linear extrapolation by `predictionInterval`.
@MainActor @Suite struct PredictedTouchTests {
    /// A finger from (100, 200) at `velocity` px/s, one motion frame every `step` ms.
    private func glide(_ h: Harness, velocity: Point, frames: Int, step: UInt32 = 8,
                       start: UInt32 = 5_000) {
        h.touch(down(0, 100, 200, time: start), .frame)
        for i in 1...frames {
            let t = Double(i * Int(step)) / 1000
            h.touch(motion(0, 100 + velocity.x * t, 200 + velocity.y * t, time: start + UInt32(i) * step), .frame)
        }
    }

    private func expectNear(_ a: Point?, _ b: Point, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else {
            Issue.record("no prediction", sourceLocation: sourceLocation)
            return
        }
        #expect(a.distance(to: b) < 0.5, "\(a) is not near \(b)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [0.016, 0.030, 0.008])
    func constantVelocityIsExtrapolatedLinearly(_ interval: Double) {
        let h = Harness()
        h.machine.predictionInterval = interval
        let capture = SampleCapture(h)
        let velocity = Point(x: 640, y: -300)
        glide(h, velocity: velocity, frames: 6)
        let seen = capture.last[0]
        #expect(seen.phase == .moved && seen.snapshotsAreDistinctCopies)
        #expect(seen.predicted.count == 2)
        for (predicted, step) in zip(seen.predicted, [interval / 2, interval]) {
            expectNear(predicted.location, Point(x: seen.location.x + velocity.x * step,
                                                 y: seen.location.y + velocity.y * step))
            #expect(abs(predicted.timestamp - (seen.timestamp + step)) < 1e-9)
            #expect(predicted.phase == .moved)
        }
        #expect(seen.predicted.first?.previous == seen.location)
        #expect(seen.predicted.last?.previous == seen.predicted.first?.location)
    }

    @Test func heldMovesArePredictedFromAllTheirSamples() {
        let h = Harness()
        h.machine.holdsMovesUntilDisplayFrame = true
        let capture = SampleCapture(h)
        let velocity = Point(x: -200, y: 900)
        glide(h, velocity: velocity, frames: 5, step: 4)
        h.machine.deliverHeldMoves()
        let seen = capture.last[0]
        #expect(seen.coalesced.count == 5)
        expectNear(seen.predicted.last?.location, Point(x: seen.location.x + velocity.x * 0.016,
                                                        y: seen.location.y + velocity.y * 0.016))
    }

    @Test func aCurveIsPredictedFromItsNewestSamplesOnly() {
        // Slow for a while, then fast: only the last 30 ms count.
        let h = Harness()
        let capture = SampleCapture(h)
        h.touch(down(0, 0, 0, time: 0), .frame)
        for i in 1...10 { h.touch(motion(0, Double(i), 0, time: UInt32(i) * 8), .frame) }
        for i in 1...5 { h.touch(motion(0, 10 + Double(i) * 8, 0, time: 80 + UInt32(i) * 8), .frame) }
        let seen = capture.last[0]
        expectNear(seen.predicted.last?.location, Point(x: seen.location.x + 1000 * 0.016, y: 0))
    }

    @Test func noPredictionForAJustBegunTouch() {
        let h = Harness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10, time: 100), .frame)
        #expect(capture.last[0].phase == .began && capture.last[0].predicted.isEmpty)
    }

    @Test func noPredictionForAFingerAtRest() {
        let h = Harness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10, time: 100), .frame)
        for i in 1...5 { h.touch(motion(0, 10 + Double(i) * 0.01, 10, time: 100 + UInt32(i) * 8), .frame) }
        #expect(capture.last[0].phase == .moved && capture.last[0].predicted.isEmpty)
    }

    @Test func noPredictionForStationaryEndedOrCancelledTouches() {
        let h = Harness()
        let capture = SampleCapture(h)
        glide(h, velocity: Point(x: 500, y: 0), frames: 4)
        #expect(capture.last[0].predicted.count == 2)
        h.touch(down(1, 300, 300, time: 5_040), .frame)
        #expect(capture.last[0].phase == .stationary && capture.last[0].predicted.isEmpty)
        h.touch(motion(0, 130, 200, time: 5_048), up(0, time: 5_050), .frame)
        #expect(capture.last[0].phase == .ended && capture.last[0].predicted.isEmpty)
        h.touch(motion(1, 310, 300, time: 5_056), .frame, motion(1, 320, 300, time: 5_064), .frame)
        #expect(capture.last[0].predicted.count == 2)
        h.touch(.cancel)
        #expect(capture.last[0].phase == .cancelled && capture.last[0].predicted.isEmpty)
    }

    @Test func equalOrDecreasingTimestampsAreNeverExtrapolatedFrom() {
        let h = Harness()
        let capture = SampleCapture(h)
        h.touch(down(0, 10, 10, time: 100), .frame)
        for i in 1...4 { h.touch(motion(0, 10 + Double(i) * 5, 10, time: 100), .frame) }
        #expect(capture.last[0].predicted.isEmpty, "all at one time: no velocity")
        h.touch(motion(0, 40, 10, time: 90), .frame)
        #expect(capture.last[0].predicted.isEmpty, "newest sample older than the others")
        for prediction in capture.events.flatMap({ $0 }).flatMap(\.predicted) {
            #expect(prediction.location.x.isFinite && prediction.location.y.isFinite)
        }
    }

    @Test func repeatedTimestampsAmongGoodOnesAreSkipped() {
        let h = Harness()
        let capture = SampleCapture(h)
        h.touch(down(0, 0, 0, time: 0), .frame)
        h.touch(motion(0, 4, 0, time: 8), .frame, motion(0, 8, 0, time: 16), .frame)
        h.touch(motion(0, 12, 0, time: 16), motion(0, 16, 0, time: 24), .frame)
        let seen = capture.last[0]
        #expect(seen.predicted.count == 2)
        #expect(seen.predicted.allSatisfy { $0.location.x.isFinite && $0.location.x > 16 })
    }

    @Test func predictionIntervalIsClamped() {
        let h = Harness()
        #expect(h.machine.predictionInterval == 0.016)
        h.machine.predictionInterval = 1
        #expect(h.machine.predictionInterval == 0.05)
        h.machine.predictionInterval = -1
        #expect(h.machine.predictionInterval == 0)
        h.machine.predictionInterval = .nan
        #expect(h.machine.predictionInterval == 0)
        h.machine.predictionInterval = .infinity
        #expect(h.machine.predictionInterval == 0.05)
        h.machine.predictionInterval = 0.02
        #expect(h.machine.predictionInterval == 0.02)
    }

    @Test func aZeroIntervalPredictsNothing() {
        let h = Harness()
        h.machine.predictionInterval = 0
        let capture = SampleCapture(h)
        glide(h, velocity: Point(x: 500, y: 0), frames: 4)
        #expect(capture.last[0].predicted.isEmpty)
    }

    @Test func predictionsAreInTheViewsCoordinates() {
        let h = Harness()
        let child = View(frame: Rect(origin: Point(x: 50, y: 100), size: Size(width: 400, height: 400)))
        h.root.addSubview(child)
        var local: [Point] = []
        var window: [Point] = []
        h.observe = { event in
            guard let touch = event.allTouches.first else { return }
            let predicted = event.predictedTouches(for: touch)
            local = predicted.map { $0.preciseLocation(in: child) }
            window = predicted.map { $0.location(in: nil) }
        }
        glide(h, velocity: Point(x: 500, y: 0), frames: 3)
        #expect(local.count == 2)
        #expect(zip(local, window).allSatisfy { $0.x == $1.x - 50 && $0.y == $1.y - 100 })
    }
}
