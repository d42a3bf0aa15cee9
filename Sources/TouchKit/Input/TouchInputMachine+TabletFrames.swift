import Foundation

/// Turning a tablet tool's frame into a delivery, cancelling its touch, and its hover.
extension TouchInputMachine {
    /// The tool's `frame` (or, with `time` `nil`, a missing frame the socket ran dry on): the
    /// events since the last one become one sample of the tool's touch and are delivered.
    func applyToolFrame(_ tool: TabletToolState, in state: SeatState, time: UInt32?) {
        let seconds = time.map { state.timeline.seconds(for: $0) } ?? state.timeline.latest
        gatherToolFrame(tool, in: state, seconds: seconds)
        var changes = changeBuffers.borrow()
        tool.frame.take(into: &changes)
        deliverFrame(changes)
        changeBuffers.giveBack(&changes)
        updatePencilHover(tool, in: state)
    }

    /// Writes the pending events into `tool.frame` as a begin, a move and/or an end at
    /// `seconds`, and starts a new pending frame.
    private func gatherToolFrame(_ tool: TabletToolState, in state: SeatState, seconds: TimeInterval) {
        let pending = tool.pending
        tool.pending = PendingToolFrame()
        // Where the tip was when it lifted, if it did: later motion is hover.
        let axes = pending.upAxes ?? tool.axes
        let location = pending.upLocation ?? tool.location
        if tool.awaitingBegin {
            // Without a location yet (no motion since proximity_in), the begin waits for one.
            if let location {
                tool.awaitingBegin = false
                let touch = Touch(type: .pencil, seat: state.id, seatName: state.name,
                                  identifier: Int32(truncatingIfNeeded: tool.id.raw),
                                  location: location, timestamp: seconds, number: takeTouchNumber(),
                                  tabletTool: tool.id, tablet: tool.tablet, toolDescription: tool.description)
                touch.window = window
                touch.pencil = axes
                touch.maximumPossibleForce = tool.hasPressure ? PencilConversion.maximumForce : 0
                touch.pressedButtons = tool.buttons
                tool.touch = touch
                tool.frame.addNew(touch)
            } else if pending.up {
                tool.awaitingBegin = false  // down and up with no location: nothing to deliver
            }
        } else if let touch = tool.touch, pending.changed {
            tool.frame.move(touch, to: location ?? touch.latestSample.location, time: seconds)
            touch.setLatestIncomingPencil(axes)
            if tool.hasPressure { touch.maximumPossibleForce = PencilConversion.maximumForce }
            touch.pressedButtons = tool.buttons
        }
        if pending.up, let touch = tool.touch {
            tool.frame.end(touch, as: .ended, time: seconds)
            tool.touch = nil
        }
    }

    /// Cancels the tool's touch at once: a touch whose down still waited for its frame is
    /// delivered as began first (as for fingers), then cancelled at its latest location. The
    /// tool is no longer down; nothing it sent before is delivered later. The caller updates
    /// the hover once it has settled where the tool is, so no hover flashes up in between.
    func cancelPencil(_ tool: TabletToolState, in state: SeatState) {
        if tool.isDown || tool.touch != nil || !tool.pending.isEmpty {
            gatherToolFrame(tool, in: state, seconds: state.timeline.latest)
        }
        tool.isDown = false
        tool.awaitingBegin = false
        tool.touch = nil
        tool.activity = nil
        tool.pending = PendingToolFrame()
        var changes = changeBuffers.borrow()
        tool.frame.take(into: &changes)
        let id = tool.id
        cancel(changes, of: state) { $0.tabletTool == id }
        changeBuffers.giveBack(&changes)
    }

    /// Tells ``onPencilHover`` when the tool's hover differs from what it last said.
    func updatePencilHover(_ tool: TabletToolState, in state: SeatState) {
        let hover = tool.hover
        guard hover != tool.reportedHover else { return }
        tool.reportedHover = hover
        onPencilHover?(tool.id, state.id, hover?.location, hover?.distance)
        window.sendHover(.pencil(tool.id), at: hover?.location, distance: hover?.distance)
    }
}
