#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TouchCanvasApp
import TouchKit

/// The pen's lines (format version 3): a tool announced or removed, a tablet removed, a
/// proximity over another surface, and each `zwp_tablet_tool_v2` event.
extension LineParser {
    /// The pen's lines (format version 3), or `nil` when `kind` is none of them.
    func tabletEvent(_ kind: Substring, _ arguments: [Substring], seat: SeatID) throws(RecordingError) -> RecordedEvent? {
        guard kind.hasPrefix("tool-") || kind == "tablet-removed" else { return nil }
        func toolEvent(_ count: Int, _ form: String, _ make: () throws(RecordingError) -> RecordedTabletTool) throws(RecordingError) -> RecordedEvent {
            try expect(arguments, count: count, form)
            let tool = try toolID(arguments[0])
            return .tabletTool(seat: seat, tool: tool, try make())
        }
        let event: RecordedEvent
        switch kind {
        case "tool-added":
            try expect(arguments, count: 5, "tool-added TOOL TYPE SERIAL WACOM-ID AXES")
            let tool = try toolID(arguments[0])
            guard let type = TabletToolType(rawValue: String(arguments[1])) else {
                throw error("unknown tool type '\(Self.clipped(arguments[1]))' (expected one of \(TabletToolType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let description = TabletToolDescription(
                type: type, hardwareSerial: try hardwareNumber(arguments[2], "hardware serial"),
                hardwareIDWacom: try hardwareNumber(arguments[3], "wacom id"),
                capabilities: try capabilities(arguments[4]))
            event = .tabletToolAdded(seat: seat, tool: tool, description)
        case "tool-proximity-in":
            event = try toolEvent(2, "tool-proximity-in TOOL TABLET") { () throws(RecordingError) in
                .proximityIn(tablet: try tabletID(arguments[1]))
            }
        case "tool-proximity-out": event = try toolEvent(1, "tool-proximity-out TOOL") { .proximityOut }
        case "tool-down": event = try toolEvent(1, "tool-down TOOL") { .down }
        case "tool-up": event = try toolEvent(1, "tool-up TOOL") { .up }
        case "tool-frame": event = try toolEvent(1, "tool-frame TOOL") { .frame }
        case "tool-motion":
            event = try toolEvent(3, "tool-motion TOOL X Y") { () throws(RecordingError) in
                .motion(location: try point(arguments[1], arguments[2]))
            }
        case "tool-pressure":
            event = try toolEvent(2, "tool-pressure TOOL N") { () throws(RecordingError) in
                .pressure(try axisValue(arguments[1], "pressure"))
            }
        case "tool-distance":
            event = try toolEvent(2, "tool-distance TOOL N") { () throws(RecordingError) in
                .distance(try axisValue(arguments[1], "distance"))
            }
        case "tool-tilt":
            event = try toolEvent(3, "tool-tilt TOOL X Y") { () throws(RecordingError) in
                .tilt(x: try fixed(arguments[1], "tilt x"), y: try fixed(arguments[2], "tilt y"))
            }
        case "tool-rotation":
            event = try toolEvent(2, "tool-rotation TOOL DEGREES") { () throws(RecordingError) in
                .rotation(try fixed(arguments[1], "rotation"))
            }
        case "tool-button":
            event = try toolEvent(3, "tool-button TOOL BUTTON pressed|released") { () throws(RecordingError) in
                guard let code = UInt32(arguments[1]) else {
                    throw error("button '\(Self.clipped(arguments[1]))' is not an integer 0…\(UInt32.max)")
                }
                return .button(code: code, pressed: try pressedState(arguments[2]))
            }
        case "tool-removed":
            try expect(arguments, count: 1, "tool-removed TOOL")
            event = .tabletToolRemoved(seat: seat, tool: try toolID(arguments[0]))
        case "tool-foreign-proximity-in":
            try expect(arguments, count: 1, "tool-foreign-proximity-in TOOL")
            event = .tabletToolProximityInForeignSurface(seat: seat, tool: try toolID(arguments[0]))
        case "tablet-removed":
            try expect(arguments, count: 1, "tablet-removed TABLET")
            event = .tabletRemoved(seat: seat, tablet: try tabletID(arguments[0]))
        default:
            return nil
        }
        // Checked after the line reads, so a misspelt pen line in an old file is still called
        // unknown rather than blamed on the version.
        guard let version, version >= 3 else {
            throw error("'\(kind)' is an event of format version 3; this file says version \(version ?? 1)")
        }
        return event
    }
}
