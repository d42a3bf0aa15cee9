internal import WaylandServer

/// One `wl_seat` global and every object clients made from it.
final class SeatState {
    let name: String
    var capabilities: Capabilities
    var global: Global<WlSeat>?
    var seats: [WlSeat] = []
    var touches: [WlTouch] = []
    var pointers: [WlPointer] = []
    var keyboards: [WlKeyboard] = []
    let keyboard: KeyboardState
    /// Touch ids currently down, with the surface they went down on (later events follow it).
    var activeTouches: [Int32: SurfaceState] = [:]
    /// The serial each touch id's last `down` carried (what a move request must quote).
    var touchDownSerials: [Int32: UInt32] = [:]
    var pointerFocus: SurfaceState?
    /// The serial of the last `wl_pointer.enter`: the one `set_cursor` must quote to be obeyed.
    var pointerEnterSerial: UInt32?
    var keyboardFocus: SurfaceState?
    var removed = false

    init(name: String, capabilities: Capabilities, keymap: Keymap) {
        self.name = name
        self.capabilities = capabilities
        self.keyboard = KeyboardState(keymap: keymap)
    }

    func touches(of client: OpaquePointer) -> [WlTouch] { touches.filter { $0.isAlive && $0.client == client } }
    func pointers(of client: OpaquePointer) -> [WlPointer] { pointers.filter { $0.isAlive && $0.client == client } }
    func keyboards(of client: OpaquePointer) -> [WlKeyboard] { keyboards.filter { $0.isAlive && $0.client == client } }
}

/// wl_seat, wl_touch, wl_pointer, wl_keyboard.
extension ScriptedCompositor {
    static let seatVersion = min(WlSeat.maxVersion, 8)

    func makeSeat(_ name: String, capabilities: Capabilities) throws(Failure) -> SeatState {
        let seat = SeatState(name: name, capabilities: capabilities, keymap: keymap)
        guard let global = Global<WlSeat>(display: display.raw, version: Self.seatVersion, onBind: { [weak self, weak seat] resource in
            guard let self, let seat else { return }
            bindSeat(resource, to: seat)
        }) else { throw .global("wl_seat \(name)") }
        seat.global = global
        return seat
    }

    private func bindSeat(_ resource: WlSeat, to seat: SeatState) {
        seat.seats.append(resource)
        resource.onDestroy = { [weak seat, unowned resource] in seat?.seats.removeAll { $0 === resource } }
        resource.onRequest = { [weak self, weak seat] request in
            guard let self, let seat else { return }
            switch request {
            case .getTouch(let id):
                guard let touch = id.create() else { return }
                seat.touches.append(touch)
                touch.onDestroy = { [weak seat, unowned touch] in seat?.touches.removeAll { $0 === touch } }
            case .getPointer(let id):
                guard let pointer = id.create() else { return }
                seat.pointers.append(pointer)
                pointer.onDestroy = { [weak seat, unowned pointer] in seat?.pointers.removeAll { $0 === pointer } }
                pointer.onRequest = { [weak self, weak seat, unowned pointer] request in
                    guard let self, let seat, case .setCursor(let serial, let surface, let hotspotX, let hotspotY) = request else { return }
                    cursorRequests.append(CursorRequest(
                        seat: seat.name, serial: serial, obeyed: serial == seat.pointerEnterSerial,
                        surfaceID: surface?.id, hotspotX: hotspotX, hotspotY: hotspotY))
                    if let surface { setCursor(surface, pointer: pointer) }
                }
            case .getKeyboard(let id):
                guard let keyboard = id.create() else { return }
                seat.keyboards.append(keyboard)
                keyboard.onDestroy = { [weak seat, unowned keyboard] in seat?.keyboards.removeAll { $0 === keyboard } }
                setUpKeyboard(keyboard, seat: seat)
            case .release:
                break
            }
        }
        resource.sendCapabilities(capabilities: WlSeat.Capability(rawValue: seat.capabilities.rawValue))
        resource.sendName(name: seat.name)
    }

    private func setUpKeyboard(_ keyboard: WlKeyboard, seat: SeatState) {
        // libwayland duplicates the fd while marshalling, so the shared one stays ours.
        keyboard.sendKeymap(format: keymap.format, fd: keymap.fd, size: keymap.size)
        keyboard.sendRepeatInfo(rate: 25, delay: 600)
        if let focus = seat.keyboardFocus, focus.resource.isAlive, focus.client == keyboard.client {
            let serial = display.nextSerial
            keyboard.sendEnter(serial: serial, surface: focus.resource, keys: encodeStates(seat.keyboard.pressed))
            let m = seat.keyboard.modifiers
            keyboard.sendModifiers(serial: serial, modsDepressed: m.depressed, modsLatched: m.latched,
                                   modsLocked: m.locked, group: m.group)
        }
    }

    /// No cursor is drawn, but the surface takes the cursor role as on any compositor, so a test
    /// can find it among `otherSurfaces` (and a surface with another role is refused).
    private func setCursor(_ resource: WlSurface, pointer: WlPointer) {
        guard let surface = surfaces[ObjectIdentifier(resource)] else { return }
        if let role = surface.role, role != .cursor {
            postError(pointer, code: WlPointer.Error_.role.rawValue, "wl_surface@\(resource.id) already has a role")
            return
        }
        surface.role = .cursor
    }

    func seat(named name: String) -> SeatState? { seats.first { $0.name == name && !$0.removed } }

    /// Keyboard focus follows the mapped toplevel on every seat, as on a desktop with one window.
    func didMap(_ surface: SurfaceState) {
        for outputResource in output.resources where outputResource.client == surface.client {
            enter(surface, output: outputResource)
        }
        for seat in seats where !seat.removed {
            if let old = seat.keyboardFocus, old !== surface { sendKeyboardLeave(seat, from: old) }
            guard seat.keyboardFocus !== surface else { continue }
            seat.keyboardFocus = surface
            let serial = display.nextSerial
            let m = seat.keyboard.modifiers
            for keyboard in seat.keyboards(of: surface.client) {
                keyboard.sendEnter(serial: serial, surface: surface.resource, keys: encodeStates(seat.keyboard.pressed))
                keyboard.sendModifiers(serial: serial, modsDepressed: m.depressed, modsLatched: m.latched,
                                       modsLocked: m.locked, group: m.group)
            }
        }
        display.flush()
    }

    /// Input stops going to an unmapped or destroyed surface; leave events where still possible.
    func didUnmap(_ surface: SurfaceState) {
        for seat in seats {
            if seat.keyboardFocus === surface { sendKeyboardLeave(seat, from: surface) }
            if seat.pointerFocus === surface {
                if surface.resource.isAlive {
                    let serial = display.nextSerial
                    for pointer in seat.pointers(of: surface.client) { pointer.sendLeave(serial: serial, surface: surface.resource) }
                }
                seat.pointerFocus = nil
            }
            seat.activeTouches = seat.activeTouches.filter { $0.value !== surface }
        }
    }

    private func sendKeyboardLeave(_ seat: SeatState, from surface: SurfaceState) {
        seat.keyboardFocus = nil
        guard surface.resource.isAlive else { return }
        let serial = display.nextSerial
        for keyboard in seat.keyboards(of: surface.client) { keyboard.sendLeave(serial: serial, surface: surface.resource) }
    }
}
