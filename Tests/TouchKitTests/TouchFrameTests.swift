import Testing
import TouchKit

/// wl_touch events accumulate until `frame`, then make one delivery (docs/architecture.md, *Input model*).
@MainActor @Suite struct TouchFrameTests {
    @Test func nothingIsDeliveredBeforeTheFrame() {
        let h = Harness()
        h.touch(down(0, 10, 10), motion(0, 20, 20))
        #expect(h.deliveries.isEmpty && h.root.calls.isEmpty)
        #expect(h.machine.activeTouchCount == 1)
        h.touch(.frame)
        #expect(h.phaseLog == [["1:began"]])
        #expect(h.deliveries[0][0].location == Point(x: 20, y: 20), "began at the newest location")
    }

    @Test func unchangedTouchesAreStationaryInEveryEvent() {
        let h = Harness()
        h.touch(down(0, 10, 10), down(1, 50, 50), .frame, motion(1, 60, 50), .frame, down(2, 90, 90), .frame)
        #expect(h.phaseLog == [["1:began", "2:began"], ["1:stationary", "2:moved"],
                               ["1:stationary", "2:stationary", "3:began"]])
        let stationary = h.deliveries[2].filter { $0.phase == .stationary }
        #expect(stationary.allSatisfy { $0.location == $0.previous })
    }

    @Test func oneEventHoldsTheTouchesOfAllSeats() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, seat: Harness.seat0)
        h.touch(down(0, 20, 20), .frame, seat: Harness.seat1)
        h.touch(motion(0, 11, 10), .frame, seat: Harness.seat0)
        #expect(h.phaseLog == [["1:began"], ["1:stationary", "2:began"], ["1:moved", "2:stationary"]])
    }

    @Test func aPendingDownIsNotInAnotherSeatsEvent() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, seat: Harness.seat0)
        h.touch(down(0, 20, 20), motion(0, 21, 20), seat: Harness.seat1)   // no frame yet
        h.touch(motion(0, 11, 10), .frame, seat: Harness.seat0)
        #expect(h.phaseLog == [["1:began"], ["1:moved"]])
    }

    @Test func downAndUpInOneFrameAreBeganThenEnded() {
        let h = Harness()
        h.touch(down(0, 10, 10, time: 100), up(0, time: 120), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:ended"]])
        #expect(h.deliveries[0][0].timestamp == 0.1 && h.deliveries[1][0].timestamp == 0.12)
        #expect(h.root.calls.map(\.phase) == [.began, .ended])
        #expect(h.machine.activeTouchCount == 0)
    }

    @Test func downUpOfOneIdBesideAStillTouchKeepsItStationary() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, down(1, 50, 50), up(1), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:stationary", "2:began"], ["1:stationary", "2:ended"]])
    }

    @Test func severalMotionsInOneFrameAreOneMove() {
        let h = Harness()
        var coalesced: [Point] = []
        h.touch(down(0, 10, 10), .frame)
        h.observe = { coalesced = $0.allTouches.first?.coalescedLocations ?? [] }
        h.touch(motion(0, 11, 10), motion(0, 12.5, 10), .shape(id: 0, major: 8, minor: 6), motion(0, 14, 10), .frame)
        #expect(h.root.calls.map(\.phase) == [.began, .moved])
        #expect(coalesced == [Point(x: 11, y: 10), Point(x: 12.5, y: 10), Point(x: 14, y: 10)])
    }

    @Test func motionThenUpInOneFrameEndsAtTheNewLocation() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, motion(0, 30, 10), up(0), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:ended"]])
        #expect(h.deliveries[1][0].location == Point(x: 30, y: 10))
        #expect(h.deliveries[1][0].previous == Point(x: 10, y: 10))
    }

    @Test func previousLocationIsTheLocationAtThePreviousDelivery() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, motion(0, 20, 10), motion(0, 25, 10), .frame, motion(0, 40, 10), .frame)
        let seen = h.deliveries.map { ($0[0].previous, $0[0].location) }
        #expect(seen.map(\.0) == [Point(x: 10, y: 10), Point(x: 10, y: 10), Point(x: 25, y: 10)])
        #expect(seen.map(\.1) == [Point(x: 10, y: 10), Point(x: 25, y: 10), Point(x: 40, y: 10)])
    }

    @Test func shapeAndOrientationAloneAreAMove() {
        let h = Harness()
        var radii: [Double] = []
        var orientation: Double?
        var hadShape: [Bool] = []
        h.observe = { event in
            guard let t = event.allTouches.first else { return }
            radii = [t.majorRadius, t.minorRadius]
            orientation = t.orientation
            hadShape.append(t.hasShape)
        }
        h.touch(down(0, 10, 10), .frame)
        #expect(radii == [Touch.defaultRadius, Touch.defaultRadius] && orientation == nil)
        h.touch(.shape(id: 0, major: 30, minor: 20), .orientation(id: 0, degrees: 45), .frame)
        #expect(h.root.calls.map(\.phase) == [.began, .moved])
        #expect(radii == [15, 10] && orientation == 45)
        #expect(hadShape == [false, true])
    }

    @Test func reusedIdsMakeNewTouches() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, up(0), .frame, down(0, 10, 10), .frame)
        let ids = Set(h.deliveries.flatMap { $0 }.map(\.touch))
        #expect(ids.count == 2)
        #expect(h.phaseLog == [["1:began"], ["1:ended"], ["2:began"]])
    }

    @Test func upThenDownOfTheSameIdInOneFrame() {
        let h = Harness()
        h.touch(down(0, 10, 10), .frame, up(0), down(0, 50, 50), .frame)
        #expect(h.phaseLog == [["1:began"], ["1:ended", "2:began"]])
    }

    @Test func anEmptyFrameDeliversNothing() {
        let h = Harness()
        h.touch(.frame, down(0, 1, 1), .frame, .frame)
        #expect(h.deliveries.count == 1)
    }

    @Test func eventTimestampIsTheNewestChange() {
        let h = Harness()
        var stamps: [Double] = []
        h.observe = { stamps.append($0.timestamp) }
        h.touch(down(0, 1, 1, time: 1000), down(1, 2, 2, time: 1016), .frame, motion(0, 3, 3, time: 1032), .frame)
        #expect(stamps == [1.016, 1.032])
    }
}
