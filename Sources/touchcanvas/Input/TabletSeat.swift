import TouchCanvasApp
import TouchKit
import Wayland

/// A seat's tablets, tools and pads (`zwp_tablet_seat_v2`), as the compositor announces them.
///
/// Each object is numbered in the order it was announced (one count for all seats), so logs can
/// tell two pens apart; its description (name, ids, type, serial, capabilities) is kept once
/// its `done` came. Pads are bound and logged; their buttons, rings and strips do nothing yet.
/// Tool events are sorted by the surface the tool is over and go to the seat's sink as
/// TouchKit's `RawTabletToolInput`, as ``SeatInput`` does for fingers (TabletSeat+Routing.swift);
/// every event goes to the raw log when one is wanted.
@MainActor
final class TabletSeat {
    struct Tablet {
        let number: Int
        let proxy: ZwpTabletV2
        var name = ""
        var id: (vid: UInt32, pid: UInt32)?
        var paths: [String] = []
        var isDone = false

        /// Takes what the tablet says of itself; `done` and `removed` are the owner's to handle.
        mutating func note(_ event: ZwpTabletV2.Event) {
            switch event {
            case .name(let name): self.name = name
            case .id(let vid, let pid): id = (vid, pid)
            case .path(let path): paths.append(path)
            default: break
            }
        }
    }

    struct Tool {
        let number: Int
        let proxy: ZwpTabletToolV2
        var type: ZwpTabletToolV2.Type_?
        var hardwareSerial: UInt64?
        var hardwareIDWacom: UInt64?
        var capabilities: Set<ZwpTabletToolV2.Capability> = []
        var isDone = false

        /// Takes what the tool says of itself, before its `done`; motion and buttons are routed.
        mutating func note(_ event: ZwpTabletToolV2.Event) {
            switch event {
            case .type(let type): self.type = type
            case .hardwareSerial(let hi, let lo): hardwareSerial = UInt64(hi) << 32 | UInt64(lo)
            case .hardwareIdWacom(let hi, let lo): hardwareIDWacom = UInt64(hi) << 32 | UInt64(lo)
            case .capability(let capability): capabilities.insert(capability)
            default: break
            }
        }
    }

    struct Pad {
        let number: Int
        let proxy: ZwpTabletPadV2
        var paths: [String] = []
        var buttons: UInt32 = 0
        var groups: [ZwpTabletPadGroupV2] = []
        var isDone = false

        mutating func note(_ event: ZwpTabletPadV2.Event) {
            switch event {
            case .group(let group?): groups.append(group)  // kept alive with the pad; unused yet
            case .path(let path): paths.append(path)
            case .buttons(let count): buttons = count
            default: break
            }
        }
    }

    let seat: SeatID
    private let tabletSeat: ZwpTabletSeatV2
    private(set) weak var sink: SeatInputSink?
    let classify: (WlSurface?) -> InputSurface
    /// Which part of our chrome a surface is, and a point on it as a point on the chrome.
    let chromePart: (WlSurface?) -> ChromePart?
    let chromePoint: (Point, ChromePart) -> Point
    /// Where each tool in proximity is, by its number: its events follow it there.
    var routes: [Int: ToolRoute] = [:]
    private(set) var tablets: [ObjectIdentifier: Tablet] = [:]
    private(set) var tools: [ObjectIdentifier: Tool] = [:]
    private(set) var pads: [ObjectIdentifier: Pad] = [:]
    /// Numbers tablets, tools and pads across every seat of the connection, so a number names
    /// one object wherever it is used (TouchKit, the logs, the check).
    private let numbering: TabletNumbering

    init?(manager: ZwpTabletManagerV2, seat: SeatInput, sink: SeatInputSink, numbering: TabletNumbering) {
        self.numbering = numbering
        guard let tabletSeat = manager.getTabletSeat(seat: seat.seat) else { return nil }
        self.seat = seat.id
        self.tabletSeat = tabletSeat
        self.sink = sink
        classify = seat.classify
        chromePart = seat.chromePart
        chromePoint = seat.chromePoint
        tabletSeat.onEvent = { [unowned self] event in
            switch event {
            case .tabletAdded(let tablet?): added(tablet)
            case .toolAdded(let tool?): added(tool)
            case .padAdded(let pad?): added(pad)
            default: break
            }
        }
    }

    /// The seat went away: what it announced goes with it.
    func remove() {
        for tool in tools.values { tool.proxy.destroy() }
        for tablet in tablets.values { tablet.proxy.destroy() }
        for pad in pads.values { pad.proxy.destroy() }
        tools = [:]
        tablets = [:]
        pads = [:]
        tabletSeat.destroy()
    }

    private func nextNumber() -> Int { numbering.next() }

    private func log(_ event: @autoclosure () -> WireEvent) {
        guard let sink, sink.wantsWireEvents else { return }
        sink.seat(seat, wire: event())
    }

    private func added(_ proxy: ZwpTabletV2) {
        let key = ObjectIdentifier(proxy)
        tablets[key] = Tablet(number: nextNumber(), proxy: proxy)
        log(WireEvent("zwp_tablet_seat_v2", "tablet_added", [("tablet", .int(Int64(tablets[key]?.number ?? 0)))]))
        proxy.onEvent = { [unowned self] event in
            guard var tablet = tablets[key] else { return }
            log(Self.wire(event, tablet: tablet.number))
            tablet.note(event)
            switch event {
            case .done:
                tablet.isDone = true
                tablets[key] = tablet
                sink?.seat(seat, tabletAdded: TabletID(UInt32(tablet.number)))
                return
            case .removed:
                tablets[key] = nil
                tablet.proxy.destroy()
                sink?.seat(seat, tabletRemoved: TabletID(UInt32(tablet.number)))
                return
            default:
                break
            }
            tablets[key] = tablet
        }
    }

    private func added(_ proxy: ZwpTabletToolV2) {
        let key = ObjectIdentifier(proxy)
        tools[key] = Tool(number: nextNumber(), proxy: proxy)
        log(WireEvent("zwp_tablet_seat_v2", "tool_added", [("tool", .int(Int64(tools[key]?.number ?? 0)))]))
        proxy.onEvent = { [unowned self] event in
            guard var tool = tools[key] else { return }
            log(wire(event, tool: tool.number))
            tool.note(event)
            switch event {
            case .done: tool.isDone = true
            case .removed:
                route(event, of: tool)
                tools[key] = nil
                tool.proxy.destroy()
                return
            default:
                break
            }
            tools[key] = tool
            route(event, of: tool)
        }
    }

    private func added(_ proxy: ZwpTabletPadV2) {
        let key = ObjectIdentifier(proxy)
        pads[key] = Pad(number: nextNumber(), proxy: proxy)
        log(WireEvent("zwp_tablet_seat_v2", "pad_added", [("pad", .int(Int64(pads[key]?.number ?? 0)))]))
        proxy.onEvent = { [unowned self] event in
            guard var pad = pads[key] else { return }
            log(wire(event, pad: pad.number))
            pad.note(event)
            switch event {
            case .done: pad.isDone = true
            case .removed:
                pads[key] = nil
                pad.proxy.destroy()
                return
            default:
                break
            }
            pads[key] = pad
        }
    }

    /// The number a tablet proxy was announced with, for the log (0: not ours).
    func number(of tablet: ZwpTabletV2?) -> Int { tablet.flatMap { tablets[ObjectIdentifier($0)]?.number } ?? 0 }
}

/// The numbers tablet objects get, counted once for the whole connection.
@MainActor
final class TabletNumbering {
    private var last = 0

    func next() -> Int {
        last += 1
        return last
    }
}
