import Foundation

/// Tablet tools and tablets going away, and the other ways a pencil touch ends without an
/// `up`: tablet-v2 has no cancel event, so every path that loses the tool cancels its touch
/// here, and a pencil touch is never left down.
extension TouchInputMachine {
    /// The tool's `removed` arrived: a touch it had down is cancelled (and reported as
    /// `removed-while-down`, since the compositor should have lifted it first), its hover ends,
    /// and the tool is forgotten.
    public func tabletToolRemoved(_ tool: TabletToolID, seat: SeatID) {
        guard let state = seats[seat], let tool = state.tools[tool] else { return }
        loseTool(tool, in: state, event: "tool-removed")
        state.tools[tool.id] = nil
    }

    /// The tablet's `removed` arrived: every tool in proximity over it leaves proximity, its
    /// touch cancelled and reported as `removed-while-down` if it was down. The tools
    /// themselves remain (a tool may come to another tablet); the glue removes them when the
    /// compositor does.
    public func tabletRemoved(_ tablet: TabletID, seat: SeatID) {
        guard let state = seats[seat] else { return }
        for tool in state.orderedTools where tool.tablet == tablet {
            loseTool(tool, in: state, event: "tablet-removed")
        }
    }

    /// The tool is out of our reach: cancel a touch it has down, reporting `event`, and take it
    /// out of proximity.
    func loseTool(_ tool: TabletToolState, in state: SeatState, event: String?) {
        if let event, tool.isDown || tool.touch != nil {
            report(.removedWhileDown, state, tool: tool, event: event)
        }
        cancelPencil(tool, in: state)
        tool.leaveProximity()
        tool.onForeignSurface = false
        updatePencilHover(tool, in: state)
    }

    /// Cancels every pencil touch of the seat, reporting each as `removed-while-down` with
    /// `event` when given (the seat went away), and takes every tool out of proximity.
    func loseAllTools(of state: SeatState, event: String?) {
        for tool in state.orderedTools { loseTool(tool, in: state, event: event) }
    }

    /// Cancels every pencil touch of the seat without a report (the app's own cancellation);
    /// the tools stay in proximity, so their hover goes on. A tip whose down and up both still
    /// wait for their frame is a touch too, as two fingers' would be: it begins and is cancelled
    /// now, rather than beginning in whatever the app shows next. Only a tip still down begins
    /// nothing more until it lifts; one whose up has come hovers at once.
    func cancelAllPencils(of state: SeatState) {
        for tool in state.orderedTools where tool.isDown || tool.touch != nil || tool.awaitingBegin {
            let tipDown = tool.isDown
            cancelPencil(tool, in: state)
            tool.touchingCancelled = tipDown
            updatePencilHover(tool, in: state)
        }
    }

    /// Part of `flushPendingInput()`: each tool with events waiting for a frame is delivered
    /// as if it had come, and reported as `tool-events-without-frame`.
    func flushToolFrames(of state: SeatState) {
        for tool in state.orderedTools where !tool.pending.isEmpty {
            var details = ["events": "\(tool.pending.eventCount)", "up": "\(tool.pending.up)"]
            details["event"] = nil
            report(.toolEventsWithoutFrame, state, tool: tool,
                   event: tool.pending.lastEvent?.name ?? "unknown", details)
            applyToolFrame(tool, in: state, time: nil)
        }
    }

    /// Part of `checkForStuckTouches(now:)`: a tool down with no event for
    /// `stuckTouchThreshold` is reported as `possibly-stuck`, once per quiet spell.
    func checkForStuckTools(of state: SeatState, now: TimeInterval) {
        for tool in state.orderedTools where tool.isDown {
            guard let activity = tool.activity, !activity.reportedStuck else { continue }
            let idle = now - activity.arrival
            guard idle >= stuckTouchThreshold else { continue }
            tool.activity?.reportedStuck = true
            report(.possiblyStuck, state, tool: tool, event: activity.lastEvent.name,
                   ["idle": String(format: "%.1f", idle)])
        }
    }

    /// Tools with a `down` whose touch has not begun yet, for `activeTouchCount`.
    func toolsAwaitingBegin(of state: SeatState) -> Int {
        state.tools.values.count { $0.awaitingBegin }
    }

    /// Some tool has events waiting for a frame, for `hasPendingInput`.
    func hasPendingToolInput(_ state: SeatState) -> Bool {
        // A loop for the reason `IdentityScan.swift` gives: `hasPendingInput` asks on every dispatch.
        for tool in state.tools.values where !tool.pending.isEmpty { return true }
        return false
    }
}
