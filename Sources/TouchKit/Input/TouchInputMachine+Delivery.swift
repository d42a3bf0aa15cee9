import Foundation

extension TouchInputMachine {
    /// One touch's part in a delivery.
    struct Entry {
        let touch: Touch
        let phase: TouchPhase
        /// The time of an end; `nil` keeps the time of the touch's last sample.
        var endTime: TimeInterval?
        /// How many of the touch's incoming samples this delivery takes; `nil` for all of them.
        var sampleLimit: Int?
    }

    /// A completed frame: one delivery, plus a second one that ends the touches whose down and
    /// up both fell inside the frame (so views see them begin before they end).
    ///
    /// With `holdsMovesUntilDisplayFrame`, a frame of moves only is held instead. Any other frame
    /// is delivered at once with every held move folded in, except that a touch whose held moves
    /// are followed by its up is never reported moved and ended in one event: the held moves
    /// then go first, in an event of their own.
    func deliverFrame(_ changes: [PendingChange]) {
        guard !changes.isEmpty else { return }
        closeFrame(changes)
        if holdsMovesUntilDisplayFrame, changes.allSatisfy(\.isMoveOnly) {
            for change in changes { hold(change.touch) }
            return
        }
        let endsAHeldTouch = changes.contains {
            !$0.isNew && $0.end == .ended && $0.touch.heldSampleCount > 0
        }
        if endsAHeldTouch {
            // Touches cancelled in this frame keep their held samples for the cancellation.
            deliver(takeHeldEntries { touch in
                changes.contains { $0.touch === touch && $0.end == .cancelled }
            })
        }
        var first: [Entry] = [], second: [Entry] = []
        for change in changes {
            if change.isNew {
                first.append(Entry(touch: change.touch, phase: .began))
                if let end = change.end {
                    second.append(Entry(touch: change.touch, phase: end, endTime: change.endTime))
                }
            } else if let end = change.end {
                first.append(Entry(touch: change.touch, phase: end, endTime: change.endTime))
            } else if change.changed {
                first.append(Entry(touch: change.touch, phase: .moved))
            }
        }
        first += takeHeldEntries { touch in changes.contains { $0.touch === touch } }
        deliver(first)
        deliver(second)
    }

    /// The frame is complete: a touch changed by shape or orientation alone gets a sample at its
    /// latest position, and the frame's shape and orientation apply to all its samples.
    func closeFrame(_ changes: [PendingChange]) {
        for change in changes {
            let touch = change.touch
            var count = change.sampleCount
            if change.changed, count == 0 {
                var sample = touch.latestSample
                sample.phase = .moved
                touch.incoming.append(sample)
                count = 1
            }
            guard change.shape != nil || change.orientation != nil else { continue }
            for index in touch.incoming.indices.suffix(count) {
                if let shape = change.shape {
                    touch.incoming[index].majorRadius = shape.major / 2
                    touch.incoming[index].minorRadius = shape.minor / 2
                    touch.incoming[index].hasShape = true
                }
                if let orientation = change.orientation {
                    touch.incoming[index].orientation = orientation
                }
            }
        }
    }

    /// `wl_touch.cancel`, or the touch device, seat or surface going away: touches still
    /// waiting to begin are delivered as began first (the compositor did report them), then
    /// every touch of the seat is cancelled in one delivery at its latest known location.
    func cancelTouches(of state: SeatState) {
        let pending = state.touchFrame.take()
        state.touchesByID.removeAll()
        state.touchActivity.removeAll()
        cancel(pending, of: state) { $0.type == .direct }
    }

    /// Leave or capability loss while a button is held.
    func cancelPointer(of state: SeatState) {
        let pending = state.pointerFrame.take()
        state.pointerTouch = nil
        state.pressedButtons.removeAll()
        cancel(pending, of: state) { $0.type == .indirectPointer }
    }

    /// The cancelled touches take every sample received and not delivered — held or still
    /// waiting for a frame — into the cancellation, so their last location is the latest known
    /// one and they are never reported moved afterwards. Other touches' held moves join the
    /// cancelling event.
    private func cancel(_ pending: [PendingChange], of state: SeatState, where matches: (Touch) -> Bool) {
        closeFrame(pending)
        deliver(pending.filter(\.isNew).map { Entry(touch: $0.touch, phase: .began) })
        let now = state.timeline.latest
        let victims = live.filter { $0.seat == state.id && matches($0) }
        guard !victims.isEmpty else { return }
        var entries = victims.map { Entry(touch: $0, phase: .cancelled, endTime: now) }
        entries += takeHeldEntries { touch in victims.contains { $0 === touch } }
        deliver(entries)
        for touch in victims { taps.touchCancelled(tapKey(touch)) }
    }

    /// Applies the entries, marks every other live touch stationary, and sends one event.
    ///
    /// Allocates the event and a few arrays and sets sized by the number of touches, never by
    /// the number of samples: each touch's samples move between its reused buffers.
    func deliver(_ proposed: [Entry]) {
        // Only touches that may still take this phase: a guard against a handler that fed the
        // machine re-entrantly and already ended one of them.
        let entries = proposed.filter { entry in
            let isLive = live.contains { $0 === entry.touch }
            return entry.phase == .began ? !entry.touch.wasDelivered : isLive
        }
        guard !entries.isEmpty else { return }
        deliverySerial &+= 1
        let changed = Set(entries.lazy.map(\.touch))
        for touch in live where !changed.contains(touch) {
            touch.phase = .stationary
            touch.previousWindowLocation = touch.windowLocation
            touch.deliverUnchanged(serial: deliverySerial)
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

        let timestamp = entries.lazy.map(\.touch.timestamp).max() ?? 0
        let event = TouchEvent(timestamp: timestamp, allTouches: all, serial: deliverySerial,
                               predictionInterval: predictionInterval)
        onDeliver?(event)
        window.sendEvent(event)
    }

    private func apply(_ entry: Entry) {
        let touch = entry.touch
        let previous = touch.windowLocation
        touch.takeIncomingSamples(limit: entry.sampleLimit)
        if entry.phase.isTerminal {
            var end = touch.delivered.last ?? touch.currentSample
            end.phase = entry.phase
            if let endTime = entry.endTime { end.timestamp = endTime }
            touch.delivered.append(end)
        } else if touch.delivered.isEmpty {
            var sample = touch.currentSample
            sample.phase = entry.phase
            touch.delivered.append(sample)
        }
        touch.deliverySerial = deliverySerial
        touch.adoptLastDeliveredSample()
        touch.previousWindowLocation = previous
        for sample in touch.delivered {
            touch.maxDistanceFromStart = max(touch.maxDistanceFromStart,
                                             sample.location.distance(to: touch.beganWindowLocation))
        }
        switch entry.phase {
        case .began:
            touch.previousWindowLocation = touch.windowLocation
            touch.beganWindowLocation = touch.windowLocation
            touch.maxDistanceFromStart = 0
            touch.tapCount = taps.count(for: tapKey(touch), beganAt: touch.windowLocation,
                                        time: touch.timestamp)
            touch.rememberDeliveredSamples()
        case .moved:
            touch.rememberDeliveredSamples()
        case .ended:
            taps.touchEnded(tapKey(touch), beganAt: touch.beganWindowLocation,
                            travelled: touch.maxDistanceFromStart, time: touch.timestamp,
                            count: touch.tapCount)
        case .stationary, .cancelled:
            break
        }
        touch.phase = entry.phase
    }

    func tapKey(_ touch: Touch) -> TapCounter.Key {
        TapCounter.Key(seat: touch.seat, type: touch.type)
    }
}
