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
        if holdsMovesUntilDisplayFrame, Self.allMoveOnly(changes) {
            for change in changes { hold(change.touch) }
            return
        }
        if Self.endsAHeldTouch(changes) {
            // Touches cancelled in this frame keep their held samples for the cancellation.
            var held = entryBuffers.borrow()
            appendHeldEntries(to: &held) { touch in
                changes.contains { $0.touch === touch && $0.end == .cancelled }
            }
            deliver(&held)
            entryBuffers.giveBack(&held)
        }
        var first = entryBuffers.borrow(), second = entryBuffers.borrow()
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
        appendHeldEntries(to: &first) { touch in Self.changes(changes, include: touch) }
        deliver(&first)
        deliver(&second)
        entryBuffers.giveBack(&first)
        entryBuffers.giveBack(&second)
    }

    /// Delivers the frame that `device` of `state` just completed.
    func deliverFrame(of device: FrameDevice, in state: SeatState) {
        var changes = takeChanges(of: device, in: state)
        deliverFrame(changes)
        changeBuffers.giveBack(&changes)
    }

    /// The changes gathered for `device` of `state`, in a buffer borrowed from `changeBuffers`
    /// (give it back when done); the device starts a new frame in the buffer it had lent.
    func takeChanges(of device: FrameDevice, in state: SeatState) -> [PendingChange] {
        var changes = changeBuffers.borrow()
        switch device {
        case .touch: state.touchFrame.take(into: &changes)
        case .pointer: state.pointerFrame.take(into: &changes)
        }
        return changes
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
        var pending = takeChanges(of: .touch, in: state)
        state.touchesByID.removeAll()
        state.ignoredTouchIDs.removeAll()
        state.touchActivity.removeAll()
        cancel(pending, of: state) { $0.type == .direct }
        changeBuffers.giveBack(&pending)
    }

    /// Leave or capability loss while a button is held.
    func cancelPointer(of state: SeatState) {
        var pending = takeChanges(of: .pointer, in: state)
        state.pointerTouch = nil
        state.pressedButtons.removeAll()
        cancel(pending, of: state) { $0.type == .indirectPointer }
        changeBuffers.giveBack(&pending)
    }

    /// The cancelled touches take every sample received and not delivered — held or still
    /// waiting for a frame — into the cancellation, so their last location is the latest known
    /// one and they are never reported moved afterwards. Other touches' held moves join the
    /// cancelling event.
    func cancel(_ pending: [PendingChange], of state: SeatState, where matches: (Touch) -> Bool) {
        closeFrame(pending)
        var entries = entryBuffers.borrow()
        defer { entryBuffers.giveBack(&entries) }
        for change in pending where change.isNew {
            entries.append(Entry(touch: change.touch, phase: .began))
        }
        deliver(&entries)
        entries.removeAll(keepingCapacity: true)
        let now = state.timeline.latest
        let victims = live.filter { $0.seat == state.id && matches($0) }
        guard !victims.isEmpty else { return }
        for touch in victims { entries.append(Entry(touch: touch, phase: .cancelled, endTime: now)) }
        appendHeldEntries(to: &entries) { touch in victims.contains { $0 === touch } }
        deliver(&entries)
        for touch in victims { taps.touchCancelled(tapKey(touch)) }
    }

    /// Applies the entries, marks every other live touch stationary, and sends one event.
    ///
    /// Drops the entries that no longer apply from `entries` first. In a steady state this
    /// allocates nothing: each touch's samples move between its reused buffers, the entry
    /// buffers are borrowed (`entryBuffers`), and the event is the previous delivery's when no
    /// one kept that (`recycledEvent`).
    func deliver(_ entries: inout [Entry]) {
        dropEntriesThatNoLongerApply(&entries)
        guard !entries.isEmpty else { return }
        deliverySerial &+= 1
        // A linear search, not a set: a delivery holds a handful of touches, and a set would
        // be storage to allocate or keep.
        for touch in live where !Self.entries(entries, include: touch) {
            touch.phase = .stationary
            touch.previousWindowLocation = touch.windowLocation
            touch.deliverUnchanged(serial: deliverySerial)
        }
        for entry in entries { apply(entry) }

        let event = eventForDelivery()
        for touch in live { event.allTouches.insert(touch) }
        var timestamp = -TimeInterval.infinity
        for entry in entries {
            event.allTouches.insert(entry.touch)
            timestamp = max(timestamp, entry.touch.timestamp)
            switch entry.phase {
            case .began:
                // Inserted in order of number, so `live` stays sorted without sorting.
                var index = live.endIndex
                for (i, touch) in live.enumerated() where touch.number > entry.touch.number {
                    index = i
                    break
                }
                live.insert(entry.touch, at: index)
                entry.touch.wasDelivered = true
            case .ended, .cancelled: live.removeObject(entry.touch)
            case .moved, .stationary: break
            }
        }
        event.begin(timestamp: timestamp, serial: deliverySerial, predictionInterval: predictionInterval)
        onDeliver?(event)
        window.sendEvent(event)
    }

    /// Only touches that may still take this phase: a guard against a handler that fed the
    /// machine re-entrantly and already ended one of them. A loop, not `removeAll(where:)`, for
    /// the reason `IdentityScan.swift` gives; the order of the rest is kept.
    private func dropEntriesThatNoLongerApply(_ entries: inout [Entry]) {
        var kept = 0
        for index in entries.indices {
            let entry = entries[index]
            let drop = entry.phase == .began ? entry.touch.wasDelivered : !live.containsObject(entry.touch)
            guard !drop else { continue }
            if kept != index { entries[kept] = entry }
            kept += 1
        }
        entries.removeSubrange(kept...)
    }

    // Scans of a frame's changes and a delivery's entries, as loops for the reason
    // `IdentityScan.swift` gives: they run on every touch frame.

    private static func allMoveOnly(_ changes: [PendingChange]) -> Bool {
        for change in changes where !change.isMoveOnly { return false }
        return true
    }

    /// A touch that already began ends in this frame while it has held moves.
    private static func endsAHeldTouch(_ changes: [PendingChange]) -> Bool {
        for change in changes where !change.isNew && change.end == .ended && change.touch.heldSampleCount > 0 {
            return true
        }
        return false
    }

    static func changes(_ changes: [PendingChange], include touch: Touch) -> Bool {
        for change in changes where change.touch === touch { return true }
        return false
    }

    private static func entries(_ entries: [Entry], include touch: Touch) -> Bool {
        for entry in entries where entry.touch === touch { return true }
        return false
    }

    /// An empty event for the next delivery: the previous delivery's when no one else holds it,
    /// as UIKit reuses its `UIEvent`, else a new one. Whoever kept an event keeps it unchanged,
    /// along with the snapshots it handed out; touches themselves live on and change anyway.
    private func eventForDelivery() -> TouchEvent {
        if isKnownUniquelyReferenced(&recycledEvent), let event = recycledEvent {
            event.reset()
            return event
        }
        let event = TouchEvent()
        recycledEvent = event
        return event
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
