internal import CWaylandServer
internal import WaylandServer
import Glibc

/// Seats as a test adds, changes and removes them.
extension ScriptedCompositor {
    public var seatNames: [String] { seats.filter { !$0.removed }.map(\.name) }

    public func capabilities(of seat: String) -> Capabilities? { self.seat(named: seat)?.capabilities }

    /// Changes a seat's capabilities and announces them to every client (`wl_seat.capabilities`).
    ///
    /// Losing `.touch` sends no `wl_touch.cancel`: the touches that were down are forgotten, and
    /// the client's `wl_touch` objects stay valid but hear nothing more about them, as with wlroots
    /// when the touch device is unplugged mid-touch (swaywm/wlroots#1997). A client must cancel them
    /// itself. `Misbehaviour.swift` names this for tests: `dropTouchCapabilityWithoutCancel`.
    public func setCapabilities(_ caps: Capabilities, seat name: String = "seat0") {
        guard let seat = seat(named: name) else { return }
        seat.capabilities = caps
        if !caps.contains(.touch) { seat.activeTouches.removeAll() }
        for resource in seat.seats { resource.sendCapabilities(capabilities: WlSeat.Capability(rawValue: caps.rawValue)) }
        display.flush()
    }

    /// Adds a seat global (or, for an existing name, sets its capabilities).
    public func addSeat(_ name: String, capabilities: Capabilities) {
        if seat(named: name) != nil {
            setCapabilities(capabilities, seat: name)
            return
        }
        guard let seat = try? makeSeat(name, capabilities: capabilities) else { return }
        seats.append(seat)
        display.flush()
    }

    /// How many live `wl_touch` objects clients have made from the seat `name`: a test waits for
    /// one before sending touches to a seat it just added, since a touch sent before the client
    /// asked for its `wl_touch` goes nowhere.
    public func touchObjectCount(seat name: String) -> Int {
        seat(named: name)?.touches.count { $0.isAlive } ?? 0
    }

    /// Withdraws a seat: clients get `global_remove`; their objects stay valid but receive nothing.
    ///
    /// Touches that were down get no `wl_touch.cancel` and no `up`; the client must cancel them
    /// itself. `Misbehaviour.swift` names this for tests: `removeSeatWithoutCancel`. A touchpad
    /// gesture in progress gets no end either, and a seat added later under the name starts free.
    public func removeSeat(_ name: String) {
        guard let seat = seat(named: name), let global = seat.global, let raw = global.raw else { return }
        seat.removed = true
        seat.activeTouches.removeAll()
        pointerGestures.active[name] = nil
        wl_global_remove(raw)
        retire { global.destroy() }
        seat.global = nil
        seats.removeAll { $0 === seat }
        display.flush()
    }
}
