import Foundation
import Testing
import TouchKit

/// Deliveries reuse the event, the snapshot touches and the handlers' sets when no one kept
/// them (so a steady stream allocates nothing), and never change anything someone kept.
@MainActor @Suite struct DeliveryReuseTests {
    @Test func anEventNoOneKeptIsReused() {
        let h = Harness()
        var events: [ObjectIdentifier] = []
        h.observe = { events.append(ObjectIdentifier($0)) }
        h.touch(down(0, 0, 0), .frame, motion(0, 5, 0), .frame, motion(0, 10, 0), .frame)
        #expect(events.count == 3)
        #expect(Set(events).count == 1, "one event object, as UIKit reuses its UIEvent")
    }

    @Test func aKeptEventStaysAsItWas() {
        let h = Harness()
        var kept: TouchEvent?
        var keptTimestamp: TimeInterval?
        var later: [TouchEvent] = []
        h.observe = { event in
            if kept == nil, event.allTouches.first?.phase == .moved {
                kept = event
                keptTimestamp = event.timestamp
            } else if kept != nil {
                later.append(event)
            }
        }
        h.touch(down(0, 0, 0, time: 0), .frame, motion(0, 5, 0, time: 8), .frame)
        h.touch(down(1, 50, 50, time: 16), .frame, motion(0, 10, 0, time: 24), .frame)
        guard let kept, later.count == 2 else {
            Issue.record("expected a kept event and two later ones")
            return
        }
        #expect(kept.allTouches.count == 1 && kept.timestamp == keptTimestamp)
        #expect(later.allSatisfy { $0 !== kept })
        #expect(later.allSatisfy { $0.allTouches.count == 2 && $0.timestamp > kept.timestamp })
    }

    @Test func aKeptSnapshotNeverChanges() {
        let h = Harness()
        var kept: [Touch] = []
        var readLater: [[Point]] = []
        h.observe = { event in
            guard let touch = event.allTouches.first, touch.phase == .moved else { return }
            let coalesced = event.coalescedTouches(for: touch)
            if kept.isEmpty {
                kept = coalesced
            } else {
                #expect(!coalesced.contains { snapshot in kept.contains { $0 === snapshot } },
                        "a later delivery must not reuse a snapshot someone kept")
            }
            readLater.append(kept.map { $0.location(in: nil) })
        }
        h.touch(down(0, 0, 0, time: 0), .frame, motion(0, 5, 0, time: 8), .frame)
        h.touch(motion(0, 10, 0, time: 16), .frame, motion(0, 15, 0, time: 24), .frame)
        #expect(readLater == [[Point(x: 5, y: 0)], [Point(x: 5, y: 0)], [Point(x: 5, y: 0)]])
    }

    @Test func snapshotsNoOneKeptAreReusedAndUpToDate() {
        let h = Harness()
        var objects: [ObjectIdentifier] = []
        var locations: [Point] = []
        h.observe = { event in
            guard let touch = event.allTouches.first, touch.phase == .moved,
                  let snapshot = event.coalescedTouches(for: touch).last else { return }
            objects.append(ObjectIdentifier(snapshot))
            locations.append(snapshot.location(in: nil))
            #expect(snapshot !== touch && snapshot.number == touch.number)
        }
        h.touch(down(0, 0, 0, time: 0), .frame)
        for step in 1...4 { h.touch(motion(0, Double(step), 0, time: UInt32(8 * step)), .frame) }
        #expect(locations == [1, 2, 3, 4].map { Point(x: $0, y: 0) })
        #expect(Set(objects).count == 1)
    }

    @Test func aKeptHandlerSetStaysAsItWas() {
        let h = Harness()
        let view = KeepingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.isMultipleTouchEnabled = true
        h.root.addSubview(view)
        h.touch(down(0, 10, 10), down(1, 20, 20), .frame)
        h.touch(motion(0, 11, 10), motion(1, 21, 20), .frame)
        h.touch(motion(0, 12, 10), .frame)
        h.touch(up(0), up(1), .frame)
        // Moved (both), moved (one), ended (both): each set as it was delivered, although the
        // storage behind later ones was emptied and refilled.
        #expect(view.keptSets.map(\.count) == [2, 1, 2])
        #expect(view.keptSets.count == 3 && view.keptSets[0] == view.keptSets[2])
        #expect(view.keptSets.count == 3 && view.keptSets[0].isSuperset(of: view.keptSets[1]))
    }

    final class KeepingView: View {
        private(set) var keptSets: [Set<Touch>] = []
        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
            keptSets.append(touches)
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
            keptSets.append(touches)
        }
    }
}
