import Glibc
import TouchCanvasApp
import TouchKit
import Wayland

/// One `wl_seat` and the devices it currently has.
///
/// Devices come and go with `capabilities`; a device that goes is released only after the touch
/// model has cancelled what it had in flight (as SDL does), so no touch is left stuck.
@MainActor
final class SeatInput {
    let id: SeatID
    let seat: WlSeat
    private weak var sink: SeatInputSink?
    /// Whose surface an event names: only the content's events are the app's.
    let classify: (WlSurface?) -> InputSurface
    private var touch: WlTouch?
    private var pointer: WlPointer?
    private var keyboard: WlKeyboard?
    private var xkb: XKBKeyboard?
    /// Nanosecond event times and touchpad gestures, where the compositor offers them.
    private let managers: InputManagers
    private var touchpadGestures: TouchpadGestures?
    private var touchTimes: PreciseEventTimes?
    private var pointerTimes: PreciseEventTimes?
    private var keyboardTimes: PreciseEventTimes?
    /// Where each touch goes, from its down to its up (TouchRouting): our own chrome's touches
    /// work the window, libdecor's are dropped without a word, a foreign surface's are reported
    /// as an anomaly, the content's are the app's.
    private var routing = TouchRouting()
    /// The surface the pointer is over, when it is the content or our chrome.
    private var pointerTarget: InputSurface?
    /// The part of our chrome the pointer is over: its later events are on that part's surface.
    private var pointerChromePart: ChromePart?
    /// Which part of our chrome a surface is. The frame is shown in parts, each a surface of its
    /// own, but laid out and worked as one: events reach it in frame coordinates.
    var chromePart: (WlSurface?) -> ChromePart? = { _ in nil }
    /// A point on a part of our chrome as a point on the frame.
    var chromePoint: (Point, ChromePart) -> Point = { point, _ in point }
    /// The serial of the last button press on our surface, for a move started by the pointer.
    private(set) var lastButtonPressSerial: UInt32?
    private(set) var name = ""
    /// Called when the pointer enters our surface, to set its cursor.
    var onPointerEnter: ((WlPointer, UInt32) -> Void)?
    /// Called for a touch that went down on libdecor's frame (serial, time in ms, location on
    /// the frame's surface). Debian 12's libdecor (0.1.1) ignores touch on its frame, so the app
    /// answers itself: a drag moves the window, a double tap maximises.
    var onDecorationTouchDown: ((UInt32, UInt32, Point) -> Void)?
    /// Called when the pointer enters or moves over the app's own chrome (the enter's serial,
    /// the location on the frame, whether it just entered), to show the cursor for that spot.
    var onChromePointer: ((WlPointer, UInt32, Point, Bool) -> Void)?
    private var pointerEnterSerial: UInt32 = 0

    /// Wanted versions. wl_seat 7: `name` (2), `release` requests (5), keymap via MAP_PRIVATE (7).
    /// wl_touch follows the seat version: 6 adds `shape` and `orientation`.
    /// wl_pointer 5 adds `frame`, which groups motion with buttons.
    static let wantedVersion: UInt32 = 7

    init(id: SeatID, seat: WlSeat, sink: SeatInputSink, managers: InputManagers,
         classify: @escaping (WlSurface?) -> InputSurface) {
        self.id = id
        self.managers = managers
        self.seat = seat
        self.sink = sink
        self.classify = classify
        seat.onEvent = { [unowned self] event in
            if self.sink?.wantsWireEvents == true { self.sink?.seat(self.id, wire: Self.wire(event)) }
            switch event {
            case .capabilities(let caps): self.update(caps)
            case .name(let name):
                self.name = name
                self.sink?.seatNamed(self.id, name: name)
            }
        }
    }

    /// The bound versions of the seat and its devices, for the inspector and `check`.
    var versions: [(interface: String, version: UInt32)] {
        var list = [("wl_seat", seat.version)]
        if let touch { list.append(("wl_touch", touch.version)) }
        if let pointer { list.append(("wl_pointer", pointer.version)) }
        return list
    }

    /// The seat global went away: the owner cancels what was in flight (the whole seat at
    /// once, so the touch model can tell a removed seat from a lost device); here the objects go.
    func remove() {
        routing.removeAll()
        for times in [touchTimes, pointerTimes, keyboardTimes] { times?.release() }
        touchpadGestures?.release()
        touchpadGestures = nil
        (touchTimes, pointerTimes, keyboardTimes) = (nil, nil, nil)
        touch = nil
        pointer = nil
        keyboard = nil
    }

    /// The seat has a touchscreen (or another touch device) now.
    var hasTouch: Bool { touch != nil }
    /// Touchpad swipes and pinches can arrive: the seat has a pointer and the compositor offers gestures.
    var hasTouchpadGestures: Bool { touchpadGestures != nil }

