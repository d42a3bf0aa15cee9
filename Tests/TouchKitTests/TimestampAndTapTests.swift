import Testing
@testable import TouchKit

@Suite struct InputTimelineTests {
    @Test func millisecondsBecomeSeconds() {
        var timeline = InputTimeline()
        #expect(timeline.seconds(for: 1500) == 1.5)
        #expect(timeline.seconds(for: 1516) == 1.516)
        #expect(timeline.latest == 1.516)
    }

    @Test func wrapKeepsTimeMonotonic() {
        var timeline = InputTimeline()
        let before = timeline.seconds(for: UInt32.max - 5)
        let after = timeline.seconds(for: 10)
        #expect(abs(after - before - 0.016) < 1e-9)
        #expect(after > Double(UInt32.max) / 1000)
    }

    @Test func aSlightlyOlderStampIsASmallStepBack() {
        var timeline = InputTimeline()
        _ = timeline.seconds(for: 5)
        #expect(timeline.seconds(for: 3) == 0.003, "not 49 days ahead")
    }
}

@MainActor @Suite struct TapCountTests {
    private func tapCounts(_ inputs: [RawTouchInput], configure: (TouchInputMachine) -> Void = { _ in }) -> [Int] {
        let h = Harness()
        configure(h.machine)
        var counts: [Int] = []
        h.observe = { event in
            counts += event.allTouches.filter { $0.phase == .began }.map(\.tapCount)
        }
        for input in inputs { h.touch(input) }
        return counts
    }

    @Test func quickTapsInPlaceCount() {
        let counts = tapCounts([down(0, 100, 100, time: 0), .frame, up(0, time: 80), .frame,
                                down(0, 103, 104, time: 300), .frame, up(0, time: 380), .frame,
                                down(0, 100, 100, time: 700), .frame, up(0, time: 760), .frame])
        #expect(counts == [1, 2, 3])
    }

    @Test func slowTapsStartOver() {
        let counts = tapCounts([down(0, 100, 100, time: 0), .frame, up(0, time: 80), .frame,
                                down(0, 100, 100, time: 431), .frame])
        #expect(counts == [1, 1])
    }

    @Test func distantTapsStartOver() {
        let counts = tapCounts([down(0, 100, 100, time: 0), .frame, up(0, time: 80), .frame,
                                down(0, 111, 100, time: 100), .frame])
        #expect(counts == [1, 1])
    }

    @Test func aDragIsNotATap() {
        let counts = tapCounts([down(0, 100, 100, time: 0), .frame, motion(0, 140, 100, time: 40), .frame,
                                motion(0, 100, 100, time: 60), .frame, up(0, time: 80), .frame,
                                down(0, 100, 100, time: 100), .frame])
        #expect(counts == [1, 1])
    }

    @Test func aCancelledTouchIsNotATap() {
        let counts = tapCounts([down(0, 100, 100, time: 0), .frame, .cancel,
                                down(0, 100, 100, time: 100), .frame])
        #expect(counts == [1, 1])
    }

    @Test func constantsAreConfigurable() {
        let counts = tapCounts([down(0, 100, 100, time: 0), .frame, up(0, time: 80), .frame,
                                down(0, 100, 100, time: 600), .frame]) { $0.tapCountInterval = 1 }
        #expect(counts == [1, 2])
    }
}
