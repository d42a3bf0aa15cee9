import FuzzSupport
import TouchCanvasApp
import TouchKit

/// The bytes that decode to an operation: how the seed writer spells the seeds. Values are
/// written in the operands' exact forms (a coordinate as a `wl_fixed`), so what decodes is
/// what was meant, to 1/256 of a pixel.
extension InputOperation {
    func write(to writer: inout ByteWriter) {
        func code(_ code: Code, seat: UInt32? = nil) {
            writer.byte(code.rawValue)
            if let seat { writer.int(Int(seat), in: Self.seats) }
        }
        func point(_ point: Point) {
            writer.coordinate(point.x)
            writer.coordinate(point.y)
        }
        func number(_ value: UInt32, _ range: ClosedRange<Int>) { writer.int(Int(value), in: range) }
        func index<Element: Equatable>(of value: Element, in choices: [Element]) {
            writer.int(choices.firstIndex(of: value) ?? 0, in: 0...(choices.count - 1))
        }
        switch self {
        case let .finger(seat, event):
            switch event {
            case let .down(id, location): code(.down, seat: seat); Self.write(id, to: &writer); point(location)
            case let .motion(id, location): code(.motion, seat: seat); Self.write(id, to: &writer); point(location)
            case let .up(id): code(.up, seat: seat); Self.write(id, to: &writer)
            case let .shape(id, major, minor):
                code(.shape, seat: seat); Self.write(id, to: &writer); writer.fixed(major); writer.fixed(minor)
            case let .orientation(id, degrees):
                code(.orientation, seat: seat); Self.write(id, to: &writer); writer.fixed(degrees)
            case .frame: code(.frame, seat: seat)
            case .cancel: code(.cancel, seat: seat)
            }
        case let .pointer(seat, event):
            switch event {
            case let .enter(location): code(.pointerEnter, seat: seat); point(location)
            case .leave: code(.pointerLeave, seat: seat)
            case let .motion(location): code(.pointerMotion, seat: seat); point(location)
            case let .button(button, pressed): code(.pointerButton, seat: seat); index(of: button, in: Self.buttons); writer.bool(pressed)
            case .frame: code(.pointerFrame, seat: seat)
            }
        case let .toolAdded(seat, tool, description):
            code(.toolAdded, seat: seat); number(tool, Self.tools)
            index(of: description.type, in: TabletToolType.allCases)
            var axes: UInt8 = 0
            for (bit, capability) in TabletToolCapability.allCases.enumerated() where description.capabilities.contains(capability) {
                axes |= 1 << bit
            }
            writer.byte(axes)
            writer.bool(description.hardwareSerial != nil)
            if let serial = description.hardwareSerial { writer.uint32(UInt32(truncatingIfNeeded: serial)) }
        case let .tool(seat, tool, event):
            Self.write(event, seat: seat, tool: tool, to: &writer)
        case let .toolRemoved(seat, tool): code(.toolGone, seat: seat); writer.int(0, in: 0...2); number(tool, Self.tools)
        case let .tabletRemoved(seat, tablet): code(.toolGone, seat: seat); writer.int(1, in: 0...2); number(tablet, Self.tablets)
        case let .toolForeignProximity(seat, tool): code(.toolGone, seat: seat); writer.int(2, in: 0...2); number(tool, Self.tools)
        case let .touchpad(seat, kind, phase, fingers, delta, scale, rotation):
            code(.touchpad, seat: seat)
            index(of: kind, in: Self.touchpadKinds)
            index(of: phase, in: Self.touchpadPhases)
            writer.int(fingers, in: 0...5)
            let neutral = delta == .zero && scale == 1 && rotation == 0
            if phase != .changed { writer.bool(!neutral) }
            if phase == .changed || !neutral {
                writer.byte(UInt8(bitPattern: Int8(clamping: Int((delta.x * 4).rounded()))))
                writer.byte(UInt8(bitPattern: Int8(clamping: Int((delta.y * 4).rounded()))))
                writer.byte(UInt8(clamping: Int(((scale + 0.25) * 64).rounded())))
                writer.fixed(rotation)
            }
        case let .capabilityLost(seat, touch): code(.seatChange, seat: seat); writer.int(touch ? 0 : 1, in: 0...3)
        case let .seatRemoved(seat): code(.seatChange, seat: seat); writer.int(2, in: 0...3)
        case let .seatName(seat, name): code(.seatChange, seat: seat); writer.int(3, in: 0...3); index(of: name, in: Self.names)
        case let .wait(milliseconds):
            if milliseconds < 256 {
                code(.wait); writer.byte(UInt8(milliseconds))
            } else {
                code(.longWait); writer.byte(UInt8(min(milliseconds / 1000, 15)))
            }
        case let .clockJump(milliseconds): code(.clockJump); writer.uint32(milliseconds)
        case let .displayFrame(prediction):
            code(.displayFrame); writer.byte(prediction.map { UInt8(min($0, 63) + 1) } ?? 0)
        case let .command(command):
            code(.key)
            switch command {
            case .clear: writer.int(0, in: 0...7)
            case .undo: writer.int(1, in: 0...7)
            case let .scene(scene): writer.int(2, in: 0...7); index(of: scene, in: Scene.allCases)
            case let .palmRejection(on): writer.int(3, in: 0...7); writer.bool(true); writer.bool(on)
            case let .flashArea(area): writer.int(3, in: 0...7); writer.bool(false); index(of: area, in: LatencyFlashArea.allCases)
            }
        case let .hud(visible): code(.key); writer.int(4, in: 0...7); writer.bool(visible)
        case .debugOverlay: code(.key); writer.int(5, in: 0...7)
        case .checkStuck: code(.key); writer.int(6, in: 0...7)
        case .advanceGestures: code(.key); writer.int(7, in: 0...7)
        case let .configure(width, height, scale):
            code(.configure); writer.int(width, in: Self.widths); writer.int(height, in: Self.heights); writer.int(scale, in: Self.scales)
        case .flush: code(.flush)
        }
    }

    private static func write(_ id: Int32, to writer: inout ByteWriter) {
        switch id {
        case 0..<12: writer.byte(UInt8(id))
        case 12..<136: writer.byte(UInt8(id + 116))
        default: writer.byte(255); writer.uint32(UInt32(bitPattern: id))
        }
    }

    private static func write(_ event: RawTabletToolInput, seat: UInt32, tool: UInt32, to writer: inout ByteWriter) {
        func code(_ code: Code) {
            writer.byte(code.rawValue)
            writer.int(Int(seat), in: seats)
            writer.int(Int(tool), in: tools)
        }
        switch event {
        case let .proximityIn(tablet): code(.proximityIn); writer.int(Int(tablet.raw), in: tablets)
        case .proximityOut: code(.proximityOut)
        case .down: code(.toolDown)
        case .up: code(.toolUp)
        case let .motion(location): code(.toolMotion); writer.coordinate(location.x); writer.coordinate(location.y)
        case let .pressure(value): code(.pressureOrDistance); writer.bool(true); writer.uint16(UInt16(clamping: value))
        case let .distance(value): code(.pressureOrDistance); writer.bool(false); writer.uint16(UInt16(clamping: value))
        case let .tilt(x, y): code(.tiltOrRotation); writer.bool(true); writer.fixed(x); writer.fixed(y)
        case let .rotation(degrees): code(.tiltOrRotation); writer.bool(false); writer.fixed(degrees)
        case let .button(button, pressed):
            code(.toolButton); writer.int(buttons.firstIndex(of: button) ?? 0, in: 0...(buttons.count - 1)); writer.bool(pressed)
        case .frame: code(.toolFrame)
        }
    }
}