    private func update(_ caps: WlSeat.Capability) {
        if caps.contains(.touch), touch == nil {
            touch = seat.getTouch()
            touch?.onEvent = { [unowned self] in self.handle($0) }
            touchTimes = PreciseEventTimes(touch.flatMap { managers.timestamps?.getTouchTimestamps(touch: $0) })
        } else if !caps.contains(.touch), let old = touch {
            sink?.seatLostTouch(id)
            routing.removeAll()
            touchTimes?.release()
            touchTimes = nil
            old.release()
            touch = nil
        }
        if caps.contains(.pointer), pointer == nil {
            pointer = seat.getPointer()
            pointer?.onEvent = { [unowned self] in self.handle($0) }
            pointerTimes = PreciseEventTimes(pointer.flatMap { managers.timestamps?.getPointerTimestamps(pointer: $0) })
            if let pointer, let manager = managers.pointerGestures { touchpadGestures = makeTouchpadGestures(manager, pointer) }
        } else if !caps.contains(.pointer), let old = pointer {
            sink?.seatLostPointer(id)
            pointerTarget = nil
            pointerChromePart = nil
            pointerTimes?.release()
            pointerTimes = nil
            touchpadGestures?.release()
            touchpadGestures = nil
            old.release()
            pointer = nil
        }
        if caps.contains(.keyboard), keyboard == nil {
            keyboard = seat.getKeyboard()
            xkb = XKBKeyboard()
            keyboard?.onEvent = { [unowned self] in self.handle($0) }
            keyboardTimes = PreciseEventTimes(keyboard.flatMap { managers.timestamps?.getKeyboardTimestamps(keyboard: $0) })
        } else if !caps.contains(.keyboard), let old = keyboard {
            keyboardTimes?.release()
            keyboardTimes = nil
            old.release()
            keyboard = nil
            xkb = nil
        }
    }

    /// Surface coordinates on a part of our chrome as frame coordinates (unchanged without a part:
    /// the frame went away meanwhile).
    private func onChrome(_ x: Double, _ y: Double, part: ChromePart?) -> Point {
        guard let part else { return Point(x: x, y: y) }
        return chromePoint(Point(x: x, y: y), part)
    }

    /// The serial of touch `id`'s `down`, while that touch is down on our surface.
    func downSerial(forTouch id: Int32) -> UInt32? { routing.downSerial(of: id) }

    private func handle(_ event: WlTouch.Event) {
        guard let sink else { return }
        let precise = touchTimes?.take()
        if sink.wantsWireEvents { sink.seat(id, wire: wire(event)) }
        func at(_ time: UInt32) -> InputEventTime { InputEventTime(milliseconds: time, nanoseconds: precise) }
        switch event {
        case .down(let serial, let time, let surface, let id, let x, let y):
            let target = classify(surface)
            let route = TouchRouting.Route(target, part: target == .chrome ? chromePart(surface) : nil)
            routing.down(id: id, serial: serial, on: route)
            switch route {
            case .content: sink.seat(self.id, touch: .down(id: id, time: time, location: Point(x: x, y: y)), at: at(time))
            case .chrome(let part): sink.seat(self.id, chromeTouch: .down(id: id, time: time, location: onChrome(x, y, part: part)))
            case .decoration: onDecorationTouchDown?(serial, time, Point(x: x, y: y))
            case .foreign: sink.seat(self.id, droppedForeign: "touch", event: "down", id: id, time: time)
            }
        case .up(_, let time, let id):
            switch routing.up(id: id) {
            case .content: sink.seat(self.id, touch: .up(id: id, time: time), at: at(time))
            case .chrome: sink.seat(self.id, chromeTouch: .up(id: id, time: time))
            case .decoration: break
            case .foreign: sink.seat(self.id, droppedForeign: "touch", event: "up", id: id, time: time)
            }
        case .motion(let time, let id, let x, let y):
            switch routing.motion(id: id) {
            case .content: sink.seat(self.id, touch: .motion(id: id, time: time, location: Point(x: x, y: y)), at: at(time))
            case .chrome(let part): sink.seat(self.id, chromeTouch: .motion(id: id, time: time, location: onChrome(x, y, part: part)))
            case .decoration: break
            case .foreign: sink.seat(self.id, droppedForeign: "touch", event: "motion", id: id, time: time)
            }
        case .frame:
            let sides = routing.frame()
            if sides.chrome { sink.seat(self.id, chromeTouch: .frame) }
            if sides.content { sink.seat(self.id, touch: .frame, at: nil) }
        case .cancel:
            let sides = routing.cancel()
            if sides.chrome { sink.seat(self.id, chromeTouch: .cancel) }
            if sides.content { sink.seat(self.id, touch: .cancel, at: nil) }
        case .shape(let id, let major, let minor):
            switch routing.route(of: id) {
            case .content: sink.seat(self.id, touch: .shape(id: id, major: major, minor: minor), at: nil)
            case .foreign: sink.seat(self.id, droppedForeign: "touch", event: "shape", id: id, time: nil)
            case .chrome, .decoration: break
            }
        case .orientation(let id, let orientation):
            switch routing.route(of: id) {
            case .content: sink.seat(self.id, touch: .orientation(id: id, degrees: orientation), at: nil)
            case .foreign: sink.seat(self.id, droppedForeign: "touch", event: "orientation", id: id, time: nil)
            case .chrome, .decoration: break
            }
        }
    }

