import Wayland

/// Tablet events as `WireEvent`s for `--log raw`: names and arguments as in
/// tablet-unstable-v2.xml, with the object's announcement number first so two tools (or two
/// tablets) can be told apart.
extension TabletSeat {
    static func wire(_ event: ZwpTabletV2.Event, tablet: Int) -> WireEvent {
        let who: (String, WireEvent.Value) = ("tablet", .int(Int64(tablet)))
        return switch event {
        case .name(let name): WireEvent("zwp_tablet_v2", "name", [who, ("name", .string(name))])
        case .id(let vid, let pid): WireEvent("zwp_tablet_v2", "id", [who, ("vid", .int(Int64(vid))), ("pid", .int(Int64(pid)))])
        case .path(let path): WireEvent("zwp_tablet_v2", "path", [who, ("path", .string(path))])
        case .done: WireEvent("zwp_tablet_v2", "done", [who])
        case .removed: WireEvent("zwp_tablet_v2", "removed", [who])
        }
    }

    func wire(_ event: ZwpTabletToolV2.Event, tool: Int) -> WireEvent {
        let who: (String, WireEvent.Value) = ("tool", .int(Int64(tool)))
        func int<T: BinaryInteger>(_ value: T) -> WireEvent.Value { .int(Int64(value)) }
        return switch event {
        case .type(let type): WireEvent("zwp_tablet_tool_v2", "type", [who, ("tool_type", .string(Self.name(type)))])
        case .hardwareSerial(let hi, let lo):
            WireEvent("zwp_tablet_tool_v2", "hardware_serial", [who, ("hardware_serial_hi", int(hi)), ("hardware_serial_lo", int(lo))])
        case .hardwareIdWacom(let hi, let lo):
            WireEvent("zwp_tablet_tool_v2", "hardware_id_wacom", [who, ("hardware_id_hi", int(hi)), ("hardware_id_lo", int(lo))])
        case .capability(let capability):
            WireEvent("zwp_tablet_tool_v2", "capability", [who, ("capability", .string(Self.name(capability)))])
        case .done: WireEvent("zwp_tablet_tool_v2", "done", [who])
        case .removed: WireEvent("zwp_tablet_tool_v2", "removed", [who])
        case .proximityIn(let serial, let tablet, let surface):
            WireEvent("zwp_tablet_tool_v2", "proximity_in",
                      [who, ("serial", int(serial)), ("tablet", int(number(of: tablet))), ("surface", InputSurface.wireValue(surface, classify: classify))])
        case .proximityOut: WireEvent("zwp_tablet_tool_v2", "proximity_out", [who])
        case .down(let serial): WireEvent("zwp_tablet_tool_v2", "down", [who, ("serial", int(serial))])
        case .up: WireEvent("zwp_tablet_tool_v2", "up", [who])
        case .motion(let x, let y): WireEvent("zwp_tablet_tool_v2", "motion", [who, ("x", .number(x)), ("y", .number(y))])
        case .pressure(let pressure): WireEvent("zwp_tablet_tool_v2", "pressure", [who, ("pressure", int(pressure))])
        case .distance(let distance): WireEvent("zwp_tablet_tool_v2", "distance", [who, ("distance", int(distance))])
        case .tilt(let x, let y): WireEvent("zwp_tablet_tool_v2", "tilt", [who, ("tilt_x", .number(x)), ("tilt_y", .number(y))])
        case .rotation(let degrees): WireEvent("zwp_tablet_tool_v2", "rotation", [who, ("degrees", .number(degrees))])
        case .slider(let position): WireEvent("zwp_tablet_tool_v2", "slider", [who, ("position", int(position))])
        case .wheel(let degrees, let clicks):
            WireEvent("zwp_tablet_tool_v2", "wheel", [who, ("degrees", .number(degrees)), ("clicks", int(clicks))])
        case .button(let serial, let button, let state):
            WireEvent("zwp_tablet_tool_v2", "button", [
                who, ("serial", int(serial)), ("button", int(button)), ("state", .string(state == .pressed ? "pressed" : "released")),
            ])
        case .frame(let time): WireEvent("zwp_tablet_tool_v2", "frame", [who, ("time", int(time))])
        }
    }

    func wire(_ event: ZwpTabletPadV2.Event, pad: Int) -> WireEvent {
        let who: (String, WireEvent.Value) = ("pad", .int(Int64(pad)))
        return switch event {
        case .group: WireEvent("zwp_tablet_pad_v2", "group", [who])
        case .path(let path): WireEvent("zwp_tablet_pad_v2", "path", [who, ("path", .string(path))])
        case .buttons(let count): WireEvent("zwp_tablet_pad_v2", "buttons", [who, ("buttons", .int(Int64(count)))])
        case .done: WireEvent("zwp_tablet_pad_v2", "done", [who])
        case .button(let time, let button, let state):
            WireEvent("zwp_tablet_pad_v2", "button", [
                who, ("time", .int(Int64(time))), ("button", .int(Int64(button))),
                ("state", .string(state == .pressed ? "pressed" : "released")),
            ])
        case .enter(let serial, let tablet, let surface):
            WireEvent("zwp_tablet_pad_v2", "enter",
                      [who, ("serial", .int(Int64(serial))), ("tablet", .int(Int64(number(of: tablet)))), ("surface", InputSurface.wireValue(surface, classify: classify))])
        case .leave(let serial, let surface):
            WireEvent("zwp_tablet_pad_v2", "leave", [who, ("serial", .int(Int64(serial))), ("surface", InputSurface.wireValue(surface, classify: classify))])
        case .removed: WireEvent("zwp_tablet_pad_v2", "removed", [who])
        }
    }

    static func name(_ type: ZwpTabletToolV2.Type_) -> String {
        switch type {
        case .pen: "pen"
        case .eraser: "eraser"
        case .brush: "brush"
        case .pencil: "pencil"
        case .airbrush: "airbrush"
        case .finger: "finger"
        case .mouse: "mouse"
        case .lens: "lens"
        default: "unknown \(type.rawValue)"
        }
    }

    static func name(_ capability: ZwpTabletToolV2.Capability) -> String {
        switch capability {
        case .tilt: "tilt"
        case .pressure: "pressure"
        case .distance: "distance"
        case .rotation: "rotation"
        case .slider: "slider"
        case .wheel: "wheel"
        default: "unknown \(capability.rawValue)"
        }
    }
}
