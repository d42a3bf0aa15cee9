import TouchCanvasApp
import TouchKit
import Wayland

/// Pen events, from tablet-v2 to the session: a tool's description once announced, its events
/// as `RawTabletToolInput`, grouped by its `frame` in TouchKit as fingers are.
///
/// A pen over the app's own frame or libdecor's is not the canvas's: its events are dropped
/// until it leaves. Over someone else's surface it is reported (an anomaly) and TouchKit
/// ignores it until its next proximity.
extension AppController {
    func connectTablets(_ seats: SeatsAndOutputs) {
        seats.onTabletToolEvent = { [unowned self] tablets, tool, event in toolEvent(event, tool: tool, on: tablets) }
        seats.onTabletRemoved = { [unowned self] seat, number in session.tabletRemoved(TabletID(UInt32(number)), seat: seat) }
        seats.onTabletAdded = { [unowned self] in check?.tabletPresent() }
    }

    private func toolEvent(_ event: ZwpTabletToolV2.Event, tool: TabletSeat.Tool, on tablets: TabletSeat) {
        let id = TabletToolID(UInt32(tool.number)), seat = tablets.seat
        switch event {
        case .done:
            session.tabletToolAdded(id, description: Self.description(of: tool), seat: seat)
            return
        case .removed:
            toolsOffCanvas.remove(id)
            session.tabletToolRemoved(id, seat: seat)
            return
        case .proximityIn(_, let tablet, let surface):
            switch tablets.surfaceKind(surface) {
            case .canvas:
                toolsOffCanvas.remove(id)
                pacer?.inputArrived()
                session.handle(.proximityIn(tablet: TabletID(UInt32(tablets.number(of: tablet)))), tool: id, seat: seat)
            case .foreign:
                toolsOffCanvas.remove(id)
                session.tabletToolProximityInForeignSurface(id, seat: seat)
            case .frame, .decoration:
                toolsOffCanvas.insert(id)
            }
            return
        case .proximityOut where toolsOffCanvas.contains(id):
            toolsOffCanvas.remove(id)
            return
        default:
            guard !toolsOffCanvas.contains(id), let input = Self.input(event) else { return }
            // tablet-v2 stamps only the frame that closes a tool's events: earlier ones are
            // timed when that frame comes (no zwp_input_timestamps for tablets).
            if case .frame(let time) = input { pacer?.inputArrived(InputEventTime(milliseconds: time), whole: true) }
            session.handle(input, tool: id, seat: seat)
            if case .down = input { deadlines.schedule(.stuckCheck, after: Deadlines.stuckCheckInterval) }
        }
    }

    /// The protocol's event as TouchKit's; nil for what TouchKit does not model (slider, wheel)
    /// and for the description events.
    static func input(_ event: ZwpTabletToolV2.Event) -> RawTabletToolInput? {
        switch event {
        case .proximityOut: .proximityOut
        case .down: .down
        case .up: .up
        case .motion(let x, let y): .motion(location: Point(x: x, y: y))
        case .pressure(let pressure): .pressure(pressure)
        case .distance(let distance): .distance(distance)
        case .tilt(let x, let y): .tilt(x: x, y: y)
        case .rotation(let degrees): .rotation(degrees)
        case .button(_, let button, let state): .button(code: button, pressed: state == .pressed)
        case .frame(let time): .frame(time: time)
        default: nil
        }
    }

    static func description(of tool: TabletSeat.Tool) -> TabletToolDescription {
        let types: [(ZwpTabletToolV2.Type_, TabletToolType)] = [
            (.pen, .pen), (.eraser, .eraser), (.brush, .brush), (.pencil, .pencil), (.airbrush, .airbrush),
            (.finger, .finger), (.mouse, .mouse), (.lens, .lens),
        ]
        // An unknown type (a newer protocol's) draws as a pen.
        let type = types.first { $0.0 == tool.type }?.1 ?? .pen
        var capabilities = Set<TabletToolCapability>()
        let known: [(ZwpTabletToolV2.Capability, TabletToolCapability)] = [
            (.tilt, .tilt), (.pressure, .pressure), (.distance, .distance), (.rotation, .rotation),
            (.slider, .slider), (.wheel, .wheel),
        ]
        for (wire, capability) in known where tool.capabilities.contains(wire) { capabilities.insert(capability) }
        return TabletToolDescription(type: type, hardwareSerial: tool.hardwareSerial, hardwareIDWacom: tool.hardwareIDWacom,
                                     capabilities: capabilities)
    }
}
