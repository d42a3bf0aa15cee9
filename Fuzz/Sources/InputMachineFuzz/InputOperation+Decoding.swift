import FuzzSupport
import TouchCanvasApp
import TouchKit

/// The byte format: an operation code (the first byte, modulo the number of codes), then its
/// operands. ``InputOperation/write(to:)`` spells the same format for the seeds.
extension InputOperation {
    enum Code: UInt8, CaseIterable {
        case down, motion, up, shape, orientation, frame, cancel
        case pointerEnter, pointerLeave, pointerMotion, pointerButton, pointerFrame
        case toolAdded, proximityIn, proximityOut, toolDown, toolUp, toolMotion, pressureOrDistance,
             tiltOrRotation, toolButton, toolFrame, toolGone
        case touchpad, seatChange, wait, longWait, clockJump, displayFrame, key, configure, flush
    }

    /// The next operation of `reader`, for a window of `width` × `height` logical pixels (where
    /// most coordinates fall).
    init(reading reader: inout ByteReader, width: Double, height: Double) {
        func point() -> Point {
            Point(x: reader.coordinate(span: width), y: reader.coordinate(span: height))
        }
        func number(_ range: ClosedRange<Int>) -> UInt32 { UInt32(reader.int(in: range)) }
        let code = Code(rawValue: reader.byte() % UInt8(Code.allCases.count)) ?? .flush
        // Every operand is read in the order written, left to right.
        let seat = code == .wait || code == .longWait || code == .clockJump || code == .displayFrame
            || code == .key || code == .configure || code == .flush ? 0 : number(Self.seats)
        switch code {
        case .down: self = .finger(seat: seat, .down(id: Self.touchID(&reader), point()))
        case .motion: self = .finger(seat: seat, .motion(id: Self.touchID(&reader), point()))
        case .up: self = .finger(seat: seat, .up(id: Self.touchID(&reader)))
        case .shape: self = .finger(seat: seat, .shape(id: Self.touchID(&reader), major: reader.fixed(), minor: reader.fixed()))
        case .orientation: self = .finger(seat: seat, .orientation(id: Self.touchID(&reader), degrees: reader.fixed()))
        case .frame: self = .finger(seat: seat, .frame)
        case .cancel: self = .finger(seat: seat, .cancel)
        case .pointerEnter: self = .pointer(seat: seat, .enter(point()))
        case .pointerLeave: self = .pointer(seat: seat, .leave)
        case .pointerMotion: self = .pointer(seat: seat, .motion(point()))
        case .pointerButton: self = .pointer(seat: seat, .button(reader.pick(Self.buttons), pressed: reader.bool()))
        case .pointerFrame: self = .pointer(seat: seat, .frame)
        case .toolAdded: self = .toolAdded(seat: seat, tool: number(Self.tools), Self.toolDescription(&reader))
        case .proximityIn: self = .tool(seat: seat, tool: number(Self.tools), .proximityIn(tablet: TabletID(number(Self.tablets))))
        case .proximityOut: self = .tool(seat: seat, tool: number(Self.tools), .proximityOut)
        case .toolDown: self = .tool(seat: seat, tool: number(Self.tools), .down)
        case .toolUp: self = .tool(seat: seat, tool: number(Self.tools), .up)
        case .toolMotion: self = .tool(seat: seat, tool: number(Self.tools), .motion(location: point()))
        case .pressureOrDistance:
            let tool = number(Self.tools)
            self = .tool(seat: seat, tool: tool, reader.bool() ? .pressure(UInt32(reader.uint16())) : .distance(UInt32(reader.uint16())))
        case .tiltOrRotation:
            let tool = number(Self.tools)
            self = .tool(seat: seat, tool: tool, reader.bool() ? .tilt(x: reader.fixed(), y: reader.fixed()) : .rotation(reader.fixed()))
        case .toolButton: self = .tool(seat: seat, tool: number(Self.tools), .button(code: reader.pick(Self.buttons), pressed: reader.bool()))
        case .toolFrame: self = .tool(seat: seat, tool: number(Self.tools), .frame(time: 0))
        case .toolGone:
            switch reader.int(in: 0...2) {
            case 0: self = .toolRemoved(seat: seat, tool: number(Self.tools))
            case 1: self = .tabletRemoved(seat: seat, tablet: number(Self.tablets))
            default: self = .toolForeignProximity(seat: seat, tool: number(Self.tools))
            }
        case .touchpad: self = Self.touchpad(&reader, seat: seat)
        case .seatChange:
            switch reader.int(in: 0...3) {
            case 0: self = .capabilityLost(seat: seat, touch: true)
            case 1: self = .capabilityLost(seat: seat, touch: false)
            case 2: self = .seatRemoved(seat: seat)
            default: self = .seatName(seat: seat, reader.pick(Self.names))
            }
        // A few milliseconds, a frame's worth or less; or seconds (a finger resting past the
        // stuck-touch threshold, a long press, a double tap that never came).
        case .wait: self = .wait(milliseconds: Int(reader.byte()))
        case .longWait: self = .wait(milliseconds: Int(reader.byte() % 16) * 1000)
        case .clockJump: self = .clockJump(reader.uint32())
        case .displayFrame:
            let prediction = reader.byte()
            self = .displayFrame(predictionMilliseconds: prediction == 0 ? nil : Int(prediction - 1) % 64)
        case .key:
            switch reader.int(in: 0...7) {
            case 0: self = .command(.clear)
            case 1: self = .command(.undo)
            case 2: self = .command(.scene(reader.pick(Scene.allCases)))
            case 3:
                // Palm rejection (p) or the latency scene's flash area (f): the two switches.
                self = reader.bool() ? .command(.palmRejection(reader.bool())) : .command(.flashArea(reader.pick(LatencyFlashArea.allCases)))
            case 4: self = .hud(reader.bool())
            case 5: self = .debugOverlay
            case 6: self = .checkStuck
            default: self = .advanceGestures
            }
        case .configure:
            self = .configure(width: reader.int(in: Self.widths), height: reader.int(in: Self.heights),
                              scale: reader.int(in: Self.scales))
        case .flush: self = .flush
        }
    }

