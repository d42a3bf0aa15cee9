import Foundation

/// `zwp_tablet_tool_v2`: a tool's tip on the tablet is a touch of type `pencil`.
///
/// A tool's events only record what changed until its `frame`, which makes them one sample
/// (tablet events have no time of their own, and pressure or tilt may follow `down` inside a
/// frame): `down` begins a touch, later frames move it, `up` ends it, each delivered like a
/// `wl_touch` frame, moves held for the display frame under `holdsMovesUntilDisplayFrame`.
/// Every tool is a touch of its own, alongside fingers and other tools.
extension TouchInputMachine {
    /// The glue announces a tool once its `done` arrived; its capabilities decide which axes
    /// are expected. Announcing it again (a description that changed) replaces the description
    /// for later touches. A tool that sends events before this is taken to be a pen with every
    /// axis.
    public func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {
        let state = self.state(for: seat)
        if let known = state.tools[tool] {
            known.description = description
        } else {
            state.tools[tool] = TabletToolState(id: tool, description: description)
        }
    }

    /// The tools of `seat` and what each said about itself, for the inspector.
    public func tabletTools(for seat: SeatID) -> [TabletToolID: TabletToolDescription] {
        seats[seat]?.tools.mapValues(\.description) ?? [:]
    }

    /// Feeds one event of one tool of `seat`; the glue calls it for every event, in order.
    ///
    /// Events outside proximity are reported and ignored; `proximityOut` while the tip is down
    /// cancels the touch at once (and is reported), as no `up` will come for it.
    ///
    /// ```swift
    /// input.handle(.proximityIn(tablet: tablet), tool: tool, seat: seat)
    /// input.handle(.motion(location: Point(x: x, y: y)), tool: tool, seat: seat)
    /// input.handle(.down, tool: tool, seat: seat)
    /// input.handle(.pressure(30000), tool: tool, seat: seat)
    /// input.handle(.frame(time: ms), tool: tool, seat: seat)  // touchesBegan
    /// ```
    public func handle(_ input: RawTabletToolInput, tool id: TabletToolID, seat: SeatID) {
        let state = self.state(for: seat)
        let tool = self.tool(id, in: state)
        if tool.onForeignSurface {
            // Its events belong to the other surface; only a new proximity brings it back.
            switch input {
            case .proximityIn: tool.onForeignSurface = false
            case .proximityOut: tool.onForeignSurface = false; return
            default: return
            }
        }
        if case .frame = input {} else if tool.isDown {
            tool.activity = TouchActivity(lastEvent: InputEventNote(name: input.eventName),
                                          arrival: window.clock())
        }
        switch input {
        case let .proximityIn(tablet):
            tool.tablet = tablet
            tool.pending.note("proximity_in")
        case .proximityOut:
            toolLeftProximity(tool, in: state)
        case .down:
            tipDown(tool, in: state)
        case .up:
            tipUp(tool, in: state)
        case let .motion(location):
            guard inProximity(tool, state, "motion") else { return }
            if tool.pending.up, !tool.pending.reportedMotionAfterUp {
                tool.pending.reportedMotionAfterUp = true
                report(.motionAfterUp, state, tool: tool, event: "motion")
            }
            tool.location = location
            tool.pending.changed = true
            tool.pending.note("motion")
        case .pressure, .distance, .tilt, .rotation:
            applyAxis(input, of: tool, in: state)
        case let .button(code, pressed):
            guard inProximity(tool, state, "button") else { return }
            if pressed { tool.buttons.insert(code) } else { tool.buttons.remove(code) }
            tool.pending.changed = true
            tool.pending.note("button")
        case let .frame(time):
            applyToolFrame(tool, in: state, time: time)
        }
    }

    /// `proximity_out`: a tip still down is a cancel (and an anomaly); the tool forgets where it
    /// was, its buttons and its hover.
    private func toolLeftProximity(_ tool: TabletToolState, in state: SeatState) {
        if tool.isDown {
            report(.proximityOutWhileDown, state, tool: tool, event: "proximity_out")
            cancelPencil(tool, in: state)
        }
        tool.leaveProximity()
        tool.pending.note("proximity_out")
        updatePencilHover(tool, in: state)
    }

    /// `down`: the tip touches; the pencil touch begins at the frame.
    private func tipDown(_ tool: TabletToolState, in state: SeatState) {
        guard tool.inProximity else {
            report(.downWithoutProximity, state, tool: tool, event: "down")
            return
        }
        // A second down while down changes nothing: the tip is down either way.
        guard !tool.isDown else { return }
        // A lift and a new touch without a frame between them: the lift goes first.
        if tool.pending.up { applyToolFrame(tool, in: state, time: nil) }
        tool.isDown = true
        tool.awaitingBegin = true
        tool.touchingCancelled = false
        tool.activity = TouchActivity(lastEvent: InputEventNote(name: "down"), arrival: window.clock())
        tool.pending.down = true
        tool.pending.note("down")
    }

