/// The window's referee between gesture recognizers and views: which recognizers each touch
/// has, who sees it first, who wins, and what the view is told.
///
/// `Window.sendEvent(_:)` stays the one funnel; it consults the arena only for touches that
/// some recognizer took when they began, so views without recognizers go exactly the old way
/// (and a steady stream of such deliveries still allocates nothing). For the others, each
/// event goes first to the recognizers (all phases), whose state changes are settled —
/// competitors failed or cancelled, touches taken from the view, held deliveries released —
/// and only then to the views, minus what the arena withholds.
@MainActor
final class GestureArena {
    /// One touch that recognizers took, and what its view has been told of it.
    final class Record {
        let touch: Touch
        /// The recognizers that received it, hit view first, then up the ancestors.
        var recognizers: [GestureRecognizer] = []
        var viewSawBegan = false
        /// `touchesBegan` held back (`delaysTouchesBegan`).
        var beganHeld = false
        /// `touchesEnded` held back (`delaysTouchesEnded`).
        var endHeld = false
        /// The view was told `touchesCancelled`, or a recognizer took the touch before the view
        /// saw it: the view hears nothing more.
        var viewCancelled = false
        /// The view heard the touch end.
        var viewDone = false
        /// Kept from the view in the event being dispatched.
        var withheld = false
        /// The held began went out during the event being dispatched, already at the touch's
        /// new place: that event's move would count the same movement twice.
        var beganReleasedInThisEvent = false

        init(touch: Touch) { self.touch = touch }
    }

    unowned let window: Window
    var records: [Record] = []
    /// Recognizers that took input since their last reset, or are not in `possible`.
    var participants: [GestureRecognizer] = []
    var clock = GestureClock()
    /// State changes waiting to be settled, in order.
    var transitions: [(recognizer: GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State)] = []
    /// True while recognizer hooks run: their state changes settle when the hook returns.
    var isDelivering = false
    /// Events the window is dispatching, from their arrival (``eventArrived(at:)``) to their end
    /// (``finishEvent(_:)`` or ``endEvent()``). Their touches already show the event's phases
    /// while the views have not heard them, and the views' delivery reads their records (what
    /// each view was told), so no record may go before then: not when a time-out fires as the
    /// event arrives, nor however settled a recognizer's hook left it.
    var eventsInDispatch = 0
    var isSettling = false
    /// The touchpad gesture in progress and its stand-in touch.
    var touchpadTouch: Touch?
    /// `Window.onGestureStateChange`.
    var onStateChange: ((GestureRecognizer, GestureRecognizer.State) -> Void)?

    init(window: Window) {
        self.window = window
    }

    func record(for touch: Touch) -> Record? {
        records.first { $0.touch === touch }
    }

    /// Whether any of `touches` has recognizers: only then does the window consult the arena.
    func isInvolved(in touches: [Touch]) -> Bool {
        guard !records.isEmpty else { return false }
        return touches.contains { touch in records.contains { $0.touch === touch } }
    }

    func addParticipant(_ recognizer: GestureRecognizer) {
        if !participants.contains(where: { $0 === recognizer }) { participants.append(recognizer) }
    }

    /// Whether `recognizer` can take a new touch or gesture now: not while it waits for a
    /// required recognizer to fail, having decided already.
    func isOpen(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.pendingState == nil && receives(recognizer)
    }

    /// Whether `recognizer` hears more of the touches it took: also while it waits, so one
    /// that is let through later has not missed their end.
    func receives(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.isEnabled && (recognizer.storedState == .possible || recognizer.storedState.isInProgress)
    }

