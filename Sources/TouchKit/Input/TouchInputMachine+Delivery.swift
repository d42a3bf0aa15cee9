import Foundation

extension TouchInputMachine {
    /// One touch's part in a delivery; `change` carries the data to apply first, if any.
    struct Entry {
        let touch: Touch
        let phase: TouchPhase
        let change: PendingChange?
    }

    /// A completed frame: one delivery, plus a second one that ends the touches whose down and
    /// up both fell inside the frame (so views see them begin before they end).
    func deliverFrame(_ changes: [PendingChange]) {
        var first: [Entry] = [], second: [Entry] = []
        for change in changes {
            if change.isNew {
                first.append(Entry(touch: change.touch, phase: .began, change: change))
                if let end = change.end {
                    var ending = PendingChange(touch: change.touch, isNew: false)
                    ending.endTime = change.endTime
                    second.append(Entry(touch: change.touch, phase: end, change: ending))
                }
            } else if let end = change.end {
                first.append(Entry(touch: change.touch, phase: end, change: change))
            } else if change.changed {
                first.append(Entry(touch: change.touch, phase: .moved, change: change))
            }
        }
        deliver(first)
        deliver(second)
    }

    /// `wl_touch.cancel`, or the touch device, seat or surface going away: touches still
    /// waiting to begin are delivered as began first (the compositor did report them), then
    /// every touch of the seat is cancelled in one delivery at its latest known location.
    func cancelTouches(of state: SeatState) {
        let pending = state.touchFrame.take()
        state.touchesByID.removeAll()
        cancel(pending, of: state) { $0.type == .direct }
    }

    /// Leave or capability loss while a button is held.
    func cancelPointer(of state: SeatState) {
        let pending = state.pointerFrame.take()
        state.pointerTouch = nil
        state.pressedButtons.removeAll()
        cancel(pending, of: state) { $0.type == .indirectPointer }
    }

    private func cancel(_ pending: [PendingChange], of state: SeatState, where matches: (Touch) -> Bool) {
        deliver(pending.filter(\.isNew).map { Entry(touch: $0.touch, phase: .began, change: $0) })
        let now = state.timeline.latest
        let victims = live.filter { $0.seat == state.id && matches($0) }
        deliver(victims.map { touch in
            var change = PendingChange(touch: touch, isNew: false)
            if let old = pending.first(where: { $0.touch === touch && !$0.isNew }) {
                change.location = old.location
                change.samples = old.samples
                change.shape = old.shape
                change.orientation = old.orientation
            }
            change.endTime = now
            return Entry(touch: touch, phase: .cancelled, change: change)
        })
        for touch in victims { taps.touchCancelled(tapKey(touch)) }
    }

    /// Applies the entries, marks every other live touch stationary, and sends one event.
    func deliver(_ proposed: [Entry]) {
        // Only touches that may still take this phase: a guard against a handler that fed the
        // machine re-entrantly and already ended one of them.
        let entries = proposed.filter { entry in
            let isLive = live.contains { $0 === entry.touch }
            return entry.phase == .began ? !entry.touch.wasDelivered : isLive
        }
        guard !entries.isEmpty else { return }
        let changed = Set(entries.map(\.touch))
        for touch in live where !changed.contains(touch) {
            touch.phase = .stationary
            touch.previousWindowLocation = touch.windowLocation
            touch.coalescedLocations = [touch.windowLocation]
        }
        for entry in entries { apply(entry) }

        var all = Set(live)
        all.formUnion(changed)
        for entry in entries {
            switch entry.phase {
            case .began:
                live.append(entry.touch)
                entry.touch.wasDelivered = true
            case .ended, .cancelled: live.removeAll { $0 === entry.touch }
            case .moved, .stationary: break
            }
        }
        live.sort { $0.number < $1.number }

        let timestamp = entries.map(\.touch.timestamp).max() ?? 0
        let event = TouchEvent(timestamp: timestamp, allTouches: all)
        onDeliver?(event)
        window.sendEvent(event)
    }

    private func apply(_ entry: Entry) {
        let touch = entry.touch
        touch.previousWindowLocation = touch.windowLocation
        touch.coalescedLocations = [touch.windowLocation]
        if let change = entry.change {
            if let location = change.location { touch.windowLocation = location }
            if !change.samples.isEmpty { touch.coalescedLocations = change.samples }
            if let shape = change.shape {
                touch.majorRadius = shape.major / 2
                touch.minorRadius = shape.minor / 2
                touch.hasShape = true
            }
            if let orientation = change.orientation { touch.orientation = orientation }
            let time = entry.phase.isTerminal ? (change.endTime ?? change.time) : change.time
            if let time { touch.timestamp = time }
        }
        touch.maxDistanceFromStart = max(touch.maxDistanceFromStart,
                                         touch.windowLocation.distance(to: touch.beganWindowLocation))
        switch entry.phase {
        case .began:
            touch.previousWindowLocation = touch.windowLocation
            touch.beganWindowLocation = touch.windowLocation
            touch.maxDistanceFromStart = 0
            touch.tapCount = taps.count(for: tapKey(touch), beganAt: touch.windowLocation,
                                        time: touch.timestamp)
        case .ended:
            taps.touchEnded(tapKey(touch), beganAt: touch.beganWindowLocation,
                            travelled: touch.maxDistanceFromStart, time: touch.timestamp,
                            count: touch.tapCount)
        case .moved, .stationary, .cancelled:
            break
        }
        touch.phase = entry.phase
    }

    private func tapKey(_ touch: Touch) -> TapCounter.Key {
        TapCounter.Key(seat: touch.seat, type: touch.type)
    }
}
