import TouchCanvasApp
import TouchKit

/// The generated seeds of `Fuzz/Corpus/input-machine`: short sessions that each reach one part
/// of the session (a stroke, two seats, the mouse, a pen, a touchpad pinch, the gesture scene,
/// the keys, more fingers than the limit, a missing frame), for libFuzzer to start from.
extension InputMachineFuzz {
    /// Each seed's bytes, checked to decode to the script they were written from.
    public static var seeds: [(name: String, bytes: [UInt8])] {
        scripts.map { name, script in
            let bytes = script.bytes
            precondition(Script(decoding: bytes) == script, "the seed \(name) does not decode to its script")
            return (name, bytes)
        }
    }

    private static var scripts: [(name: String, script: Script)] {
        [
            ("finger-stroke", Script(scene: .canvas, stroke(seat: 1, id: 0, from: Point(x: 8, y: 8), steps: 8))),
            ("two-seats-cancelled", Script(scene: .inspect, showsOverlays: true, twoSeats)),
            ("mouse-drag", Script(scene: .draw, mouseDrag)),
            ("pen-stroke", Script(scene: .canvas, penStroke)),
            ("touchpad-pinch", Script(scene: .gestures, touchpadPinch)),
            ("gestures-taps-and-hold", Script(scene: .gestures, tapsAndHold)),
            ("keys-mid-stroke", Script(scene: .trace, showsOverlays: true, keysMidStroke)),
            ("too-many-fingers", Script(scene: .spots, tooManyFingers)),
            ("missing-frames", Script(scene: .canvas, missingFrames)),
            ("latency-flash", Script(scene: .latency, latencyFlash)),
        ]
    }

