import TouchCanvasApp
import TouchKit

/// Each event's line, built from the words and field counts of ``EventWord``'s table.
extension RecordingWriter {
    /// The event's line after the time, without the newline.
    static func line(for event: RecordedEvent) -> String {
        let seat = event.seat.map { String($0.raw) } ?? "-"
        let body: String = switch event {
        case let .touch(_, touch): touchLine(touch)
        case let .pointer(_, pointer): pointerLine(pointer)
        case let .capabilityLost(_, capability): RecordingFormat.line(SeatWord.capability, capability.rawValue, "lost")
        case .seatRemoved: RecordingFormat.line(SeatWord.seatRemoved)
        case let .seatName(_, name): String(nameLine(SeatWord.seatName.rawValue, name).dropLast())
        case let .configure(width, height):
            RecordingFormat.line(WindowWord.configure, String(clamp(width, RecordingFormat.sides)),
                                 String(clamp(height, RecordingFormat.sides)))
        case let .scale(scale): RecordingFormat.line(WindowWord.scale, String(clamp(scale, RecordingFormat.scales)))
        case .flush: RecordingFormat.line(WindowWord.flush)
        case .gestureTimeout: RecordingFormat.line(WindowWord.gestureTimeout)
        case .command(.clear): RecordingFormat.line(WindowWord.clear)
        case .command(.undo): RecordingFormat.line(WindowWord.undo)
        case let .command(.scene(scene)): RecordingFormat.line(WindowWord.scene, scene.rawValue)
        case let .command(.palmRejection(on)): RecordingFormat.line(WindowWord.palmRejection, on ? "on" : "off")
        case let .command(.flashArea(area)): RecordingFormat.line(WindowWord.flashArea, area.rawValue)
        case let .tabletToolAdded(_, tool, description):
            RecordingFormat.line(SeatWord.toolAdded, String(tool.raw), description.type.rawValue,
                                 optional(description.hardwareSerial), optional(description.hardwareIDWacom),
                                 RecordingFormat.capabilities(description.capabilities))
        case let .tabletTool(_, tool, event): toolLine(event, tool: tool)
        case let .tabletToolRemoved(_, tool): RecordingFormat.line(SeatWord.toolRemoved, String(tool.raw))
        case let .tabletRemoved(_, tablet): RecordingFormat.line(SeatWord.tabletRemoved, String(tablet.raw))
        case let .tabletToolProximityInForeignSurface(_, tool):
            RecordingFormat.line(SeatWord.toolForeignProximityIn, String(tool.raw))
        case let .touchpad(_, gesture): touchpadLine(gesture)
        case let .displayFrame(milliseconds):
            if let milliseconds, milliseconds.isFinite {
                RecordingFormat.line(WindowWord.displayFrame, RecordingFormat.number(
                    min(max(milliseconds, RecordingFormat.predictionMilliseconds.lowerBound),
                        RecordingFormat.predictionMilliseconds.upperBound)))
            } else {
                RecordingFormat.line(WindowWord.displayFrame)
            }
        }
        return seat + " " + body
    }

    /// A `wl_touch` event's line body; its compositor timestamp is not written.
    private static func touchLine(_ touch: RawTouchInput) -> String {
        switch touch {
        case let .down(id, _, p): RecordingFormat.line(SeatWord.down, String(id), coordinate(p.x), coordinate(p.y))
        case let .motion(id, _, p): RecordingFormat.line(SeatWord.motion, String(id), coordinate(p.x), coordinate(p.y))
        case let .up(id, _): RecordingFormat.line(SeatWord.up, String(id))
        case let .shape(id, major, minor): RecordingFormat.line(SeatWord.shape, String(id), coordinate(major), coordinate(minor))
        case let .orientation(id, degrees): RecordingFormat.line(SeatWord.orientation, String(id), coordinate(degrees))
        case .frame: RecordingFormat.line(SeatWord.frame)
        case .cancel: RecordingFormat.line(SeatWord.cancel)
        }
    }

    private static func pointerLine(_ pointer: RawPointerInput) -> String {
        switch pointer {
        case let .enter(p): RecordingFormat.line(SeatWord.pointerEnter, coordinate(p.x), coordinate(p.y))
        case let .motion(_, p): RecordingFormat.line(SeatWord.pointerMotion, coordinate(p.x), coordinate(p.y))
        case let .button(_, button, pressed): RecordingFormat.line(SeatWord.pointerButton, String(button), pressed ? "pressed" : "released")
        case .leave: RecordingFormat.line(SeatWord.pointerLeave)
        case .frame: RecordingFormat.line(SeatWord.pointerFrame)
        }
    }

    private static func toolLine(_ event: RawTabletToolInput, tool: TabletToolID) -> String {
        let tool = String(tool.raw)
        return switch event {
        case let .proximityIn(tablet): RecordingFormat.line(SeatWord.toolProximityIn, tool, String(tablet.raw))
        case .proximityOut: RecordingFormat.line(SeatWord.toolProximityOut, tool)
        case .down: RecordingFormat.line(SeatWord.toolDown, tool)
        case .up: RecordingFormat.line(SeatWord.toolUp, tool)
        case let .motion(p): RecordingFormat.line(SeatWord.toolMotion, tool, coordinate(p.x), coordinate(p.y))
        case let .pressure(value): RecordingFormat.line(SeatWord.toolPressure, tool, String(value))
        case let .distance(value): RecordingFormat.line(SeatWord.toolDistance, tool, String(value))
        case let .tilt(x, y): RecordingFormat.line(SeatWord.toolTilt, tool, coordinate(x), coordinate(y))
        case let .rotation(degrees): RecordingFormat.line(SeatWord.toolRotation, tool, coordinate(degrees))
        case let .button(code, pressed): RecordingFormat.line(SeatWord.toolButton, tool, String(code), pressed ? "pressed" : "released")
        case .frame: RecordingFormat.line(SeatWord.toolFrame, tool)
        }
    }

    /// A hardware number, or `-` when the compositor sent none.
    private static func optional(_ value: UInt64?) -> String {
        value.map { String($0) } ?? "-"
    }

    /// A `wl_fixed` value as written: exact, or clamped to what a `wl_fixed` holds (NaN as 0).
    static func coordinate(_ value: Double) -> String {
        let limit = RecordingFormat.fixedMagnitude
        return RecordingFormat.number(value.isNaN ? 0 : min(max(value, -limit), limit))
    }
}
