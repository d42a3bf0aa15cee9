internal import WaylandServer

/// Deliberate protocol misbehaviour, for tests of a client's anomaly detection.
///
/// The ordinary input API (`Input.swift`) refuses every sequence that breaks `wl_touch`'s rules.
/// Real compositors have sent such sequences, so a client must survive them and should report
/// them; these calls send them on purpose, each named for what it breaks and documented with the
/// compositor bug it imitates. Coordinates are window coordinates, as in `Input.swift`.
///
/// Each call returns whether it sent anything: false when there is no client to offend (no mapped
/// toplevel, an unknown seat) or when the sequence would not be an anomaly after all (e.g. a
/// "stray" up for an id that is in fact down), so a test never mistakes a no-op for an offence.
/// The compositor's own bookkeeping follows what was sent: after `repeatedTouchDown` or
/// `touchDownOnOtherSurface` the id is down (on that surface) and the ordinary calls continue it.
extension ScriptedCompositor {
    // MARK: Events for a touch id that is not down

    /// `wl_touch.motion` for an id that is not down. wlroots sent motion after the touch point's
    /// up (swaywm/wlroots#996, "clients receive touch.motion after touch.up"), and Smithay
    /// forwarded motion for a slot with no down to the previous client (Smithay/smithay#868).
    @discardableResult
    public func strayTouchMotion(id: Int32, x: Double, y: Double, seat name: String = "seat0") -> Bool {
        guard let (seat, surface) = strayTarget(id: id, seat: name) else { return false }
        let local = surfaceLocal(x: x, y: y, on: surface)
        sendTouchMotion(id: id, x: local.x, y: local.y, to: surface.client, seat: seat)
        return true
    }

    /// `wl_touch.shape` (v6) for an id that is not down: the same bookkeeping slip as motion after
    /// up (wlroots#996), for the event a compositor sends alongside motion.
    @discardableResult
    public func strayTouchShape(id: Int32, major: Double, minor: Double, seat name: String = "seat0") -> Bool {
        guard let (seat, surface) = strayTarget(id: id, seat: name) else { return false }
        sendTouchShape(id: id, major: major, minor: minor, to: surface.client, seat: seat)
        return true
    }

    /// `wl_touch.orientation` (v6) for an id that is not down; see `strayTouchShape`.
    @discardableResult
    public func strayTouchOrientation(id: Int32, degrees: Double, seat name: String = "seat0") -> Bool {
        guard let (seat, surface) = strayTarget(id: id, seat: name) else { return false }
        sendTouchOrientation(id: id, degrees: degrees, to: surface.client, seat: seat)
        return true
    }

    /// `wl_touch.up` for an id that is not down: a second up, or an up for a touch the client never
    /// saw begin (Smithay forwarded up with no down before Smithay/smithay#868).
    @discardableResult
    public func strayTouchUp(id: Int32, seat name: String = "seat0") -> Bool {
        guard let (seat, surface) = strayTarget(id: id, seat: name) else { return false }
        sendTouchUp(id: id, to: surface.client, seat: seat)
        return true
    }

    /// `wl_touch.cancel` with no touch down on the seat, to the focus's client: a second cancel for
    /// a sequence already cancelled, or one after the last up — a compositor whose idea of the
    /// active touches differs from the client's (Smithay forwarded cancel with no down before
    /// Smithay/smithay#868). There is nothing to cancel, and a client must not invent anything.
    @discardableResult
    public func strayTouchCancel(seat name: String = "seat0") -> Bool {
        guard let seat = seat(named: name), seat.activeTouches.isEmpty, let focus = focusSurface else { return false }
        sendTouchCancel(to: [focus.client], seat: seat)
        return true
    }

    /// The seat and the focus surface for an event about `id`, if `id` is really not down.
    private func strayTarget(id: Int32, seat name: String) -> (SeatState, SurfaceState)? {
        guard let seat = seat(named: name), seat.activeTouches[id] == nil, let focus = focusSurface else { return nil }
        return (seat, focus)
    }

    // MARK: A second down

    /// `wl_touch.down` for an id that is already down, with no up in between, on the focus
    /// surface. wlroots before its touch-cancel support (swaywm/sway#7565, 2023) left a touch
    /// sequence that libinput cancelled unterminated, so the id came back in a new down while the
    /// client still held it; wlc sent no up at all (Cloudef/wlc#105).
    @discardableResult
    public func repeatedTouchDown(id: Int32, x: Double, y: Double, seat name: String = "seat0") -> Bool {
        guard let seat = seat(named: name), seat.activeTouches[id] != nil, let focus = focusSurface else { return false }
        let local = surfaceLocal(x: x, y: y, on: focus)
        sendTouchDown(id: id, x: local.x, y: local.y, on: focus, seat: seat)
        return true
    }

