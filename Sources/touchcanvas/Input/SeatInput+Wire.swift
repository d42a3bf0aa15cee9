import Wayland

/// The generated event enums as `WireEvent`s: names and argument names as in wayland.xml, so a
/// raw log reads like `WAYLAND_DEBUG` output grouped per seat.
extension SeatInput {
    static func wire(_ event: WlSeat.Event) -> WireEvent {
        switch event {
        case .capabilities(let caps):
            var names: [String] = []
            if caps.contains(.pointer) { names.append("pointer") }
            if caps.contains(.keyboard) { names.append("keyboard") }
            if caps.contains(.touch) { names.append("touch") }
            return WireEvent("wl_seat", "capabilities", [("capabilities", .string(names.joined(separator: ",")))])
        case .name(let name):
            return WireEvent("wl_seat", "name", [("name", .string(name))])
        }
    }

    func wire(_ event: WlTouch.Event) -> WireEvent {
        switch event {
        case .down(let serial, let time, let surface, let id, let x, let y):
            return WireEvent("wl_touch", "down", [
                ("serial", .int(Int64(serial))), ("time", .int(Int64(time))), ("surface", surfaceValue(surface)),
                ("id", .int(Int64(id))), ("x", .number(x)), ("y", .number(y)),
            ])
        case .up(let serial, let time, let id):
            return WireEvent("wl_touch", "up", [("serial", .int(Int64(serial))), ("time", .int(Int64(time))), ("id", .int(Int64(id)))])
        case .motion(let time, let id, let x, let y):
            return WireEvent("wl_touch", "motion", [
                ("time", .int(Int64(time))), ("id", .int(Int64(id))), ("x", .number(x)), ("y", .number(y)),
            ])
        case .frame:
            return WireEvent("wl_touch", "frame")
        case .cancel:
            return WireEvent("wl_touch", "cancel")
        case .shape(let id, let major, let minor):
            return WireEvent("wl_touch", "shape", [("id", .int(Int64(id))), ("major", .number(major)), ("minor", .number(minor))])
        case .orientation(let id, let orientation):
            return WireEvent("wl_touch", "orientation", [("id", .int(Int64(id))), ("orientation", .number(orientation))])
        }
    }

    func wire(_ event: WlPointer.Event) -> WireEvent {
        switch event {
        case .enter(let serial, let surface, let x, let y):
            return WireEvent("wl_pointer", "enter", [
                ("serial", .int(Int64(serial))), ("surface", surfaceValue(surface)), ("x", .number(x)), ("y", .number(y)),
            ])
        case .leave(let serial, let surface):
            return WireEvent("wl_pointer", "leave", [("serial", .int(Int64(serial))), ("surface", surfaceValue(surface))])
        case .motion(let time, let x, let y):
            return WireEvent("wl_pointer", "motion", [("time", .int(Int64(time))), ("x", .number(x)), ("y", .number(y))])
        case .button(let serial, let time, let button, let state):
            return WireEvent("wl_pointer", "button", [
                ("serial", .int(Int64(serial))), ("time", .int(Int64(time))), ("button", .int(Int64(button))),
                ("state", .string(state == .pressed ? "pressed" : "released")),
            ])
        case .axis(let time, let axis, let value):
            return WireEvent("wl_pointer", "axis", [("time", .int(Int64(time))), ("axis", .string(Self.name(axis))), ("value", .number(value))])
        case .frame:
            return WireEvent("wl_pointer", "frame")
        case .axisSource(let source):
            return WireEvent("wl_pointer", "axis_source", [("axis_source", .int(Int64(source.rawValue)))])
        case .axisStop(let time, let axis):
            return WireEvent("wl_pointer", "axis_stop", [("time", .int(Int64(time))), ("axis", .string(Self.name(axis)))])
        case .axisDiscrete(let axis, let discrete):
            return WireEvent("wl_pointer", "axis_discrete", [("axis", .string(Self.name(axis))), ("discrete", .int(Int64(discrete)))])
        case .axisValue120(let axis, let value):
            return WireEvent("wl_pointer", "axis_value120", [("axis", .string(Self.name(axis))), ("value120", .int(Int64(value)))])
        }
    }

    private static func name(_ axis: WlPointer.Axis) -> String {
        axis == .verticalScroll ? "vertical_scroll" : axis == .horizontalScroll ? "horizontal_scroll" : "\(axis.rawValue)"
    }

    func surfaceValue(_ surface: WlSurface?) -> WireEvent.Value { InputSurface.wireValue(surface, classify: classify) }
}
