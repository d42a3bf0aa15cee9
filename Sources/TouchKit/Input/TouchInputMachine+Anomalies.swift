import Foundation

/// Anomalies the raw event stream alone cannot show: the app reports them through these.
extension TouchInputMachine {
    /// Reports, as `possibly-stuck`, every touch (pencil touches included) that has been down (down seen, no up or
    /// cancel) for at least `stuckTouchThreshold` seconds since its last event. Each touch is
    /// reported once, then again only after a new event for it and another quiet spell. The
    /// touch is not ended: a finger held perfectly still sends nothing either.
    ///
    /// Call it from a timer. `now` is on the window's clock (`Window.clock`), which also stamps
    /// each event's arrival; `checkForStuckTouches()` reads it for you.
    public func checkForStuckTouches(now: TimeInterval) {
        for state in orderedSeats {
            for id in state.touchActivity.keys.sorted() where state.touchesByID[id] != nil {
                guard let activity = state.touchActivity[id], !activity.reportedStuck else { continue }
                let idle = now - activity.arrival
                guard idle >= stuckTouchThreshold else { continue }
                state.touchActivity[id]?.reportedStuck = true
                var details = activity.lastEvent.details
                details["id"] = "\(id)"
                details["idle"] = String(format: "%.1f", idle)
                report(.possiblyStuck, state, device: "touch", details)
            }
            checkForStuckTools(of: state, now: now)
        }
    }

    /// `checkForStuckTouches(now:)` at the window clock's current time.
    public func checkForStuckTouches() {
        checkForStuckTouches(now: window.clock())
    }

    /// The glue received `event` (the protocol event's name, e.g. "down", "enter") from
    /// `device` ("touch" or "pointer") of `seat` for a surface that is not ours, and dropped it.
    /// Reported as `foreign-surface` once per run: further foreign events of the same seat and
    /// device are the same occurrence until an event for our surface arrives from that device
    /// (`frame` excepted, which names no surface). `id` and `time` (the event's raw
    /// millisecond stamp, as received) go into the details when given.
    public func foreignSurfaceEvent(seat: SeatID, device: String, event: String,
                                    id: Int32? = nil, time: UInt32? = nil) {
        let state = self.state(for: seat)
        guard state.foreignDevices.insert(device).inserted else { return }
        var details = ["event": event]
        if let id { details["id"] = "\(id)" }
        if let time { details["time"] = "\(time)" }
        report(.foreignSurface, state, device: device, details)
    }

    /// Before the machine cancels a seat's touches itself because the device or seat went away:
    /// if the compositor left any active, report them.
    func reportLostWithoutCancel(_ state: SeatState, event: String) {
        var touches = live.filter { $0.seat == state.id && $0.type == .direct }
        touches += state.touchFrame.changes.lazy.filter(\.isNew).map(\.touch)
        guard !touches.isEmpty else { return }
        let ids = touches.map(\.identifier).sorted().map(String.init).joined(separator: ",")
        report(.lostWithoutCancel, state, device: "touch",
               ["event": event, "touches": "\(touches.count)", "ids": ids])
    }
}