    private static func at(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// A finger down, `steps` moves of 3 px with a display frame after each two, and up.
    private static func stroke(seat: UInt32, id: Int32, from start: Point, steps: Int) -> [InputOperation] {
        var operations: [InputOperation] = [.finger(seat: seat, .down(id: id, start)), .finger(seat: seat, .frame), .wait(milliseconds: 8)]
        for step in 1...steps {
            operations += [.finger(seat: seat, .motion(id: id, at(start.x + Double(step) * 3, start.y + Double(step)))),
                           .finger(seat: seat, .frame), .wait(milliseconds: 8)]
            if step % 2 == 0 { operations.append(.displayFrame(predictionMilliseconds: 8)) }
        }
        return operations + [.finger(seat: seat, .up(id: id)), .finger(seat: seat, .frame), .displayFrame(predictionMilliseconds: nil)]
    }

    private static var twoSeats: [InputOperation] {
        [.seatName(seat: 1, "seat0"),
         .finger(seat: 1, .down(id: 0, at(10, 10))), .finger(seat: 1, .shape(id: 0, major: 12, minor: 8)),
         .finger(seat: 1, .orientation(id: 0, degrees: 30)), .finger(seat: 1, .frame),
         .finger(seat: 2, .down(id: 0, at(40, 30))), .finger(seat: 2, .frame), .wait(milliseconds: 8),
         .finger(seat: 1, .motion(id: 0, at(14, 12))), .finger(seat: 1, .frame),
         .finger(seat: 2, .motion(id: 0, at(44, 28))), .finger(seat: 2, .frame), .displayFrame(predictionMilliseconds: nil),
         .finger(seat: 1, .cancel), .wait(milliseconds: 8),
         .capabilityLost(seat: 2, touch: true), .seatRemoved(seat: 2), .displayFrame(predictionMilliseconds: nil)]
    }

    private static var mouseDrag: [InputOperation] {
        [.pointer(seat: 1, .enter(at(20, 20))), .pointer(seat: 1, .frame),
         .pointer(seat: 1, .button(0x110, pressed: true)), .pointer(seat: 1, .frame), .wait(milliseconds: 8),
         .pointer(seat: 1, .motion(at(30, 24))), .pointer(seat: 1, .frame), .displayFrame(predictionMilliseconds: 16),
         .pointer(seat: 1, .button(0x111, pressed: true)), .pointer(seat: 1, .frame),
         .pointer(seat: 1, .motion(at(36, 30))), .pointer(seat: 1, .frame), .wait(milliseconds: 8),
         .pointer(seat: 1, .button(0x110, pressed: false)), .pointer(seat: 1, .button(0x111, pressed: false)),
         .pointer(seat: 1, .frame), .pointer(seat: 1, .leave), .pointer(seat: 1, .frame),
         .displayFrame(predictionMilliseconds: nil)]
    }

    private static var penStroke: [InputOperation] {
        let pen = TabletToolDescription(type: .pen, hardwareSerial: 42, capabilities: [.pressure, .tilt, .distance])
        return [
            .toolAdded(seat: 1, tool: 1, pen),
            .tool(seat: 1, tool: 1, .proximityIn(tablet: TabletID(0))), .tool(seat: 1, tool: 1, .motion(location: at(10, 30))),
            .tool(seat: 1, tool: 1, .distance(900)), .tool(seat: 1, tool: 1, .frame(time: 0)), .wait(milliseconds: 5),
            .tool(seat: 1, tool: 1, .down), .tool(seat: 1, tool: 1, .pressure(20000)), .tool(seat: 1, tool: 1, .frame(time: 0)),
            .finger(seat: 1, .down(id: 1, at(50, 40))), .finger(seat: 1, .frame), .wait(milliseconds: 5),
            .tool(seat: 1, tool: 1, .motion(location: at(20, 28))), .tool(seat: 1, tool: 1, .tilt(x: 30, y: -12.5)),
            .tool(seat: 1, tool: 1, .pressure(50000)), .tool(seat: 1, tool: 1, .frame(time: 0)), .displayFrame(predictionMilliseconds: 8),
            .tool(seat: 1, tool: 1, .button(code: 0x14b, pressed: true)), .tool(seat: 1, tool: 1, .up),
            .tool(seat: 1, tool: 1, .frame(time: 0)), .finger(seat: 1, .up(id: 1)), .finger(seat: 1, .frame),
            .tool(seat: 1, tool: 1, .proximityOut), .tool(seat: 1, tool: 1, .frame(time: 0)),
            .command(.palmRejection(false)), .tool(seat: 1, tool: 2, .proximityIn(tablet: TabletID(1))),
            .tool(seat: 1, tool: 2, .motion(location: at(30, 30))), .tool(seat: 1, tool: 2, .down), .tool(seat: 1, tool: 2, .frame(time: 0)),
            .tabletRemoved(seat: 1, tablet: 1), .toolRemoved(seat: 1, tool: 1), .displayFrame(predictionMilliseconds: nil),
        ]
    }

    /// The gestures scene's square sits right of the middle; the pinch comes where the pointer is.
    private static var touchpadPinch: [InputOperation] {
        [.configure(width: 96, height: 72, scale: 1), .pointer(seat: 1, .enter(at(70, 36))), .pointer(seat: 1, .frame),
         .touchpad(seat: 1, .pinch, .began, fingers: 2, delta: .zero, scale: 1, rotation: 0), .wait(milliseconds: 8),
         .touchpad(seat: 1, .pinch, .changed, fingers: 2, delta: at(0.5, -0.25), scale: 1.25, rotation: 3),
         .displayFrame(predictionMilliseconds: nil), .wait(milliseconds: 8),
         .touchpad(seat: 1, .pinch, .changed, fingers: 2, delta: .zero, scale: 1.5, rotation: -1.5),
         .touchpad(seat: 1, .pinch, .ended, fingers: 2, delta: .zero, scale: 1, rotation: 0),
         .touchpad(seat: 1, .swipe, .began, fingers: 3, delta: .zero, scale: 1, rotation: 0),
         .touchpad(seat: 1, .swipe, .changed, fingers: 3, delta: at(4, 2), scale: 1, rotation: 0),
         .touchpad(seat: 1, .hold, .began, fingers: 3, delta: .zero, scale: 1, rotation: 0),
         .touchpad(seat: 1, .swipe, .cancelled, fingers: 3, delta: .zero, scale: 1, rotation: 0),
         .displayFrame(predictionMilliseconds: nil)]
    }

    private static var tapsAndHold: [InputOperation] {
        let tap: [InputOperation] = [.finger(seat: 1, .down(id: 0, at(20, 20))), .finger(seat: 1, .frame), .wait(milliseconds: 60),
                                     .finger(seat: 1, .up(id: 0)), .finger(seat: 1, .frame), .wait(milliseconds: 100)]
        return [.configure(width: 96, height: 72, scale: 1)] + tap + tap + [.wait(milliseconds: 250), .advanceGestures]
            + [.finger(seat: 1, .down(id: 2, at(48, 36))), .finger(seat: 1, .frame), .wait(milliseconds: 255),
               .wait(milliseconds: 255), .advanceGestures, .displayFrame(predictionMilliseconds: nil),
               .finger(seat: 1, .motion(id: 2, at(60, 40))), .finger(seat: 1, .frame), .displayFrame(predictionMilliseconds: nil),
               .finger(seat: 1, .up(id: 2)), .finger(seat: 1, .frame), .wait(milliseconds: 3000), .displayFrame(predictionMilliseconds: nil)]
    }

    private static var keysMidStroke: [InputOperation] {
        [.hud(true), .finger(seat: 1, .down(id: 0, at(10, 10))), .finger(seat: 1, .frame),
         .finger(seat: 1, .motion(id: 0, at(20, 12))), .finger(seat: 1, .frame), .displayFrame(predictionMilliseconds: nil),
         .command(.undo), .command(.clear), .command(.scene(.draw)), .debugOverlay,
         .finger(seat: 1, .motion(id: 0, at(24, 14))), .finger(seat: 1, .frame), .finger(seat: 1, .up(id: 0)),
         .finger(seat: 1, .frame), .configure(width: 40, height: 30, scale: 2), .displayFrame(predictionMilliseconds: nil),
         .command(.scene(.inspect)), .wait(milliseconds: 255), .checkStuck, .hud(false), .command(.undo),
         .displayFrame(predictionMilliseconds: nil)]
    }

    /// The latency scene: a flash at the window, one in the corner, and a drag with its rings.
    private static var latencyFlash: [InputOperation] {
        [.displayFrame(predictionMilliseconds: nil), .command(.flashArea(.corner))]
            + stroke(seat: 1, id: 0, from: at(12, 12), steps: 6)
            + [.command(.flashArea(.window)), .finger(seat: 1, .down(id: 1, at(4, 4))), .finger(seat: 1, .frame),
               .displayFrame(predictionMilliseconds: nil), .displayFrame(predictionMilliseconds: nil)]
    }

    private static var tooManyFingers: [InputOperation] {
        var operations: [InputOperation] = []
        for id in Int32(12)..<Int32(82) {
            operations.append(.finger(seat: 1 + UInt32(id % 2), .down(id: id, at(Double(id % 60), Double(id % 40)))))
        }
        operations += [.finger(seat: 1, .frame), .finger(seat: 2, .frame), .displayFrame(predictionMilliseconds: nil),
                       .finger(seat: 1, .up(id: 80)), .finger(seat: 1, .up(id: 12)), .finger(seat: 1, .frame),
                       .finger(seat: 2, .cancel), .finger(seat: 1, .cancel)]
        return operations
    }

    private static var missingFrames: [InputOperation] {
        [.finger(seat: 1, .down(id: 0, at(10, 10))), .finger(seat: 1, .up(id: 0)), .flush,
         .finger(seat: 1, .down(id: 1, at(12, 10))), .finger(seat: 1, .frame), .finger(seat: 1, .motion(id: 1, at(14, 10))),
         .finger(seat: 1, .up(id: 1)), .flush, .finger(seat: 1, .motion(id: 7, at(1, 1))), .finger(seat: 1, .frame),
         .finger(seat: 1, .down(id: 2, at(10, 10))), .finger(seat: 1, .down(id: 2, at(11, 11))), .finger(seat: 1, .frame),
         .clockJump(0xFFFF_FFF0), .finger(seat: 1, .motion(id: 2, at(12, 12))), .finger(seat: 1, .frame),
         .wait(milliseconds: 40), .finger(seat: 1, .up(id: 2)), .finger(seat: 1, .frame),
         .pointer(seat: 1, .button(0x110, pressed: true)), .pointer(seat: 1, .frame), .flush]
    }
}
