import TouchCanvasApp
import TouchKit
import Wayland

/// The seats and outputs as they come and go: each `wl_seat` gets its input and its cursor,
/// each `wl_output` its scale, which the window's buffer scale follows.
@MainActor
final class SeatsAndOutputs {
    private let registry: GlobalRegistry
    private unowned let sink: SeatInputSink
    private(set) var seats: [UInt32: SeatInput] = [:]
    private var outputs: [UInt32: KnownOutput] = [:]
    /// The outputs' combined logical extent changed (a mode, a scale, an output came or went).
    var onOutputsChanged: (((width: Int, height: Int)?) -> Void)?
    private var window: WaylandWindow?
    private var decorations: WindowDecorations?
    private var cursor: PointerCursor?
    /// Pens: each seat's tablets and tools, where the compositor offers tablet-v2.
    private var tabletManager: ZwpTabletManagerV2?
    /// Nanosecond input times (touch→glass) and touchpad gestures, where offered.
    private var managers = InputManagers()
    private(set) var tabletSeats: [UInt32: TabletSeat] = [:]
    private let tabletNumbering = TabletNumbering()
    /// The cursor names last shown over the frame by each seat's pointer, so a motion that stays
    /// on one part of the frame sets no cursor (an enter always does).
    private var frameCursorNames: [SeatID: [String]] = [:]
    /// Double taps on libdecor's frame, which maximise the window.
    private var decorationTaps: DecorationDoubleTap
    /// A seat went away: what it had in flight is cancelled by whoever holds it.
    var onSeatRemoved: ((SeatID) -> Void)?

    init(registry: GlobalRegistry, sink: SeatInputSink, tapLimits: (interval: Double, distance: Double)) {
        self.registry = registry
        self.sink = sink
        decorationTaps = DecorationDoubleTap(interval: UInt32((tapLimits.interval * 1000).rounded()), distance: tapLimits.distance)
        registry.onAdded = { [unowned self] in globalAdded($0) }
        registry.onRemoved = { [unowned self] in globalRemoved($0) }
    }

    /// Starts binding seats and outputs, once the window they serve exists; those seen before it
    /// are bound now.
    func attach(window: WaylandWindow, decorations: WindowDecorations, cursor: PointerCursor?,
                tabletManager: ZwpTabletManagerV2?, managers: InputManagers) {
        self.window = window
        self.decorations = decorations
        self.cursor = cursor
        self.tabletManager = tabletManager
        self.managers = managers
        for global in registry.globals.values.sorted(by: { $0.name < $1.name }) { globalAdded(global) }
    }

    /// Seats in the order they were announced.
    var ordered: [SeatInput] { seats.values.sorted { $0.id.raw < $1.id.raw } }

    /// The integer scale an output last announced.
    func scale(of output: WlOutput) -> Int32 { outputs.values.first { $0.output === output }?.scale ?? 1 }

    /// The sum of the outputs' logical widths, and of their heights: no window needs more. Nil
    /// while no output has announced its mode.
    var outputsExtent: (width: Int, height: Int)? {
        let sizes = outputs.values.compactMap(\.logicalSize)
        guard !sizes.isEmpty else { return nil }
        return (sizes.reduce(0) { $0 + $1.width }, sizes.reduce(0) { $0 + $1.height })
    }

    /// The app's chrome went away: its cursors with it.
    func forgetFrameCursors() { frameCursorNames = [:] }

    /// The seat and serial of the press behind `touch` (a finger's down, or the mouse button's
    /// press), which a move or resize must quote; nil, with a line saying why, when there is none.
    func pressSerial(for touch: Touch, purpose: String) -> (SeatInput, UInt32)? {
        guard let seat = seats[touch.seat.raw] else {
            printError("\(purpose) for touch \(touch.number): its seat is gone")
            return nil
        }
        let serial: UInt32? = switch touch.type {
        case .direct: seat.downSerial(forTouch: touch.identifier)
        case .pencil: touch.tabletTool.flatMap { tabletSeats[touch.seat.raw]?.downSerial(forTool: $0) }
        case .indirectPointer: seat.lastButtonPressSerial
        }
        guard let serial else {
            printError("\(purpose) for touch \(touch.number): no serial for its press")
            return nil
        }
        return (seat, serial)
    }

    private func globalAdded(_ global: GlobalRegistry.Global) {
        if global.interface == "wl_output" { return outputAdded(global) }
        guard let window else { return }  // seats are bound once the window exists
        switch global.interface {
        case "wl_seat" where seats[global.name] == nil:
            guard let seat = registry.bind(global, as: WlSeat.self, wanted: SeatInput.wantedVersion) else { return }
            let input = makeInput(for: seat, name: global.name, window: window)
            seats[global.name] = input
            if let tabletManager, let tablets = TabletSeat(manager: tabletManager, seat: input, sink: sink, numbering: tabletNumbering) {
                tabletSeats[global.name] = tablets
            }
        default:
            break
        }
    }

    /// Binds an output as soon as it is announced, window or not: `--output` names one before
    /// the window exists. Version 2 brings `scale`, 4 the output's `name` and `description`,
    /// which the HUD and `--output` use; older compositors' outputs are named by make and model.
    private func outputAdded(_ global: GlobalRegistry.Global) {
        guard outputs[global.name] == nil, let output = registry.bind(global, as: WlOutput.self, wanted: 4) else { return }
        outputs[global.name] = KnownOutput(output: output)
        output.onEvent = { [unowned self] event in
            if let complaint = outputs[global.name]?.note(event) { printError(complaint) }
            if case .done = event {
                self.window?.updateScale()
                onOutputsChanged?(outputsExtent)
            }
        }
    }