    /// Ids 0…11 mostly, so downs collide and ups find their finger; 12…135 to go past the
    /// limit of fingers down; and the ends of `int32`.
    static func touchID(_ reader: inout ByteReader) -> Int32 {
        let raw = reader.byte()
        switch raw {
        case 0..<128: return Int32(raw % 12)
        case 128..<252: return Int32(raw) - 116
        case 252: return -1
        case 253: return .min
        case 254: return .max
        default: return Int32(bitPattern: reader.uint32())
        }
    }

    static func toolDescription(_ reader: inout ByteReader) -> TabletToolDescription {
        let type = reader.pick(TabletToolType.allCases)
        let axes = reader.byte()
        let capabilities = TabletToolCapability.allCases.enumerated().filter { axes & (1 << $0.offset) != 0 }.map(\.element)
        let serial: UInt64? = reader.bool() ? UInt64(reader.uint32()) : nil
        return TabletToolDescription(type: type, hardwareSerial: serial, capabilities: Set(capabilities))
    }

    static let touchpadKinds: [TouchpadGesture.Kind] = [.swipe, .pinch, .hold]
    static let touchpadPhases: [TouchpadGesture.Phase] = [.began, .changed, .ended, .cancelled]

    static func touchpad(_ reader: inout ByteReader, seat: UInt32) -> InputOperation {
        let kind = reader.pick(touchpadKinds)
        let phase = reader.pick(touchpadPhases)
        let fingers = reader.int(in: 0...5)
        guard phase == .changed || reader.bool() else {
            return .touchpad(seat: seat, kind, phase, fingers: fingers, delta: .zero, scale: 1, rotation: 0)
        }
        let delta = Point(x: Double(Int8(bitPattern: reader.byte())) / 4, y: Double(Int8(bitPattern: reader.byte())) / 4)
        // A scale near 1 mostly; 0 and below now and then, as a compositor may send.
        let scale = Double(reader.byte()) / 64 - 0.25
        return .touchpad(seat: seat, kind, phase, fingers: fingers, delta: delta, scale: scale, rotation: reader.fixed())
    }
}
