import Glibc
import TouchCanvasApp
import Wayland

/// What `touchcanvas report` learns from the compositor without a window or a touch: the
/// globals, and what the seats, outputs, tablets and `wp_presentation` say of themselves once
/// bound. It binds on a connection of its own and lets it go when done, so the guided checks
/// that may follow start as any run of the app does.
@MainActor
final class ReportProbe {
    private let link: CompositorLink
    private var registry: GlobalRegistry { link.registry }
    private var seats: [(global: GlobalRegistry.Global, proxy: WlSeat, name: String, capabilities: WlSeat.Capability)] = []
    private var outputs: [UInt32: KnownOutput] = [:]
    private var presentationClock: UInt32?
    /// Kept bound until the probe ends, so its `clock_id` is heard.
    private var presentation: WpPresentation?
    private var tabletSeats: [ZwpTabletSeatV2] = []
    private var tablets: [(seat: Int, facts: TabletSeat.Tablet)] = []
    private var tools: [(seat: Int, facts: TabletSeat.Tool)] = []
    private var pads: [(seat: Int, facts: TabletSeat.Pad)] = []

    /// Connects (as `WAYLAND_DISPLAY` says), or throws why not.
    init(answerTimeout: Double) throws(AppError) {
        link = try CompositorLink(answerTimeout: answerTimeout)
    }

    /// The globals in the order announced (by their names, which compositors hand out rising).
    private var orderedGlobals: [GlobalRegistry.Global] { registry.globals.values.sorted { $0.name < $1.name } }

    /// Binds what describes itself and waits until it has: seats and outputs answer in the
    /// first roundtrip after binding, tablets announce their tools in the one after.
    func gather() throws(AppError) -> (globals: [GlobalFact], seats: [SeatFact], outputs: [OutputFact],
                                       tablets: [TabletFact], tools: [ToolFact], pads: [PadFact], presentationClock: String?) {
        try link.roundtrip("registry round trip")
        bindEverything()
        for _ in 0..<3 { try link.roundtrip("round trip for the seats', outputs' and tablets' descriptions") }
        let globals = orderedGlobals.map { GlobalFact(interface: $0.interface, version: $0.version) }
        let seatFacts = seats.map { seat in
            let names: [(WlSeat.Capability, String)] = [(.pointer, "pointer"), (.keyboard, "keyboard"), (.touch, "touch")]
            return SeatFact(name: seat.name, capabilities: names.filter { seat.capabilities.contains($0.0) }.map(\.1),
                            version: seat.global.version)
        }
        let seatName = { (index: Int) in index < self.seats.count ? self.seats[index].name : "" }
        return (globals, seatFacts,
                outputs.sorted { $0.key < $1.key }.map { OutputFact($0.value.described) },
                tablets.map { tablet in
                    TabletFact(seat: seatName(tablet.seat), name: tablet.facts.name,
                               usbID: tablet.facts.id.map { TabletFact.usbID(vendor: $0.vid, product: $0.pid) }, paths: tablet.facts.paths)
                },
                tools.map { tool in
                    let description = TabletSeat.description(of: tool.facts)
                    return ToolFact(seat: seatName(tool.seat), type: tool.facts.type == nil ? nil : description.type.rawValue,
                                    hardwareSerial: description.hardwareSerial, hardwareIDWacom: description.hardwareIDWacom,
                                    capabilities: description.capabilities.map(\.rawValue))
                },
                pads.map { PadFact(seat: seatName($0.seat), paths: $0.facts.paths, buttons: $0.facts.buttons) },
                presentationClock.map { FeatureFacts.clockName($0) })
    }

    private func bindEverything() {
        let tabletManager = registry.first("zwp_tablet_manager_v2").flatMap { registry.bind($0, as: ZwpTabletManagerV2.self, wanted: 1) }
        for global in orderedGlobals {
            switch global.interface {
            case "wl_seat":
                guard let proxy = registry.bind(global, as: WlSeat.self, wanted: SeatInput.wantedVersion) else { continue }
                let index = seats.count
                seats.append((global, proxy, "", []))
                proxy.onEvent = { [unowned self] event in
                    switch event {
                    case .capabilities(let caps): seats[index].capabilities = caps
                    case .name(let name): seats[index].name = name
                    }
                }
                if let tabletManager, let tabletSeat = tabletManager.getTabletSeat(seat: proxy) { watch(tabletSeat, seat: index) }
            case "wl_output":
                guard let proxy = registry.bind(global, as: WlOutput.self, wanted: 4) else { continue }
                outputs[global.name] = KnownOutput(output: proxy)
                proxy.onEvent = { [unowned self] event in _ = outputs[global.name]?.note(event) }  // a bad scale is clamped, said by the app
            case "wp_presentation":
                guard let presentation = registry.bind(global, as: WpPresentation.self, wanted: 1) else { continue }
                presentation.onEvent = { [unowned self] event in
                    switch event {
                    case .clockId(let id): presentationClock = id
                    }
                }
                self.presentation = presentation
            default:
                break
            }
        }
    }

    private func watch(_ tabletSeat: ZwpTabletSeatV2, seat: Int) {
        tabletSeats.append(tabletSeat)
        tabletSeat.onEvent = { [unowned self] event in
            switch event {
            case .tabletAdded(let proxy?):
                let index = tablets.count
                tablets.append((seat, TabletSeat.Tablet(number: index, proxy: proxy)))
                proxy.onEvent = { [unowned self] in tablets[index].facts.note($0) }
            case .toolAdded(let proxy?):
                let index = tools.count
                tools.append((seat, TabletSeat.Tool(number: index, proxy: proxy)))
                proxy.onEvent = { [unowned self] in tools[index].facts.note($0) }
            case .padAdded(let proxy?):
                let index = pads.count
                pads.append((seat, TabletSeat.Pad(number: index, proxy: proxy)))
                proxy.onEvent = { [unowned self] in pads[index].facts.note($0) }
            default:
                break
            }
        }
    }
}
