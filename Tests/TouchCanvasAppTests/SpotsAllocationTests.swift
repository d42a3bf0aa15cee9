import AllocationCounting
import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The allocation rule (docs/architecture.md, *Allocation rule*), for the spots scene end to end:
/// raw input through the machine (moves held for the display frame, as the app does), the
/// spots following their fingers, animations advanced and the frame rendered. Swift allocates
/// nothing; cairo's own allocations (its fill of each circle) are not counted here.
///
/// The scenes with ink (trace, canvas, draw) still allocate in their ink code, which is being
/// reworked separately; `Benchmarks/AllocationSites` lists those sites.
@MainActor @Suite(.needsAllocationCounter) struct SpotsAllocationTests {
    @Test func threeMovingFingersAllocateNothing() throws {
        let h = try SceneHarness(.spots)
        h.machine.holdsMovesUntilDisplayFrame = true
        let fingers: [Int32] = [0, 1, 2]
        for finger in fingers {
            h.machine.handle(.down(id: finger, time: h.time, location: location(finger, step: 0)), seat: h.seat)
        }
        h.machine.handle(RawTouchInput.frame, seat: h.seat)
        var step = 0
        func frame() {
            step += 1
            h.time &+= 5
            for finger in fingers {
                h.machine.handle(.motion(id: finger, time: h.time, location: location(finger, step: step)), seat: h.seat)
            }
            h.machine.handle(RawTouchInput.frame, seat: h.seat)
            h.machine.deliverHeldMoves()
            h.advanceClock(to: Double(step) * 0.005)
            h.render()
        }
        // Past the spots' 0.2 s growth, so the frames are steady.
        for _ in 0..<60 { frame() }

        let allocations = try #require(AllocationCounter.swiftAllocations {
            for _ in 0..<40 { frame() }
        }, "the allocation counter cannot see Swift allocations in this process")

        #expect(allocations == 0, "allocations over 40 steady frames")
        let spots = try #require(h.root as? TouchableView).touchViews
        #expect(spots.count == 3)
        #expect(spots.values.allSatisfy { $0.bounds.width == TouchableView.spotDiameter })
    }

    private func location(_ finger: Int32, step: Int) -> Point {
        Point(x: 150 + 200 * Double(finger) + 3 * Double(step % 20), y: 300)
    }
}
