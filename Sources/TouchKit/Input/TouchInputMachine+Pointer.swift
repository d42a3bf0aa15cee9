import Foundation

/// `wl_pointer`: a held button is a touch of type `indirectPointer`.
extension TouchInputMachine {
    /// A press while no button is down begins a touch at the last pointer position, motion while
    /// pressed moves it, releasing the last button ends it; hover moves nothing. Events wait for
    /// the pointer `frame` like touch events; a leave while pressed cancels at once.
    public func handle(_ input: RawPointerInput, seat: SeatID) {
        let state = self.state(for: seat)
        defer { updateHover(state) }
        if case .frame = input {} else { state.foreignDevices.remove("pointer") }
        switch input {
        case let .enter(location):
            // An enter without a leave before it: the old press can never be released here.
            if state.pointerTouch != nil { cancelPointer(of: state) }
            state.pointerLocation = location
            // Buttons held before entering belong to another surface's grab.
            state.pressedButtons.removeAll()

        case .leave:
            cancelPointer(of: state)
            state.pointerLocation = nil

        case let .motion(time, location):
            let seconds = state.timeline.seconds(for: time)
            state.pointerLocation = location
            guard let touch = state.pointerTouch else { return }  // hover moves nothing
            state.pointerFrame.move(touch, to: location, time: seconds)
            state.pointerFrame.note(InputEventNote(name: "motion", time: seconds))

        case let .button(time, button, pressed):
            let seconds = state.timeline.seconds(for: time)
            let event = InputEventNote(name: "button", id: Int64(button), time: seconds)
            if pressed {
                if state.pressedButtons.isEmpty {
                    guard let location = state.pointerLocation else {
                        report(.buttonWithoutLocation, state, device: "pointer", event.details)
                        return
                    }
                    let touch = Touch(type: .indirectPointer, seat: seat, seatName: state.name,
                                      identifier: Int32(truncatingIfNeeded: button),
                                      location: location, timestamp: seconds, number: takeTouchNumber())
                    touch.window = window
                    state.pointerTouch = touch
                    state.pointerFrame.addNew(touch)
                    state.pointerFrame.note(event)
                }
                state.pressedButtons.insert(button)
            } else {
                // A release we never saw pressed (pressed before enter) changes nothing.
                guard state.pressedButtons.remove(button) != nil, state.pressedButtons.isEmpty,
                      let touch = state.pointerTouch else { return }
                state.pointerTouch = nil
                state.pointerFrame.end(touch, as: .ended, time: seconds)
                state.pointerFrame.note(event, isUp: true)
            }

        case .frame:
            deliverFrame(of: .pointer, in: state)
        }
    }
}