    private func handle(_ event: WlPointer.Event) {
        guard let sink, let pointer else { return }
        let precise = pointerTimes?.take()
        if sink.wantsWireEvents { sink.seat(id, wire: wire(event)) }
        // Before version 5 there is no frame: each event stands alone.
        let framed = pointer.version >= 5
        switch event {
        case .enter(let serial, let surface, let x, let y):
            let kind = classify(surface)
            let location = Point(x: x, y: y)
            pointerEnterSerial = serial
            switch kind {
            case .content:
                pointerTarget = .content
                onPointerEnter?(pointer, serial)
                sink.seat(id, pointer: .enter(location: location), at: nil)
            case .chrome:
                pointerTarget = .chrome
                pointerChromePart = chromePart(surface)
                let location = onChrome(x, y, part: pointerChromePart)
                onChromePointer?(pointer, serial, location, true)
                sink.seat(id, chromePointer: .enter(location: location))
            case .decoration, .foreign:
                // Over libdecor's frame the pointer is libdecor's: its buttons move and resize.
                pointerTarget = nil
                if kind == .foreign { sink.seat(id, droppedForeign: "pointer", event: "enter", id: nil, time: nil) }
                return
            }
        case .leave:
            let target = pointerTarget
            pointerTarget = nil
            pointerChromePart = nil
            switch target {
            case .content: sink.seat(id, pointer: .leave, at: nil)
            case .chrome: sink.seat(id, chromePointer: .leave)
            default: return
            }
        case .motion(let time, let x, let y):
            let location = Point(x: x, y: y)
            switch pointerTarget {
            case .content:
                sink.seat(id, pointer: .motion(time: time, location: location), at: InputEventTime(milliseconds: time, nanoseconds: precise))
            case .chrome:
                let location = onChrome(x, y, part: pointerChromePart)
                onChromePointer?(pointer, pointerEnterSerial, location, false)
                sink.seat(id, chromePointer: .motion(time: time, location: location))
            default:
                return
            }
        case .button(let serial, let time, let button, let state):
            guard let target = pointerTarget else { return }
            if state == .pressed { lastButtonPressSerial = serial }
            let input = RawPointerInput.button(time: time, button: button, pressed: state == .pressed)
            if target == .chrome {
                sink.seat(id, chromePointer: input)
            } else {
                sink.seat(id, pointer: input, at: InputEventTime(milliseconds: time, nanoseconds: precise))
            }
        case .frame:
            if pointerTarget == .chrome { sink.seat(id, chromePointer: .frame) } else { sink.seat(id, pointer: .frame, at: nil) }
            return
        default:
            return
        }
        if !framed {
            if pointerTarget == .chrome { sink.seat(id, chromePointer: .frame) } else { sink.seat(id, pointer: .frame, at: nil) }
        }
    }

    private func handle(_ event: WlKeyboard.Event) {
        let precise = keyboardTimes?.take()
        switch event {
        case .keymap(let format, let fd, let size):
            guard format == .xkbV1, let xkb else { return closeDescriptor(fd) }
            // Keys then do nothing (or keep the last good keymap); touch and pointer go on.
            if !xkb.loadKeymap(fd: fd, size: size) {
                printError("seat \(name.isEmpty ? "\(id.raw)" : name): the compositor's keymap (\(size) bytes) cannot be read; keys do nothing")
            }
        case .key(_, let time, let key, let state):
            guard state == .pressed, let press = xkb?.press(evdevKeycode: key) else { return }
            sink?.seat(id, key: press, at: InputEventTime(milliseconds: time, nanoseconds: precise))
        case .modifiers(_, let depressed, let latched, let locked, let group):
            xkb?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        default:
            break
        }
    }
}

/// The optional managers a seat's devices are extended with.
struct InputManagers {
    var timestamps: ZwpInputTimestampsManagerV1?
    var pointerGestures: ZwpPointerGesturesV1?
}

extension SeatInput {
    /// Touchpad gestures for the content go to the sink; all go to `--log raw`.
    fileprivate func makeTouchpadGestures(_ manager: ZwpPointerGesturesV1, _ pointer: WlPointer) -> TouchpadGestures {
        let gestures = TouchpadGestures(manager: manager, pointer: pointer, classify: classify)
        gestures.surfaceValue = { [unowned self] in surfaceValue($0) }
        gestures.onWire = { [unowned self] event in
            if sink?.wantsWireEvents == true { sink?.seat(id, wire: event) }
        }
        gestures.onGesture = { [unowned self] gesture, time in sink?.seat(id, touchpadGesture: gesture, time: time) }
        return gestures
    }
}

/// `close(2)`, for a keymap fd that is not loaded: ours to close, as the protocol hands it over.
private func closeDescriptor(_ fd: Int32) { close(fd) }
