internal import WaylandServer

/// Input sent to the mapped toplevel's surface, in window coordinates: logical pixels from the
/// top-left of the window geometry the client set (`xdg_surface.set_window_geometry`), as a desktop
/// places a window by its geometry and not by its surface, which may start with a shadow. Without a
/// geometry they are surface-local.
///
/// Each call sends its events to every matching object of the surface's client on that seat and
/// flushes at once, so a benchmark's clock starts when the client can read them. Calls that would
/// break the protocol do nothing: no mapped toplevel, an unknown seat, a touch id that is not down
/// (or, for `touchDown`, one that already is), a cancel with no touch down. A compositor has no way
/// to send an event about a surface or a touch that is not there. To send such events on purpose,
/// see `Misbehaviour.swift`.
extension ScriptedCompositor {
    // MARK: Touch

    public func touchDown(id: Int32, x: Double, y: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), seat.activeTouches[id] == nil, let surface = focusSurface else { return }
        let local = surfaceLocal(x: x, y: y, on: surface)
        sendTouchDown(id: id, x: local.x, y: local.y, on: surface, seat: seat)
    }

    public func touchMotion(id: Int32, x: Double, y: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches[id] else { return }
        let local = surfaceLocal(x: x, y: y, on: surface)
        sendTouchMotion(id: id, x: local.x, y: local.y, to: surface.client, seat: seat)
    }

    public func touchUp(id: Int32, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches.removeValue(forKey: id) else { return }
        sendTouchUp(id: id, to: surface.client, seat: seat)
    }

    /// `wl_touch.shape` (v6+): ellipse diameters in surface coordinates.
    public func touchShape(id: Int32, major: Double, minor: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches[id] else { return }
        sendTouchShape(id: id, major: major, minor: minor, to: surface.client, seat: seat)
    }

    /// `wl_touch.orientation` (v6+): degrees of the major axis from the surface's y axis.
    public func touchOrientation(id: Int32, degrees: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.activeTouches[id] else { return }
        sendTouchOrientation(id: id, degrees: degrees, to: surface.client, seat: seat)
    }

    /// `wl_touch.frame` to every client with an active touch or a touch object on the focus.
    public func touchFrame(seat name: String = "seat0") {
        guard let seat = seat(named: name) else { return }
        stats.touchFrameUptimeNanoseconds.append(nowNanoseconds)
        for client in touchClients(seat) {
            for touch in seat.touches(of: client) { touch.sendFrame() }
        }
        display.flush()
    }

    /// `wl_touch.cancel`: the compositor took the touch sequence; every active touch ends. Sent
    /// only while some touch is down, to the clients with a touch down and to the focus's client.
    public func touchCancel(seat name: String = "seat0") {
        guard let seat = seat(named: name), !seat.activeTouches.isEmpty else { return }
        sendTouchCancel(to: touchClients(seat), seat: seat)
    }

    // MARK: Pointer

    public func pointerEnter(x: Double, y: Double, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = focusSurface else { return }
        if let old = seat.pointerFocus, old !== surface { pointerLeave(seat: name) }
        seat.pointerFocus = surface
        let serial = display.nextSerial
        seat.pointerEnterSerial = serial
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
        for pointer in seat.pointers(of: surface.client) {
            sendInputTimestamp(before: pointer)
            pointer.sendMotion(time: time, surfaceX: local.x, surfaceY: local.y)
        }
        display.flush()
    }

    /// A button press or release; `button` is a Linux input code (0x110 BTN_LEFT).
    public func pointerButton(_ button: UInt32 = 0x110, pressed: Bool, seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.pointerFocus else { return }
        let serial = display.nextSerial
        let time = stampEventTime()
        for pointer in seat.pointers(of: surface.client) {
            sendInputTimestamp(before: pointer)
            pointer.sendButton(serial: serial, time: time, button: button, state: pressed ? .pressed : .released)
        }
        display.flush()
    }

    public func pointerLeave(seat name: String = "seat0") {
        guard let seat = seat(named: name), let surface = seat.pointerFocus else { return }
        seat.pointerFocus = nil
        seat.pointerEnterSerial = nil
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
            sendInputTimestamp(before: keyboard)
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
