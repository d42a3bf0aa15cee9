import Testing
@testable import TouchKit

/// Sample storage is reused: a finger moving for a long time does not grow it.
@MainActor @Suite struct SampleStorageTests {
    @Test(arguments: [false, true])
    func steadyMovesKeepStorageBounded(_ holds: Bool) {
        let h = Harness()
        h.machine.holdsMovesUntilDisplayFrame = holds
        var finger: Touch?
        h.observe = { finger = finger ?? $0.allTouches.first }
        h.touch(down(0, 0, 0, time: 0), .frame)
        var time: UInt32 = 0
        for display in 0..<5_000 {
            // Three input frames per display frame, with two motions in one of them.
            let x = Double(display)
            time += 4
            h.touch(motion(0, x, 1, time: time), .frame)
            time += 4
            h.touch(motion(0, x + 0.25, 1, time: time), motion(0, x + 0.5, 1, time: time + 1), .frame)
            time += 4
            h.touch(motion(0, x + 0.75, 1, time: time), .frame)
            h.machine.deliverHeldMoves()
        }
        guard let finger else {
            Issue.record("no touch delivered")
            return
        }
        #expect(finger.coalescedLocations.count == (holds ? 4 : 1))
        #expect(finger.incoming.isEmpty && finger.heldSampleCount == 0)
        #expect(finger.incoming.capacity <= 16 && finger.delivered.capacity <= 16)
        #expect(finger.recent.count == 5 && finger.recent.capacity <= 16)
        #expect(h.machine.heldTouches.isEmpty && h.machine.heldTouches.capacity <= 4)
    }

    @Test func anEventReadAfterALaterDeliveryGivesNothingNew() {
        let h = Harness()
        var events: [TouchEvent] = []
        var readDuringDispatch: [Point] = []
        h.observe = { event in
            events.append(event)
            if events.count == 2, let touch = event.allTouches.first {
                readDuringDispatch = event.coalescedTouches(for: touch).map { $0.location(in: nil) }
            }
        }
        h.touch(down(0, 0, 0, time: 0), .frame, motion(0, 5, 0, time: 8), .frame,
                motion(0, 10, 0, time: 16), .frame)
        guard events.count == 3, let touch = events[2].allTouches.first else {
            Issue.record("expected three deliveries")
            return
        }
        #expect(events[1].coalescedTouches(for: touch).map { $0.location(in: nil) } == readDuringDispatch,
                "what was read during dispatch is kept")
        #expect(events[0].coalescedTouches(for: touch).isEmpty, "never read during dispatch, now stale")
        #expect(events[2].coalescedTouches(for: touch).map { $0.location(in: nil) } == [Point(x: 10, y: 0)])
    }
}