    /// The recognizers of `view` and its ancestors, nearest first.
    func recognizers(from view: View?) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var current = view
        while let candidate = current {
            found.append(contentsOf: candidate.storedGestureRecognizers)
            current = candidate.superview
        }
        return found
    }

    // MARK: Touches

    /// A touch began over `hit`: the open recognizers of `hit` and its ancestors that allow its
    /// type and whose delegate agrees take it.
    func touchBegan(_ touch: Touch, over hit: View) {
        let candidates = recognizers(from: hit)
        guard !candidates.isEmpty else { return }
        let record = Record(touch: touch)
        for recognizer in candidates where isOpen(recognizer) && recognizer.allowedTouchTypes.contains(touch.type) {
            if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) { continue }
            recognizer.trackedTouches.append(touch)
            recognizer.isParticipating = true
            record.recognizers.append(recognizer)
            addParticipant(recognizer)
        }
        if !record.recognizers.isEmpty { records.append(record) }
    }

    func recognizer(_ recognizer: GestureRecognizer, ignores touch: Touch) {
        record(for: touch)?.recognizers.removeAll { $0 === recognizer }
    }

    /// Each recognizer gets its touches of each phase, began to cancelled, settling after each.
    func deliverToRecognizers(_ touches: [Touch], with event: TouchEvent) {
        for phase in TouchDispatch.phases {
            var groups: [(recognizer: GestureRecognizer, touches: Set<Touch>)] = []
            for touch in touches where touch.phase == phase {
                guard let record = record(for: touch) else { continue }
                for recognizer in record.recognizers where receives(recognizer)
                    && recognizer.trackedTouches.contains(where: { $0 === touch }) {
                    if let index = groups.firstIndex(where: { $0.recognizer === recognizer }) {
                        groups[index].touches.insert(touch)
                    } else {
                        groups.append((recognizer, [touch]))
                    }
                }
            }
            for group in groups {
                // An earlier recognizer's win may have stopped this one meanwhile.
                guard receives(group.recognizer) else { continue }
                runHook {
                    switch phase {
                    case .began: group.recognizer.touchesBegan(group.touches, with: event)
                    case .moved: group.recognizer.touchesMoved(group.touches, with: event)
                    case .ended: group.recognizer.touchesEnded(group.touches, with: event)
                    case .cancelled: group.recognizer.touchesCancelled(group.touches, with: event)
                    case .stationary: break
                    }
                }
            }
        }
    }

    /// Runs recognizer code, then settles the state changes it made.
    func runHook(_ body: () -> Void) {
        let wasDelivering = isDelivering
        isDelivering = true
        body()
        isDelivering = wasDelivering
        if !isDelivering { settle() }
    }

    /// After the views heard the event: finished touches leave their recognizers, records whose
    /// view has heard everything go, and recognizers whose touches are all done are reset.
    func finishEvent(_ touches: [Touch]) {
        for recognizer in participants where !recognizer.trackedTouches.isEmpty {
            recognizer.lastWindowLocation = recognizer.currentWindowLocation()
        }
        for touch in touches where touch.phase.isTerminal {
            guard let record = record(for: touch) else { continue }
            for recognizer in record.recognizers {
                recognizer.trackedTouches.removeAll { $0 === touch }
            }
            // Recognizers that ignored the touch are not in the record any more.
            for recognizer in participants { recognizer.trackedTouches.removeAll { $0 === touch } }
        }
        for record in records { record.beganReleasedInThisEvent = false }
        endEvent()
        resetFinished()
    }

    /// The event the window was dispatching is over; for one no recognizer took part in, all
    /// there is to do.
    func endEvent() {
        eventsInDispatch -= 1
        removeSettledRecords()
    }

    /// Drops the records whose touch is over, whose view has heard all it will, and whose
    /// recognizers have all decided; not while an event is between its recognizers and its
    /// views. A record is what makes its recognizers competitors: one still deciding (waiting
    /// for another to fail, or for a time-out) must still meet the others that shared the touch
    /// when it recognizes, be stopped by them or stop them, however long ago the touch ended.
    func removeSettledRecords() {
        guard eventsInDispatch == 0 else { return }
        records.removeAll { record in
            record.touch.phase.isTerminal && !record.endHeld && !record.beganHeld
                && record.touch !== touchpadTouch
                && !participants.contains { $0.trackedTouches.contains { $0 === record.touch } }
                && !record.recognizers.contains { $0.storedState == .possible }
        }
    }
}
