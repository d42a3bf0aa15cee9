import AllocationCounting
import Foundation
import Testing
import TouchKit

/// The allocation rule (docs/architecture.md) holds for a pen too, which reports
/// at 200 Hz or more: a pen and a finger drawing, with pressure, tilt and rotation changing in
/// every frame and everything a drawing view reads being read.
@MainActor @Suite(.needsAllocationCounter) struct PencilAllocationTests {
    final class ReadingView: View {
        private(set) var samples = 0
        private(set) var checksum = 0.0

        override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
            for touch in touches {
                for sample in event.coalescedTouches(for: touch) {
                    samples += 1
                    checksum += sample.preciseLocation(in: self).x + sample.force + sample.altitudeAngle
                        + sample.azimuthAngle(in: self) + sample.rollAngle
                }
                checksum += Double(event.predictedTouches(for: touch).count)
            }
        }
    }

    @Test(arguments: [true, false])
    func aDrawingPenAllocatesNothing(holdsMoves: Bool) throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 800), clock: { 0 })
        let view = ReadingView(frame: Rect(x: 10, y: 10, width: 900, height: 700))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let machine = TouchInputMachine(window: window)
        machine.holdsMovesUntilDisplayFrame = holdsMoves
        let seat = SeatID(1), tool = TabletToolID(1)
        machine.tabletToolAdded(tool, description: TabletToolDescription(
            type: .pen, hardwareSerial: 1, capabilities: Set(TabletToolCapability.allCases)), seat: seat)
        var time: UInt32 = 0, step = 0.0
        machine.handle(.proximityIn(tablet: TabletID(1)), tool: tool, seat: seat)
        machine.handle(.motion(location: Point(x: 100, y: 100)), tool: tool, seat: seat)
        machine.handle(.down, tool: tool, seat: seat)
        machine.handle(.frame(time: time), tool: tool, seat: seat)
        machine.handle(.down(id: 0, time: time, location: Point(x: 500, y: 500)), seat: seat)
        machine.handle(RawTouchInput.frame, seat: seat)

        func displayFrame() {
            for _ in 0..<3 {
                step += 1
                time &+= 5
                machine.handle(.motion(location: Point(x: 100 + 40 * cos(step / 20), y: 100 + 40 * sin(step / 20))),
                               tool: tool, seat: seat)
                machine.handle(.pressure(UInt32(30000 + Int(step) % 1000)), tool: tool, seat: seat)
                machine.handle(.tilt(x: 30 * sin(step / 7), y: 20), tool: tool, seat: seat)
                machine.handle(.rotation(step), tool: tool, seat: seat)
                machine.handle(.frame(time: time), tool: tool, seat: seat)
            }
            machine.handle(.motion(id: 0, time: time, location: Point(x: 500 + step.truncatingRemainder(dividingBy: 50), y: 500)), seat: seat)
            machine.handle(RawTouchInput.frame, seat: seat)
            machine.deliverHeldMoves()
        }

        for _ in 0..<20 { displayFrame() }
        let before = view.samples
        let allocations = try #require(AllocationCounter.swiftAllocations {
            for _ in 0..<50 { displayFrame() }
        }, "the allocation counter cannot see Swift allocations in this process")
        #expect(allocations == 0, "allocations over 50 steady frames")
        #expect(view.samples - before == 50 * 4, "three pen samples and one finger sample per display frame")
    }
}
