import ScriptedCompositor
import Wayland

/// A tablet seat of the test client that keeps every object the compositor announces (a proxy
/// dropped would be destroyed) and writes down every event, one line each, naming objects by
/// their order of announcement: `tablet0`, `tool1`, `pad0`.
@MainActor
final class TabletRecorder {
    let manager: ZwpTabletManagerV2
    let seat: WlSeat
    let tabletSeat: ZwpTabletSeatV2
    private(set) var tablets: [ZwpTabletV2] = []
    private(set) var tools: [ZwpTabletToolV2] = []
    private(set) var pads: [ZwpTabletPadV2] = []
    private(set) var groups: [ZwpTabletPadGroupV2] = []
    private(set) var events: [String] = []
    /// The serials of proximity_in, down and button, in order.
    private(set) var serials: [UInt32] = []
    /// The times of frames, in order.
    private(set) var times: [UInt32] = []

    /// `name(surface)` labels the surface of a `proximity_in` (e.g. "window"). A second recorder
    /// on the same client passes the first one's `manager` or `seat` to share them.
    init(_ client: TestClient, manager: ZwpTabletManagerV2? = nil, seat: WlSeat? = nil,
         name: @escaping (WlSurface?) -> String? = { _ in nil }) throws {
        guard let manager = manager ?? client.bind(ZwpTabletManagerV2.self, version: 1),
              let seat = seat ?? client.bind(WlSeat.self, version: 8),
              let tabletSeat = manager.getTabletSeat(seat: seat) else { throw TestFailure("no tablet seat") }
        self.manager = manager
        self.seat = seat
        self.tabletSeat = tabletSeat
        tabletSeat.onEvent = { [unowned self] event in
            switch event {
            case .tabletAdded(let tablet?): watch(tablet)
            case .toolAdded(let tool?): watch(tool, name: name)
            case .padAdded(let pad?): watch(pad)
            default: events.append("added nil")
            }
        }
    }

    func clear() {
        events.removeAll()
        serials.removeAll()
        times.removeAll()
    }

    private func label(_ tablet: ZwpTabletV2?) -> String {
        tablet.flatMap { t in tablets.firstIndex { $0 === t } }.map { "tablet\($0)" } ?? "unknown tablet"
    }

    private func watch(_ tablet: ZwpTabletV2) {
        let label = "tablet\(tablets.count)"
        tablets.append(tablet)
        events.append("\(label) added")
        tablet.onEvent = { [unowned self] event in
            switch event {
            case .name(let name): events.append("\(label) name \(name)")
            case .id(let vid, let pid): events.append("\(label) id \(vid) \(pid)")
            case .path(let path): events.append("\(label) path \(path)")
            case .done: events.append("\(label) done")
            case .removed: events.append("\(label) removed")
            }
        }
    }

    private func watch(_ tool: ZwpTabletToolV2, name: @escaping (WlSurface?) -> String?) {
        let label = "tool\(tools.count)"
        tools.append(tool)
        events.append("\(label) added")
        tool.onEvent = { [unowned self] event in
            let line: String
            switch event {
            case .type(let type): line = "type \(type.rawValue)"
            case .hardwareSerial(let hi, let lo): line = "serial \(hi) \(lo)"
            case .hardwareIdWacom(let hi, let lo): line = "wacom \(hi) \(lo)"
            case .capability(let capability): line = "capability \(capability.rawValue)"
            case .done: line = "done"
            case .removed: line = "removed"
            case .proximityIn(let serial, let tablet, let surface):
                serials.append(serial)
                line = "proximity_in \(self.label(tablet)) \(name(surface) ?? surface.map { "wl_surface@\($0.id)" } ?? "nil")"
            case .proximityOut: line = "proximity_out"
            case .down(let serial):
                serials.append(serial)
                line = "down"
            case .up: line = "up"
            case .motion(let x, let y): line = "motion \(x) \(y)"
            case .pressure(let pressure): line = "pressure \(pressure)"
            case .distance(let distance): line = "distance \(distance)"
            case .tilt(let x, let y): line = "tilt \(x) \(y)"
            case .rotation(let degrees): line = "rotation \(degrees)"
            case .slider(let position): line = "slider \(position)"
            case .wheel(let degrees, let clicks): line = "wheel \(degrees) \(clicks)"
            case .button(let serial, let button, let state):
                serials.append(serial)
                line = "button \(button) \(state == .pressed ? "pressed" : "released")"
            case .frame(let time):
                times.append(time)
                line = "frame"
            }
            events.append("\(label) \(line)")
        }
    }

    private func watch(_ pad: ZwpTabletPadV2) {
        let label = "pad\(pads.count)"
        pads.append(pad)
        events.append("\(label) added")
        pad.onEvent = { [unowned self] event in
            switch event {
            case .group(let group?):
                groups.append(group)
                events.append("\(label) group")
                group.onEvent = { [unowned self] event in
                    switch event {
                    case .buttons(let bytes):
                        let count = bytes.count / 4
                        events.append("\(label) group buttons \(count)")
                    case .done: events.append("\(label) group done")
                    default: events.append("\(label) group other")
                    }
                }
            case .path(let path): events.append("\(label) path \(path)")
            case .buttons(let buttons): events.append("\(label) buttons \(buttons)")
            case .done: events.append("\(label) done")
            case .removed: events.append("\(label) removed")
            default: events.append("\(label) other")
            }
        }
    }
}