    // MARK: A down on the wrong surface

    /// The live surfaces of the toplevel's client other than the toplevel's own, oldest first
    /// (a cursor appears here once the client calls `wl_pointer.set_cursor`).
    public var otherSurfaces: [OtherSurface] {
        otherSurfaceStates.map {
            OtherSurface(objectID: $0.resource.id, role: $0.role, hasBuffer: $0.buffer != nil,
                         bufferSize: $0.bufferInfo.map { BufferSize(width: $0.width, height: $0.height) },
                         bufferScale: $0.scale,
                         viewportDestination: $0.viewportDestination.map { BufferSize(width: Int($0.width), height: Int($0.height)) },
                         subsurfacePosition: $0.subsurfacePosition,
                         placedBelowParent: $0.placedBelowParent)
        }
    }

    /// `otherSurfaces.count`, for `waitUntil { compositor.otherSurfaceCount > 0 }`.
    public var otherSurfaceCount: Int { otherSurfaceStates.count }

    var otherSurfaceStates: [SurfaceState] {
        guard let toplevelSurface = currentToplevel?.xdg.surface, toplevelSurface.resource.isAlive else { return [] }
        let client = toplevelSurface.client
        return surfaces.values
            .filter { $0 !== toplevelSurface && $0.resource.isAlive && $0.client == client }
            .sorted { $0.sequence < $1.sequence }
    }

    /// `wl_touch.down` on one of the client's surfaces that is not its mapped toplevel (e.g. its
    /// cursor), at surface-local `x`, `y` of that surface, whether or not `id` is already down.
    /// Later ordinary `touchMotion` / `touchUp` for `id` follow it there. A compositor that picks
    /// the touched surface wrongly does this: wlc reported touches on the view under the mouse
    /// pointer, not the one touched (Cloudef/wlc#266).
    @discardableResult
    public func touchDownOnOtherSurface(_ other: OtherSurface, id: Int32, x: Double, y: Double,
                                        seat name: String = "seat0") -> Bool {
        guard let seat = seat(named: name),
              let surface = otherSurfaceStates.first(where: { $0.resource.id == other.objectID }) else { return false }
        let local = surfaceLocal(x: x, y: y, on: surface)
        sendTouchDown(id: id, x: local.x, y: local.y, on: surface, seat: seat)
        return true
    }

    /// The pointer enters `other` (a subsurface such as a window frame) at `x`, `y` in its own
    /// coordinates; motion, buttons and leave then go there until it leaves.
    @discardableResult
    public func pointerEnter(on other: OtherSurface, x: Double, y: Double, seat name: String = "seat0") -> Bool {
        guard let seat = seat(named: name),
              let surface = otherSurfaceStates.first(where: { $0.resource.id == other.objectID }) else { return false }
        if seat.pointerFocus != nil { pointerLeave(seat: name) }
        seat.pointerFocus = surface
        let serial = display.nextSerial
        seat.pointerEnterSerial = serial
        for pointer in seat.pointers(of: surface.client) {
            pointer.sendEnter(serial: serial, surface: surface.resource, surfaceX: x, surfaceY: y)
        }
        display.flush()
        return true
    }

    // MARK: Touches abandoned without cancel

    /// Takes `.touch` away from the seat while touches are down, with no `wl_touch.cancel`: what
    /// wlroots does when the touch device is unplugged mid-touch (swaywm/wlroots#1997, "stuck touch
    /// points after removing touch device"). Same as `setCapabilities` without `.touch`;
    /// returns the ids that were down (empty, and nothing sent, when none was: then it would not
    /// be an anomaly).
    @discardableResult
    public func dropTouchCapabilityWithoutCancel(seat name: String = "seat0") -> [Int32] {
        guard let seat = seat(named: name), !seat.activeTouches.isEmpty else { return [] }
        let abandoned = seat.activeTouches.keys.sorted()
        setCapabilities(seat.capabilities.subtracting(.touch), seat: name)
        return abandoned
    }

    /// Withdraws the seat's global while touches are down, with no `wl_touch.cancel`. Compositors
    /// with a logical seat per group of devices (udev's `WL_SEAT`) can lose one with its touch
    /// screen; `wl_seat` has no event for its own end, only `wl_registry.global_remove`, and a
    /// compositor that sends no cancel first leaves the touches to the client (a touch screen
    /// switched off in such a setup: libsdl-org/SDL#4517). Same as `removeSeat`; returns the ids
    /// that were down (empty, and nothing sent, when none was).
    @discardableResult
    public func removeSeatWithoutCancel(_ name: String) -> [Int32] {
        guard let seat = seat(named: name), !seat.activeTouches.isEmpty else { return [] }
        let abandoned = seat.activeTouches.keys.sorted()
        removeSeat(name)
        return abandoned
    }
}
