import TouchCanvasApp
import TouchKit

/// The pen's lines (format version 3): a tool announced or removed, a tablet removed, a
/// proximity over another surface, and each `zwp_tablet_tool_v2` event.
extension LineParser {
    /// A pen's line, its version and field count already checked against the table.
    func tabletEvent(_ word: SeatWord, _ arguments: [Substring], seat: SeatID) throws(RecordingError) -> RecordedEvent {
        func tool(_ event: RawTabletToolInput) throws(RecordingError) -> RecordedEvent {
            .tabletTool(seat: seat, tool: try toolID(arguments[0]), event)
        }
        switch word {
        case .toolAdded:
            let tool = try toolID(arguments[0])
            guard let type = TabletToolType(rawValue: String(arguments[1])) else {
                throw error("unknown tool type '\(Self.clipped(arguments[1]))' (expected one of \(TabletToolType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let description = TabletToolDescription(
                type: type, hardwareSerial: try hardwareNumber(arguments[2], "hardware serial"),
                hardwareIDWacom: try hardwareNumber(arguments[3], "wacom id"),
                capabilities: try capabilities(arguments[4]))
            return .tabletToolAdded(seat: seat, tool: tool, description)
        case .toolProximityIn: return try tool(.proximityIn(tablet: try tabletID(arguments[1])))
        case .toolProximityOut: return try tool(.proximityOut)
        case .toolDown: return try tool(.down)
        case .toolUp: return try tool(.up)
        case .toolFrame: return try tool(.frame(time: 0))
        case .toolMotion: return try tool(.motion(location: try point(arguments[1], arguments[2])))
        case .toolPressure: return try tool(.pressure(try unsigned(arguments[1], "pressure")))
        case .toolDistance: return try tool(.distance(try unsigned(arguments[1], "distance")))
        case .toolTilt: return try tool(.tilt(x: try fixed(arguments[1], "tilt x"), y: try fixed(arguments[2], "tilt y")))
        case .toolRotation: return try tool(.rotation(try fixed(arguments[1], "rotation")))
        case .toolButton:
            return try tool(.button(code: try unsigned(arguments[1], "button"), pressed: try pressedState(arguments[2])))
        case .toolRemoved: return .tabletToolRemoved(seat: seat, tool: try toolID(arguments[0]))
        case .toolForeignProximityIn: return .tabletToolProximityInForeignSurface(seat: seat, tool: try toolID(arguments[0]))
        case .tabletRemoved: return .tabletRemoved(seat: seat, tablet: try tabletID(arguments[0]))
        default:
            throw error("'\(word.rawValue)' is not a pen's line")
        }
    }
}
