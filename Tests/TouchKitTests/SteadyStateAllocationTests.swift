import AllocationCounting
import Foundation
import Testing
import TouchKit

/// The allocation rule (docs/architecture.md, *Allocation rule*). Ten fingers keep moving; once the
/// reused buffers have grown, feeding their events, delivering them and reading everything a
/// drawing view reads (locations, coalesced and predicted touches) must allocate nothing.
@MainActor @Suite(.needsAllocationCounter) struct SteadyStateAllocationTests {
    /// Reads what the app's drawing views read during a move, and counts it, so the test knows
    /// the work was done.
    final class ReadingView: View {
        private(set) var movedTouches = 0
        private(set) var coalescedSamples = 0
        private(set) var predictedSamples = 0
        private(set) var checksum = 0.0

        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
            for touch in touches {
                movedTouches += 1
                checksum += touch.location(in: self).x + touch.previousLocation(in: self).y
                for sample in event.coalescedTouches(for: touch) {
                    coalescedSamples += 1
                    checksum += sample.preciseLocation(in: self).x
                }
                for sample in event.predictedTouches(for: touch) {
                    predictedSamples += 1
                    checksum += sample.location(in: self).y
                }
            }
            checksum += Double(event.allTouches.count)
        }
    }

    /// Ten fingers in a view nested in an offset container (so conversions walk ancestors).
    @MainActor final class Rig {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 800), clock: { 0 })
        let view = ReadingView(frame: Rect(x: 10, y: 10, width: 900, height: 700))
        let machine: TouchInputMachine
        let seat = SeatID(1)
        let fingers = 10
        var time: UInt32 = 0
        var frameNumber = 0

        init(holdsMoves: Bool) {
            let container = View(frame: Rect(x: 20, y: 30, width: 960, height: 740))
            view.isMultipleTouchEnabled = true
            window.addSubview(container)
            container.addSubview(view)
            machine = TouchInputMachine(window: window)
            machine.holdsMovesUntilDisplayFrame = holdsMoves
            for finger in 0..<fingers {
                machine.handle(.down(id: Int32(finger), time: time, location: location(finger)), seat: seat)
            }
            machine.handle(RawTouchInput.frame, seat: seat)
        }

        /// Each finger circles its own spot, 4 px per frame.
        func location(_ finger: Int) -> Point {
            let angle = Double(frameNumber) * 0.05
            return Point(x: 100 + 80 * Double(finger) + 30 * cos(angle), y: 300 + 30 * sin(angle))
        }

        /// One display frame: two input frames (the first with two motions per finger), then
        /// the held moves delivered, as the app does before rendering.
        func displayFrame() {
            for inputFrame in 0..<2 {
                for _ in 0..<(inputFrame == 0 ? 2 : 1) {
                    frameNumber += 1
                    time &+= 4
                    for finger in 0..<fingers {
                        machine.handle(.motion(id: Int32(finger), time: time, location: location(finger)), seat: seat)
                    }
                }
                machine.handle(RawTouchInput.frame, seat: seat)
            }
            machine.deliverHeldMoves()
        }
    }

    @Test(arguments: [true, false])
    func tenMovingFingersAllocateNothing(holdsMoves: Bool) throws {
        let rig = Rig(holdsMoves: holdsMoves)
        for _ in 0..<20 { rig.displayFrame() }
        let before = (rig.view.movedTouches, rig.view.coalescedSamples, rig.view.predictedSamples)

        let allocations = try #require(AllocationCounter.swiftAllocations {
            for _ in 0..<50 { rig.displayFrame() }
        }, "the allocation counter cannot see Swift allocations in this process")

        #expect(allocations == 0, "allocations over 50 steady frames")
        let deliveries = holdsMoves ? 50 : 100
        #expect(rig.view.movedTouches - before.0 == deliveries * rig.fingers)
        #expect(rig.view.coalescedSamples - before.1 == 150 * rig.fingers)
        #expect(rig.view.predictedSamples - before.2 == deliveries * rig.fingers * 2)
    }

    /// The counter sees what it should: a frame that makes objects is not reported as clean.
    @Test func theCounterCountsAllocations() throws {
        var kept: [TouchEvent] = []
        let rig = Rig(holdsMoves: true)
        rig.machine.onDeliver = { kept.append($0) }
        for _ in 0..<5 { rig.displayFrame() }
        let allocations = try #require(AllocationCounter.swiftAllocations {
            for _ in 0..<5 { rig.displayFrame() }
        })
        // Every kept event forces a new one, with its own touch set and snapshots.
        #expect(allocations >= 5)
        #expect(kept.count == 10)
    }
}
