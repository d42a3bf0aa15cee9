/// Time-outs: recognizers' deadlines on the input clock, fired in order as time advances.
extension GestureArena {
    func schedule(at time: Double, for recognizer: GestureRecognizer, _ handler: @escaping @MainActor () -> Void) {
        addParticipant(recognizer)
        clock.schedule(at: time, for: recognizer, handler)
    }

    func cancelTimeouts(for recognizer: GestureRecognizer) {
        clock.cancel(for: recognizer)
    }

    /// An event stamped `time` arrives: time moves there and what fell due before it fires
    /// first, so the event meets recognizers that already know their time ran out. Its dispatch
    /// begins here (``eventsInDispatch``); the window ends it.
    func eventArrived(at time: Double) {
        eventsInDispatch += 1
        for record in records { record.beganReleasedInThisEvent = false }
        clock.noteEvent(at: time, windowTime: window.clock())
        fireDue()
    }

    /// Moves the gesture clock to `time` (input clock) and fires what fell due.
    func advance(to time: Double) {
        clock.move(to: time)
        fireDue()
    }

    /// Moves the gesture clock to the input time the window clock reads now.
    func advanceToWindowClock() {
        guard !clock.timeouts.isEmpty, let time = clock.inputTime(forWindowTime: window.clock()) else { return }
        advance(to: time)
    }

    private func fireDue() {
        guard !clock.timeouts.isEmpty else { return }
        while let due = clock.takeDue() {
            runHook { due.handler() }
        }
        resetFinished()
        settle()
    }
}
