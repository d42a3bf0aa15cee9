import TouchKit
import Wayland

/// Where a seat's input goes. The seat glue only translates Wayland events; what they mean is
/// decided behind this protocol.
@MainActor
protocol SeatInputSink: AnyObject {
    func seat(_ seat: SeatID, touch: RawTouchInput)
    func seat(_ seat: SeatID, pointer: RawPointerInput)
    func seat(_ seat: SeatID, key: KeyPress)
    func seatNamed(_ seat: SeatID, name: String)
    func seatLostTouch(_ seat: SeatID)
    func seatLostPointer(_ seat: SeatID)
}

/// One `wl_seat` and the devices it currently has.
///
/// Devices come and go with `capabilities`; a device that goes is released only after the touch
/// model has cancelled what it had in flight (as SDL does), so no touch is left stuck.
@MainActor
final class SeatInput {
    let id: SeatID
    let seat: WlSeat
    private weak var sink: SeatInputSink?
    private let isOurSurface: (WlSurface?) -> Bool
    private var touch: WlTouch?
    private var pointer: WlPointer?
    private var keyboard: WlKeyboard?
    private var xkb: XKBKeyboard?
    /// Touch ids that went down on a surface that is not ours: their later events are not ours either.
    private var foreignTouchIDs: Set<Int32> = []
    private var pointerInside = false
    private(set) var name = ""

    /// Wanted versions. wl_seat 7: `name` (2), `release` requests (5), keymap via MAP_PRIVATE (7).
    /// wl_touch follows the seat version: 6 adds `shape` and `orientation`.
    /// wl_pointer 5 adds `frame`, which groups motion with buttons.
    static let wantedVersion: UInt32 = 7

    init(id: SeatID, seat: WlSeat, sink: SeatInputSink, isOurSurface: @escaping (WlSurface?) -> Bool) {
        self.id = id
        self.seat = seat
        self.sink = sink
        self.isOurSurface = isOurSurface
        seat.onEvent = { [unowned self] event in
            switch event {
            case .capabilities(let caps): self.update(caps)
            case .name(let name):
                self.name = name
                self.sink?.seatNamed(self.id, name: name)
            }
        }
    }

    /// The seat global went away: cancel first, then let the objects go.
    func remove() {
        if touch != nil { sink?.seatLostTouch(id) }
        if pointer != nil { sink?.seatLostPointer(id) }
        touch = nil
        pointer = nil
        keyboard = nil
    }

    private func update(_ caps: WlSeat.Capability) {
        if caps.contains(.touch), touch == nil {
            touch = seat.getTouch()
            touch?.onEvent = { [unowned self] in self.handle($0) }
        } else if !caps.contains(.touch), let old = touch {
            sink?.seatLostTouch(id)
            foreignTouchIDs.removeAll()
            old.release()
            touch = nil
        }
        if caps.contains(.pointer), pointer == nil {
            pointer = seat.getPointer()
            pointer?.onEvent = { [unowned self] in self.handle($0) }
        } else if !caps.contains(.pointer), let old = pointer {
            sink?.seatLostPointer(id)
            pointerInside = false
            old.release()
            pointer = nil
        }
        if caps.contains(.keyboard), keyboard == nil {
            keyboard = seat.getKeyboard()
            xkb = XKBKeyboard()
            keyboard?.onEvent = { [unowned self] in self.handle($0) }
        } else if !caps.contains(.keyboard), let old = keyboard {
            old.release()
            keyboard = nil
            xkb = nil
        }
    }

    private func handle(_ event: WlTouch.Event) {
        guard let sink else { return }
        switch event {
        case .down(_, let time, let surface, let id, let x, let y):
            guard isOurSurface(surface) else { foreignTouchIDs.insert(id); return }
            foreignTouchIDs.remove(id)
            sink.seat(self.id, touch: .down(id: id, time: time, location: Point(x: x, y: y)))
        case .up(_, let time, let id):
            if foreignTouchIDs.remove(id) != nil { return }
            sink.seat(self.id, touch: .up(id: id, time: time))
        case .motion(let time, let id, let x, let y):
            if foreignTouchIDs.contains(id) { return }
            sink.seat(self.id, touch: .motion(id: id, time: time, location: Point(x: x, y: y)))
        case .frame:
            sink.seat(self.id, touch: .frame)
        case .cancel:
            foreignTouchIDs.removeAll()
            sink.seat(self.id, touch: .cancel)
        case .shape(let id, let major, let minor):
            if foreignTouchIDs.contains(id) { return }
            sink.seat(self.id, touch: .shape(id: id, major: major, minor: minor))
        case .orientation(let id, let orientation):
            if foreignTouchIDs.contains(id) { return }
            sink.seat(self.id, touch: .orientation(id: id, degrees: orientation))
        }
    }

    private func handle(_ event: WlPointer.Event) {
        guard let sink, let pointer else { return }
        // Before version 5 there is no frame: each event stands alone.
        let framed = pointer.version >= 5
        switch event {
        case .enter(_, let surface, let x, let y):
            pointerInside = isOurSurface(surface)
            guard pointerInside else { return }
            sink.seat(id, pointer: .enter(location: Point(x: x, y: y)))
        case .leave:
            guard pointerInside else { return }
            pointerInside = false
            sink.seat(id, pointer: .leave)
        case .motion(let time, let x, let y):
            guard pointerInside else { return }
            sink.seat(id, pointer: .motion(time: time, location: Point(x: x, y: y)))
        case .button(_, let time, let button, let state):
            guard pointerInside else { return }
            sink.seat(id, pointer: .button(time: time, button: button, pressed: state == .pressed))
        case .frame:
            sink.seat(id, pointer: .frame)
            return
        default:
            return
        }
        if !framed { sink.seat(id, pointer: .frame) }
    }

    private func handle(_ event: WlKeyboard.Event) {
        switch event {
        case .keymap(let format, let fd, let size):
            if format == .xkbV1, let xkb { _ = xkb.loadKeymap(fd: fd, size: size) } else { closeDescriptor(fd) }
        case .key(_, _, let key, let state):
            guard state == .pressed, let press = xkb?.press(evdevKeycode: key) else { return }
            sink?.seat(id, key: press)
        case .modifiers(_, let depressed, let latched, let locked, let group):
            xkb?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        default:
            break
        }
    }
}
