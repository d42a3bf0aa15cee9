internal import WaylandServer

/// Input sent to the mapped toplevel's surface, in window coordinates: logical pixels from the
/// top-left of the window geometry the client set (`xdg_surface.set_window_geometry`), as a desktop
/// places a window by its geometry and not by its surface, which may start with a shadow. Without a
/// geometry they are surface-local.
///
/// Each call sends its events to every matching object of the surface's client on that seat and
/// flushes at once, so a benchmark's clock starts when the client can read them. Calls with no
/// mapped toplevel, an unknown seat or an inactive touch id do nothing: a compositor has no way to
/// send an event about a surface that is not there.
extension ScriptedCompositor {
    // MARK: Touch

    public func touchDown(id: Int32, x: Double, y: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = focusSurface else { return }
        seat.activeTouches[id] = surface
        let serial = display.nextSerial
        let time = stampEventTime()
        let local = surfaceLocal(x: x, y: y, on: surface)
        for touch in seat.touches(of: surface.client) {
            touch.sendDown(serial: serial, time: time, surface: surface.resource, id: id, x: local.x, y: local.y)
        }
        display.flush()
    }

    public func touchMotion(id: Int32, x: Double, y: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches[id] else { return }
        let time = stampEventTime()
        let local = surfaceLocal(x: x, y: y, on: surface)
        for touch in seat.touches(of: surface.client) { touch.sendMotion(time: time, id: id, x: local.x, y: local.y) }
        display.flush()
    }

    public func touchUp(id: Int32, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches.removeValue(forKey: id) else { return }
        let serial = display.nextSerial
        let time = stampEventTime()
        for touch in seat.touches(of: surface.client) { touch.sendUp(serial: serial, time: time, id: id) }
        display.flush()
    }

    /// `wl_touch.shape` (v6+): ellipse diameters in surface coordinates.
    public func touchShape(id: Int32, major: Double, minor: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches[id] else { return }
        for touch in seat.touches(of: surface.client) { touch.sendShape(id: id, major: major, minor: minor) }
        display.flush()
    }

    /// `wl_touch.orientation` (v6+): degrees of the major axis from the surface's y axis.
    public func touchOrientation(id: Int32, degrees: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches[id] else { return }
        for touch in seat.touches(of: surface.client) { touch.sendOrientation(id: id, orientation: degrees) }
        display.flush()
    }

    /// `wl_touch.frame` to every client with an active touch or a touch object on the focus.
    public func touchFrame(seat name: String = "seat0") {
        guard let seat = seat(named: name) else { return }
        stats.touchFrameUptimeNanoseconds.append(uptimeNanoseconds())
        for client in touchClients(seat) {
            for touch in seat.touches(of: client) { touch.sendFrame() }
        }
        display.flush()
    }

    /// `wl_touch.cancel`: the compositor took the touch sequence; every active touch ends.
    public func touchCancel(seat name: String = "seat0") {
        guard let seat = seat(named: name) else { return }
        let clients = touchClients(seat)
        seat.activeTouches.removeAll()
        for client in clients {
            for touch in seat.touches(of: client) { touch.sendCancel() }
        }
        display.flush()
    }

    /// Window coordinates to surface-local ones: the window geometry's offset, if the surface is a
    /// window that set one.
    func surfaceLocal(x: Double, y: Double, on surface: SurfaceState) -> (x: Double, y: Double) {
        guard let geometry = surface.xdgSurface?.geometry else { return (x, y) }
        return (x + Double(geometry.x), y + Double(geometry.y))
    }

    /// The time to stamp on an input event, remembered in `lastEventTime`.
    func stampEventTime() -> UInt32 {
        let time = eventTime
        lastEventTime = time
        return time
    }

    private func touchClients(_ seat: SeatState) -> [OpaquePointer] {
        var clients: [OpaquePointer] = []
        for surface in seat.activeTouches.values where !clients.contains(surface.client) { clients.append(surface.client) }
        if let focus = focusSurface, !clients.contains(focus.client) { clients.append(focus.client) }
        return clients
    }

    // MARK: Pointer

    public func pointerEnter(x: Double, y: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = focusSurface else { return }
        if let old = seat.pointerFocus, old !== surface { pointerLeave(seat: name) }
        seat.pointerFocus = surface
        let serial = display.nextSerial
        let local = surfaceLocal(x: x, y: y, on: surface)
        for pointer in seat.pointers(of: surface.client) {
            pointer.sendEnter(serial: serial, surface: surface.resource, surfaceX: local.x, surfaceY: local.y)
        }
        display.flush()
    }

    public func pointerMotion(x: Double, y: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.pointerFocus else { return }
        let time = stampEventTime()
        let local = surfaceLocal(x: x, y: y, on: surface)
        for pointer in seat.pointers(of: surface.client) { pointer.sendMotion(time: time, surfaceX: local.x, surfaceY: local.y) }
        display.flush()
    }

    /// A button press or release; `button` is a Linux input code (0x110 BTN_LEFT).
    public func pointerButton(_ button: UInt32 = 0x110, pressed: Bool, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.pointerFocus else { return }
        let serial = display.nextSerial
        let time = stampEventTime()
        for pointer in seat.pointers(of: surface.client) {
            pointer.sendButton(serial: serial, time: time, button: button, state: pressed ? .pressed : .released)
        }
        display.flush()
    }

    public func pointerLeave(seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.pointerFocus else { return }
        seat.pointerFocus = nil
        guard surface.resource.isAlive else { return }
        let serial = display.nextSerial
        for pointer in seat.pointers(of: surface.client) { pointer.sendLeave(serial: serial, surface: surface.resource) }
        display.flush()
    }

    /// `wl_pointer.frame` (v5+) ends a group of pointer events.
    public func pointerFrame(seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.pointerFocus ?? focusSurface else { return }
        for pointer in seat.pointers(of: surface.client) { pointer.sendFrame() }
        display.flush()
    }

    // MARK: Keyboard

    /// A key press or release with an evdev keycode (KEY_Q = 16); `modifiers` follows when the
    /// xkb modifier state changes (Shift, Ctrl…). Keyboard focus is the mapped toplevel.
    public func key(_ evdevKeycode: UInt32, pressed: Bool, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.keyboardFocus, surface.resource.isAlive else { return }
        let changed = seat.keyboard.update(evdev: evdevKeycode, pressed: pressed)
        let serial = display.nextSerial
        let time = stampEventTime()
        let keyboards = seat.keyboards(of: surface.client)
        for keyboard in keyboards {
            keyboard.sendKey(serial: serial, time: time, key: evdevKeycode, state: pressed ? .pressed : .released)
        }
        if changed {
            let m = seat.keyboard.modifiers
            let modifierSerial = display.nextSerial
            for keyboard in keyboards {
                keyboard.sendModifiers(serial: modifierSerial, modsDepressed: m.depressed, modsLatched: m.latched,
                                       modsLocked: m.locked, group: m.group)
            }
        }
        display.flush()
    }

    /// Press and release.
    public func tapKey(_ evdevKeycode: UInt32, seat name: String = "seat0") {
        key(evdevKeycode, pressed: true, seat: name)
        key(evdevKeycode, pressed: false, seat: name)
    }
}