    /// `up`: the tip lifts; the pencil touch ends at the frame, where the tip was.
    private func tipUp(_ tool: TabletToolState, in state: SeatState) {
        guard inProximity(tool, state, "up") else { return }
        // An up with no down has nothing to end; after the app's cancel, it lifts the tip.
        guard tool.isDown else {
            tool.touchingCancelled = false
            tool.pending.changed = true
            return
        }
        tool.isDown = false
        tool.activity = nil
        tool.pending.up = true
        tool.pending.upLocation = tool.location
        tool.pending.upAxes = tool.axes
        tool.pending.note("up")
    }

    /// An axis event, in UIKit's units, for an axis the tool announced.
    private func applyAxis(_ input: RawTabletToolInput, of tool: TabletToolState, in state: SeatState) {
        switch input {
        case let .pressure(raw):
            guard axis(.pressure, of: tool, state) else { return }
            tool.axes.pressure = PencilConversion.normalised(raw)
        case let .distance(raw):
            guard axis(.distance, of: tool, state) else { return }
            tool.axes.distance = PencilConversion.normalised(raw)
            tool.sawDistance = true
        case let .tilt(x, y):
            guard axis(.tilt, of: tool, state) else { return }
            tool.axes.tiltX = PencilConversion.clampedTilt(x)
            tool.axes.tiltY = PencilConversion.clampedTilt(y)
        case let .rotation(degrees):
            guard axis(.rotation, of: tool, state) else { return }
            tool.axes.rotation = PencilConversion.foldedRotation(degrees)
        default:
            break
        }
    }

    /// The glue saw `proximity_in` for `tool` on a surface that is not ours (a decoration, a
    /// popup) and passes it here instead of `handle`: the tool has left our surface, so a touch
    /// it had down is cancelled, and its events are ignored until its next proximity.
    public func tabletToolProximityInForeignSurface(_ tool: TabletToolID, seat: SeatID) {
        let state = self.state(for: seat)
        let tool = self.tool(tool, in: state)
        if tool.isDown {
            report(.proximityOutWhileDown, state, tool: tool, event: "proximity_in")
            cancelPencil(tool, in: state)
        }
        report(.foreignSurfaceProximity, state, tool: tool, event: "proximity_in")
        tool.onForeignSurface = true
        tool.tablet = nil
        tool.location = nil
        tool.pending = PendingToolFrame()
        updatePencilHover(tool, in: state)
    }

    // MARK: Helpers

    func tool(_ id: TabletToolID, in state: SeatState) -> TabletToolState {
        if let tool = state.tools[id] { return tool }
        let tool = TabletToolState(id: id, description: .unannounced)
        state.tools[id] = tool
        return tool
    }

    /// The tool is in proximity; otherwise `event` is reported and should be ignored.
    private func inProximity(_ tool: TabletToolState, _ state: SeatState, _ event: String) -> Bool {
        guard !tool.inProximity else { return true }
        report(.toolEventOutsideProximity, state, tool: tool, event: event)
        return false
    }

    /// Whether an axis event may be used (in proximity), reporting it once per tool if the tool
    /// never announced the axis; notes the event in the frame.
    private func axis(_ capability: TabletToolCapability, of tool: TabletToolState,
                      _ state: SeatState) -> Bool {
        guard inProximity(tool, state, capability.rawValue) else { return false }
        if !tool.description.capabilities.contains(capability),
           tool.unannouncedAxes.insert(capability).inserted {
            report(.unannouncedAxis, state, tool: tool, event: capability.rawValue)
        }
        tool.pending.changed = true
        tool.pending.note(capability.rawValue)
        return true
    }

    func report(_ category: TouchAnomaly.Category, _ state: SeatState, tool: TabletToolState,
                event: String, _ extra: [String: String] = [:]) {
        var details = extra
        details["event"] = event
        details["tool"] = "\(tool.id.raw)"
        report(category, state, device: "tablet-tool", details)
    }
}

extension RawTabletToolInput {
    /// The protocol's name for the event, for anomaly details.
    var eventName: String {
        switch self {
        case .proximityIn: "proximity_in"
        case .proximityOut: "proximity_out"
        case .down: "down"
        case .up: "up"
        case .motion: "motion"
        case .pressure: "pressure"
        case .distance: "distance"
        case .tilt: "tilt"
        case .rotation: "rotation"
        case .button: "button"
        case .frame: "frame"
        }
    }
}
