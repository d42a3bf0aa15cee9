/// What the view of a touch that recognizers took is told, and when: `delaysTouchesBegan`,
/// `delaysTouchesEnded` and `cancelsTouchesInView`.
extension GestureArena {
    /// Some recognizer of the touch is still deciding and holds back its `touchesBegan`.
    func delaysBegan(_ record: Record) -> Bool {
        record.recognizers.contains { $0.isEnabled && $0.delaysTouchesBegan && $0.storedState == .possible }
    }

    /// Some recognizer of the touch is still deciding and holds back its `touchesEnded`.
    func delaysEnded(_ record: Record) -> Bool {
        record.recognizers.contains { $0.isEnabled && $0.delaysTouchesEnded && $0.storedState == .possible }
    }

    /// Decides, after the recognizers heard the event, which of its touches the views hear now.
    func prepareViewDelivery(_ touches: [Touch]) {
        for touch in touches {
            guard let record = record(for: touch) else { continue }
            record.withheld = false
            guard touch.view != nil, touch.phase != .stationary else { continue }
            if record.viewCancelled || record.viewDone {
                record.withheld = true
                continue
            }
            switch touch.phase {
            case .began:
                if delaysBegan(record) {
                    record.beganHeld = true
                    record.withheld = true
                } else {
                    record.viewSawBegan = true
                }
            case .moved:
                record.withheld = record.beganHeld || record.beganReleasedInThisEvent
            case .ended:
                if record.beganHeld || delaysEnded(record) {
                    record.endHeld = true
                    record.withheld = true
                } else {
                    record.viewDone = true
                }
            case .cancelled:
                // A view that never saw the touch begin has nothing to cancel.
                record.withheld = record.beganHeld
                record.beganHeld = false
                record.viewDone = true
            case .stationary:
                break
            }
        }
    }

    /// Whether the window leaves `touch` out of the views' delivery of this event.
    func isWithheld(_ touch: Touch) -> Bool {
        record(for: touch)?.withheld ?? false
    }

    /// Delivers what was held once no recognizer holds it any more: the began (at the touch's
    /// current place), then a held end.
    func releaseHeldTouches() {
        for record in records where !record.viewCancelled && (record.beganHeld || record.endHeld) {
            guard let view = record.touch.view else { continue }
            if record.beganHeld, !delaysBegan(record) {
                record.beganHeld = false
                record.viewSawBegan = true
                record.beganReleasedInThisEvent = true
                deliver(record.touch, as: .began, to: view)
            }
            if record.endHeld, !record.beganHeld, !delaysEnded(record) {
                record.endHeld = false
                record.viewDone = true
                deliver(record.touch, as: .ended, to: view)
            }
        }
        removeSettledRecords()
    }

    /// `winner` recognized: the views of its touches hear `touchesCancelled` for those they saw
    /// begin and nothing more of any of them.
    func cancelViewTouches(of winner: GestureRecognizer) {
        for record in records where record.recognizers.contains(where: { $0 === winner }) && !record.viewCancelled {
            record.viewCancelled = true
            record.beganHeld = false
            let heardEnd = record.viewDone
            record.viewDone = true
            record.endHeld = false
            guard let view = record.touch.view, record.viewSawBegan, !heardEnd else { continue }
            deliver(record.touch, as: .cancelled, to: view)
        }
    }

    /// One late or replacement delivery of `touch` to its view, outside the event that carried
    /// it: the touch shows `phase` during the call, and the event holds the window's touches.
    /// It has no coalesced or predicted touches (those belong to the original delivery).
    func deliver(_ touch: Touch, as phase: TouchPhase, to view: View) {
        let event = TouchEvent()
        for tracked in window.trackedTouches { event.allTouches.insert(tracked) }
        event.allTouches.insert(touch)
        event.begin(timestamp: clock.now, serial: 0, predictionInterval: 0)
        let saved = touch.phase
        touch.phase = phase
        let touches: Set<Touch> = [touch]
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .stationary: break
        }
        touch.phase = saved
    }
}
