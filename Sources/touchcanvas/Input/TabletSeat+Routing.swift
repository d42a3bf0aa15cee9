import TouchCanvasApp
import TouchKit
import Wayland

/// Where one tablet tool is while in proximity: the surface its `proximity_in` named (its
/// later events name none, so they follow it), the part of our chrome for a pen over it, and
/// the serial of its tip's `down` there, which a move or resize it starts must quote.
struct ToolRoute {
    let surface: InputSurface
    let part: ChromePart?
    var downSerial: UInt32?
}

/// A tool's events, sorted by surface as ``SeatInput`` sorts a finger's: the content's go to
/// the sink as the pen's input, the chrome's as the chrome's (a pen works the title bar, the
/// edges and the buttons as a finger does), libdecor's are dropped (libdecor has them), and a
/// proximity over someone else's surface is reported, after which TouchKit ignores the tool
/// until it comes back.
extension TabletSeat {
    func route(_ event: ZwpTabletToolV2.Event, of tool: Tool) {
        guard let sink else { return }
        let id = TabletToolID(UInt32(tool.number))
        switch event {
        case .done:
            sink.seat(seat, toolAdded: id, description: Self.description(of: tool))
        case .removed:
            if routes.removeValue(forKey: tool.number)?.surface == .chrome {
                sink.seat(seat, chromeTool: id, input: .proximityOut)
            }
            sink.seat(seat, toolRemoved: id)
        case .proximityIn(_, let tablet, let surface):
            let target = classify(surface)
            routes[tool.number] = ToolRoute(surface: target, part: target == .chrome ? chromePart(surface) : nil)
            let input = RawTabletToolInput.proximityIn(tablet: TabletID(UInt32(number(of: tablet))))
            switch target {
            case .content: sink.seat(seat, tool: id, input: input, at: nil)
            case .chrome: sink.seat(seat, chromeTool: id, input: input)
            case .foreign: sink.seat(seat, toolOverForeignSurface: id)
            case .decoration: break
            }
        default:
            guard var input = Self.input(event) else { return }
            let route = routes[tool.number]
            switch event {
            case .down(let serial): routes[tool.number]?.downSerial = serial
            case .up: routes[tool.number]?.downSerial = nil
            case .proximityOut: routes[tool.number] = nil
            default: break
            }
            switch route?.surface {
            case .chrome?:
                if case .motion(let location) = input, let part = route?.part {
                    input = .motion(location: chromePoint(location, part))
                }
                sink.seat(seat, chromeTool: id, input: input)
            case .decoration?:
                return
            case .content?, .foreign?, nil:
                // A tool never in proximity here, or over another surface, still reaches TouchKit:
                // it reports the first and ignores the second.
                // tablet-v2 stamps only the frame that closes a tool's events.
                let time: InputEventTime? = if case .frame(let ms) = input { InputEventTime(milliseconds: ms) } else { nil }
                sink.seat(seat, tool: id, input: input, at: time)
            }
        }
    }

    /// The serial of the tip's `down` of the tool numbered `tool`, while it is down on our chrome
    /// or content: what an interactive move or resize it started must quote.
    func downSerial(forTool tool: TabletToolID) -> UInt32? { routes[Int(tool.raw)]?.downSerial }

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

    /// What the tool announced, in TouchKit's words.
    static func description(of tool: Tool) -> TabletToolDescription {
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
