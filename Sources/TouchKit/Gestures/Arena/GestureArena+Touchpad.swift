/// Touchpad gestures: one stand-in touch per swipe or pinch, shared by the recognizers that
/// accepted it, so exclusivity and simultaneity work as for fingers; views never see it.
extension GestureArena {
    func touchpadGesture(_ gesture: TouchpadGesture) {
        clock.noteEvent(at: gesture.time, windowTime: window.clock())
        advance(to: gesture.time)
        switch gesture.kind {
        case .hold:
            // Heard by the recognizers a touchpad gesture still drives (a pan stops on it).
            for recognizer in participants where recognizer.touchpadContact != nil && receives(recognizer) {
                runHook { recognizer.touchpadGesture(gesture) }
            }
        case .swipe, .pinch:
            switch gesture.phase {
            case .began: beginTouchpadSequence(gesture)
            case .changed: continueTouchpadSequence(gesture)
            case .ended, .cancelled: endTouchpadSequence(gesture)
            }
        }
    }

    private func touchpadRecognizers() -> [GestureRecognizer] {
        guard let touch = touchpadTouch, let record = record(for: touch) else { return [] }
        return record.recognizers
    }

    private func beginTouchpadSequence(_ gesture: TouchpadGesture) {
        // A begin without the previous end: that gesture is over, taken back.
        if touchpadTouch != nil {
            var cancel = gesture
            cancel.phase = .cancelled
            endTouchpadSequence(cancel)
        }
        guard !window.isIgnoringInteractionEvents,
              let hit = window.hitTest(gesture.location, with: nil) else { return }
        let touch = Touch(type: .indirectPointer, seat: SeatID(0), seatName: "touchpad",
                          identifier: Int32(clamping: gesture.fingers), location: gesture.location,
                          timestamp: gesture.time, number: 0)
        touch.window = window
        touch.isRouted = true
        let record = Record(touch: touch)
        for recognizer in recognizers(from: hit) where isOpen(recognizer)
            && recognizer.allowedTouchTypes.contains(.indirectPointer)
            && recognizer.acceptsTouchpadGesture(gesture.kind, fingers: gesture.fingers) {
            recognizer.touchpadContact = (gesture.fingers, gesture.location)
            recognizer.trackedTouches.append(touch)
            recognizer.isParticipating = true
            record.recognizers.append(recognizer)
            addParticipant(recognizer)
        }
        guard !record.recognizers.isEmpty else { return }
        touchpadTouch = touch
        records.append(record)
        deliverTouchpad(gesture)
    }

    private func continueTouchpadSequence(_ gesture: TouchpadGesture) {
        guard let touch = touchpadTouch else { return }
        touch.windowLocation = gesture.location
        touch.timestamp = gesture.time
        deliverTouchpad(gesture)
    }

    private func endTouchpadSequence(_ gesture: TouchpadGesture) {
        guard let touch = touchpadTouch else { return }
        deliverTouchpad(gesture)
        let recognizers = touchpadRecognizers()
        touchpadTouch = nil
        touch.phase = gesture.phase == .cancelled ? .cancelled : .ended
        for recognizer in recognizers {
            recognizer.lastWindowLocation = gesture.location
            recognizer.touchpadContact = nil
            recognizer.trackedTouches.removeAll { $0 === touch }
            // A recognizer that let the end pass undecided has nothing left to decide on.
            if recognizer.storedState.isInProgress {
                recognizer.state = .cancelled
            } else if recognizer.storedState == .possible, recognizer.pendingState == nil {
                recognizer.state = .failed
            }
        }
        records.removeAll { $0.touch === touch }
        resetFinished()
        settle()
    }

    private func deliverTouchpad(_ gesture: TouchpadGesture) {
        for recognizer in touchpadRecognizers() where receives(recognizer) {
            recognizer.touchpadContact = (gesture.fingers, gesture.location)
            runHook { recognizer.touchpadGesture(gesture) }
        }
    }
}
