import Testing
import TouchKit

/// Tap and long-press thresholds, each from both sides.
@MainActor @Suite struct TapAndPressThresholdTests {
    private func tapMoving(by distance: Double) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        g.add(TapGestureRecognizer(), name: "tap")
        g.down(0, 200, 200, at: 0)
        g.move(0, 200 + distance, 200, at: 30)
        g.up(0, at: 60)
        return g.states(of: "tap")
    }

    @Test func aTapMayStray10Points() {
        #expect(tapMoving(by: 9) == [.ended])
        #expect(tapMoving(by: 11) == [.failed])
    }

    private func tapHeld(for ms: UInt32) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        g.add(TapGestureRecognizer(), name: "tap")
        g.tap(0, 200, 200, at: 0, duration: ms)
        return g.states(of: "tap")
    }

    @Test func aTapLastsAtMost1Point5Seconds() {
        #expect(tapHeld(for: 1490) == [.ended])
        #expect(tapHeld(for: 1510) == [.failed])
    }

    private func doubleTap(gap ms: UInt32, offset: Double = 2) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        let tap = g.add(TapGestureRecognizer(), name: "double")
        tap.numberOfTapsRequired = 2
        g.tap(0, 200, 200, at: 0, duration: 40)
        g.tap(1, 200 + offset, 200, at: 40 + ms, duration: 40)
        return g.states(of: "double")
    }

    @Test func theSecondTapMustBeginWithin0Point35Seconds() {
        #expect(doubleTap(gap: 340) == [.ended])
        #expect(doubleTap(gap: 360) == [.failed])
    }

    @Test func theSecondTapMustLandWithin10PointsOfTheFirst() {
        #expect(doubleTap(gap: 100, offset: 9) == [.ended])
        #expect(doubleTap(gap: 100, offset: 11) == [.failed])
    }

    @Test func aTwoFingerTapNeedsBothFingersAndNoMore() {
        func run(_ fingers: Int) -> [GestureRecognizer.State] {
            let g = GestureHarness()
            let tap = g.add(TapGestureRecognizer(), name: "tap")
            tap.numberOfTouchesRequired = 2
            for id in 0..<fingers { g.down(Int32(id), 200 + Double(id) * 40, 200, at: 0) }
            for id in 0..<fingers { g.up(Int32(id), at: 50) }
            return g.states(of: "tap")
        }
        #expect(run(1) == [.failed])
        #expect(run(2) == [.ended])
        #expect(run(3) == [.failed])
    }

    @Test func aTapReportsWhereItLanded() {
        let g = GestureHarness()
        var seen: [Point] = []
        let tap = g.add(TapGestureRecognizer { seen.append($0.location(in: g.view)) }, name: "tap")
        tap.numberOfTouchesRequired = 2
        g.down(0, 200, 200, at: 0)
        g.down(1, 240, 220, at: 10)
        g.up(0, at: 40)
        g.up(1, at: 50)
        #expect(seen == [Point(x: 120, y: 110)], "the centroid of both fingers, in the view's coordinates")
    }

    // MARK: Long press

    private func press(liftingAt ms: UInt32?, advancingTo seconds: Double? = nil, moving distance: Double = 0) -> [GestureRecognizer.State] {
        let g = GestureHarness()
        g.add(LongPressGestureRecognizer(), name: "press")
        g.down(0, 200, 200, at: 0)
        if distance != 0 { g.move(0, 200, 200 + distance, at: 100) }
        if let seconds { g.window.advanceGestures(to: seconds) }
        if let ms { g.up(0, at: ms) }
        return g.states(of: "press")
    }

    @Test func aLongPressNeeds0Point5Seconds() {
        #expect(press(liftingAt: 490) == [.failed])
        #expect(press(liftingAt: 510) == [.began, .ended], "the time-out falls due before the lift is handled")
        #expect(press(liftingAt: nil, advancingTo: 0.49) == [])
        #expect(press(liftingAt: nil, advancingTo: 0.51) == [.began], "recognized while still held")
    }

    @Test func aLongPressMayStray10PointsBeforeItBegins() {
        #expect(press(liftingAt: nil, advancingTo: 0.6, moving: 9) == [.began])
        #expect(press(liftingAt: nil, advancingTo: 0.6, moving: 11) == [.failed])
    }

    @Test func aLongPressThatBeganFollowsTheFingerUntilItLifts() {
        let g = GestureHarness()
        var locations: [Point] = []
        g.add(LongPressGestureRecognizer { locations.append($0.location(in: nil)) }, name: "press")
        g.down(0, 200, 200, at: 0)
        g.at(600)
        g.window.advanceAnimations()
        g.move(0, 300, 200, at: 700)
        g.up(0, at: 800)
        #expect(g.states(of: "press") == [.began, .changed, .ended])
        #expect(locations == [Point(x: 200, y: 200), Point(x: 300, y: 200), Point(x: 300, y: 200)])
    }

    @Test func aLongPressAfterATap() {
        let g = GestureHarness()
        let press = g.add(LongPressGestureRecognizer(), name: "press")
        press.numberOfTapsRequired = 1
        g.tap(0, 200, 200, at: 0)
        g.down(1, 201, 200, at: 200)
        g.window.advanceGestures(to: 0.71)
        #expect(g.states(of: "press") == [.began])
    }
}
