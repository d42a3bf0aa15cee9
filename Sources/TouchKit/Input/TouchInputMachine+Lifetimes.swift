import Foundation

/// Devices, seats and the surface going away, and the socket drained without a frame.
extension TouchInputMachine {
    public func touchCapabilityLost(seat: SeatID) {
        guard let state = seats[seat] else { return }
        cancelTouches(of: state)
    }

    public func pointerCapabilityLost(seat: SeatID) {
        guard let state = seats[seat] else { return }
        cancelPointer(of: state)
        state.pointerLocation = nil
    }

    public func seatRemoved(_ seat: SeatID) {
        guard let state = seats[seat] else { return }
        cancelTouches(of: state)
        cancelPointer(of: state)
        seats[seat] = nil
        taps.forget(seat: seat)
    }

    /// The window is gone: every touch of every seat is cancelled so no view is left tracking.
    public func surfaceLost() {
        for state in orderedSeats {
            cancelTouches(of: state)
            cancelPointer(of: state)
            state.pointerLocation = nil
        }
    }

    /// The socket was drained and events still wait for a frame: deliver them now, as if the
    /// frame had come, and report it. GNOME sends no frame after the last up; without this the
    /// finger would stay down forever.
    public func flushPendingInput() {
        for state in orderedSeats {
            if !state.touchFrame.isEmpty {
                report(state.touchFrame.sawUp ? .noFrameAfterUp : .eventsWithoutFrame, state,
                       device: "touch")
                deliverFrame(state.touchFrame.take())
            }
            if !state.pointerFrame.isEmpty {
                report(state.pointerFrame.sawUp ? .noFrameAfterUp : .eventsWithoutFrame, state,
                       device: "pointer")
                deliverFrame(state.pointerFrame.take())
            }
        }
    }
}
