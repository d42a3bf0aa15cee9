import Foundation

/// Devices, seats and the surface going away, and the socket drained without a frame.
extension TouchInputMachine {
    /// Cancels the seat's touches; touches the compositor had not cancelled first are reported
    /// as `lost-without-cancel`.
    public func touchCapabilityLost(seat: SeatID) {
        guard let state = seats[seat] else { return }
        reportLostWithoutCancel(state, event: "capability-lost")
        cancelTouches(of: state)
    }

    /// Cancels the pointer touch of `seat` if a button is held, and forgets the pointer position;
    /// call it when the seat's capabilities drop `pointer`.
    public func pointerCapabilityLost(seat: SeatID) {
        guard let state = seats[seat] else { return }
        cancelPointer(of: state)
        state.pointerLocation = nil
        updateHover(state)
    }

    /// Cancels the seat's touches, pointer press and pencil touches and forgets the seat;
    /// touches the compositor had not cancelled first are reported as `lost-without-cancel`,
    /// tools still down as `removed-while-down`.
    public func seatRemoved(_ seat: SeatID) {
        guard let state = seats[seat] else { return }
        reportLostWithoutCancel(state, event: "seat-removed")
        cancelTouches(of: state)
        cancelPointer(of: state)
        loseAllTools(of: state, event: "seat-removed")
        state.pointerLocation = nil
        updateHover(state)
        seats[seat] = nil
        taps.forget(seat: seat)
    }

    /// The window is gone: every touch of every seat is cancelled so no view is left tracking,
    /// and where each pointer and tablet tool was is forgotten (the tools are out of proximity
    /// of a surface that no longer exists).
    public func surfaceLost() {
        cancelAllTouches()
        for state in orderedSeats {
            state.pointerLocation = nil
            updateHover(state)
            loseAllTools(of: state, event: nil)
        }
    }

    /// Every touch, pointer press and pencil touch of every seat is cancelled, as when the app
    /// replaces its views; the pointers and tools stay where they are, over the window, so the
    /// hover goes on and the next click lands without a motion first. A button still held is
    /// released unseen: its press ended with the cancel. A pen still on the tablet begins no
    /// new touch until it lifts and touches again, as a finger's would not.
    public func cancelAllTouches() {
        for state in orderedSeats {
            cancelTouches(of: state)
            cancelPointer(of: state)
            cancelAllPencils(of: state)
            updateHover(state)
        }
    }

    /// The socket was drained and events still wait for a frame: deliver them now, as if the
    /// frame had come, and report it once per seat and device: `no-frame-after-up` when an up
    /// is among them, else `events-without-frame`; a tablet tool's as `tool-events-without-frame`.
    /// GNOME sends no frame after the last up; without this the finger would stay down forever.
    public func flushPendingInput() {
        for state in orderedSeats {
            flushToolFrames(of: state)
            if !state.touchFrame.isEmpty {
                reportMissingFrame(state.touchFrame, state, device: "touch",
                                   nothingLeftDown: state.touchesByID.isEmpty)
                deliverFrame(of: .touch, in: state)
            }
            if !state.pointerFrame.isEmpty {
                // Compositors without pointer frames (wl_seat < 5) send none after anything,
                // so no pointer flush is recognised as one compositor's habit.
                reportMissingFrame(state.pointerFrame, state, device: "pointer", nothingLeftDown: false)
                deliverFrame(of: .pointer, in: state)
            }
        }
    }

    private func reportMissingFrame(_ frame: PendingFrame, _ state: SeatState, device: String,
                                    nothingLeftDown: Bool) {
        if let up = frame.lastUp {
            var details = up.details
            details["looksLike"] = nothingLeftDown ? "mutter" : "unknown"
            report(.noFrameAfterUp, state, device: device, details)
        } else {
            var details = frame.lastEvent?.details ?? [:]
            details["events"] = "\(frame.eventCount)"
            report(.eventsWithoutFrame, state, device: device, details)
        }
    }
}