    /// Every output the compositor announced, in the order it did.
    var outputDescriptions: [(output: WlOutput, description: OutputDescription)] {
        outputs.sorted { $0.key < $1.key }.map { ($0.value.output, $0.value.described) }
    }

    /// What each of `list` has said about itself, in that order; outputs already gone are left out.
    func descriptions(of list: [WlOutput]) -> [OutputDescription] {
        list.compactMap { output in outputs.values.first { $0.output === output }?.described }
    }

    private func makeInput(for seat: WlSeat, name: UInt32, window: WaylandWindow) -> SeatInput {
        let input = SeatInput(id: SeatID(name), seat: seat, sink: sink, managers: managers, classify: { [unowned self, unowned window] s in
            InputSurface.classify(s, content: window.surface, isChrome: { decorations?.chrome?.part(of: $0) != nil },
                                  libdecorFrame: window.hasClientSideFrame)
        })
        input.chromePart = { [unowned self] s in decorations?.chrome?.part(of: s) }
        input.chromePoint = { [unowned self] point, part in decorations?.chrome?.chromePoint(point, on: part) ?? point }
        let seatID = input.id
        input.onPointerEnter = { [unowned self, unowned window] pointer, serial in
            frameCursorNames[seatID] = nil
            cursor?.apply(to: pointer, seat: seatID, serial: serial, scale: Int32(window.bufferScale.ceiling))
        }
        input.onChromePointer = { [unowned self, unowned window] pointer, serial, location, entered in
            guard let names = decorations?.chrome?.view.cursorNames(at: location),
                  entered || names != frameCursorNames[seatID] else { return }
            frameCursorNames[seatID] = names
            cursor?.apply(to: pointer, seat: seatID, serial: serial, scale: Int32(window.bufferScale.ceiling), names: names)
        }
        input.onDecorationTouchDown = { [unowned self, unowned window] serial, time, location in
            // A plugin with touch of its own (libdecor's gtk one, 0.2.2 on) moves and maximises
            // already: doing it too would move twice and toggle maximise back.
            guard decorations?.choice.decor?.pluginHandlesTouch != true else { return }
            if decorationTaps.isDoubleTap(time: time, location: location) {
                window.toggleMaximized()
            } else {
                window.beginMove(seat: seat, serial: serial)
            }
        }
        return input
    }

    private func globalRemoved(_ global: GlobalRegistry.Global) {
        if let seat = seats.removeValue(forKey: global.name) {
            onSeatRemoved?(seat.id)
            tabletSeats.removeValue(forKey: global.name)?.remove()
            frameCursorNames[seat.id] = nil
            cursor?.seatRemoved(seat.id)
            seat.remove()
        }
        if let output = outputs.removeValue(forKey: global.name) {
            window?.outputRemoved(output.output)
            onOutputsChanged?(outputsExtent)
        }
    }
}

/// A `wl_output` as far as it has told us: its scale (clamped), current mode, transform, and
/// what the HUD and `--output` say of it.
struct KnownOutput {
    let output: WlOutput
    var scale: Int32 = 1
    /// The current mode in physical pixels; nil until announced (or when it is nonsense).
    var mode: (width: Int, height: Int)?
    var transform = WlOutput.Transform.normal
    var refreshMillihertz = 0
    var physicalSize: (width: Int, height: Int) = (0, 0)
    var make = ""
    var model = ""
    var name: String?
    /// `wl_output.description`: "Dell Inc. U2720Q (DP-1)".
    var humanDescription: String?

    /// Takes what the output says of itself; returns a line to print when it said nonsense (a
    /// scale out of range, which is clamped).
    mutating func note(_ event: WlOutput.Event) -> String? {
        switch event {
        case .scale(let factor):
            let (clamped, complaint) = OutputScale.clamped(factor)
            scale = clamped
            return complaint
        case .mode(let flags, let width, let height, let refresh) where flags.contains(.current):
            mode = width > 0 && height > 0 ? (Int(width), Int(height)) : nil
            refreshMillihertz = Int(max(refresh, 0))
        case .geometry(_, _, let width, let height, _, let make, let model, let transform):
            self.transform = transform
            physicalSize = (Int(max(width, 0)), Int(max(height, 0)))
            self.make = make
            self.model = model
        case .name(let name):
            self.name = name
        case .description(let description):
            humanDescription = description
        default:
            break
        }
        return nil
    }

    /// As the app (no Wayland) takes it.
    var described: OutputDescription {
        var d = OutputDescription()
        d.name = name
        d.description = humanDescription
        d.make = make
        d.model = model
        d.mode = mode
        d.refreshMillihertz = refreshMillihertz
        d.scale = Int(scale)
        d.transform = OutputTransform(rawValue: Int(transform.rawValue)) ?? .normal
        d.physicalSize = physicalSize
        return d
    }

    /// The most logical pixels the output can show: its mode, turned as the output is. Not
    /// divided by the scale: under a fractional scale (Sway at 1.5 announces 2) the integer
    /// scale would give too little, and no scale below 1 is announced, so the mode bounds the
    /// logical size from above.
    var logicalSize: (width: Int, height: Int)? {
        guard let mode, mode.width > 0, mode.height > 0 else { return nil }
        return transform.rawValue % 2 == 1 ? (mode.height, mode.width) : mode
    }
}
