import TouchCanvasApp
import TouchKit

/// What one event line says happened. See ``Recording`` for the text of each case.
public enum RecordedEvent: Sendable, Hashable {
    /// A `wl_touch` event. Its compositor timestamp is not recorded (the line's time stands
    /// for it): a parsed one has 0, and ``AppSession/play(_:at:)`` stamps
    /// it with the line's time.
    case touch(seat: SeatID, RawTouchInput)
    /// A `wl_pointer` event, its timestamp treated as a touch's.
    case pointer(seat: SeatID, RawPointerInput)
    case capabilityLost(seat: SeatID, Capability)
    case seatRemoved(seat: SeatID)
    case seatName(seat: SeatID, String)
    /// The surface's new logical size.
    case configure(width: Int, height: Int)
    case scale(Int)
    /// The socket drained with input waiting for a frame: `TouchInputMachine.flushPendingInput()`.
    case flush
    /// The app rendered: `deliverHeldMoves()`, with the prediction interval (milliseconds) the
    /// app had set when known.
    case displayFrame(predictionMilliseconds: Double?)
    /// Something the user asked of the app with a key (format version 2).
    case command(RecordedCommand)
    /// The app's timer for the gesture recognizers' time-outs fired: those due by now fired
    /// (a double tap that never came, a long press held long enough). Format version 3.
    case gestureTimeout
    /// A seat announced a tablet tool, as its description says (format version 3, as are
    /// the pen events below).
    case tabletToolAdded(seat: SeatID, tool: TabletToolID, TabletToolDescription)
    /// One `zwp_tablet_tool_v2` event of `tool`; only its `frame` has a timestamp, treated as
    /// a touch's.
    case tabletTool(seat: SeatID, tool: TabletToolID, RawTabletToolInput)
    /// The tool went away (`zwp_tablet_tool_v2.removed`).
    case tabletToolRemoved(seat: SeatID, tool: TabletToolID)
    /// The tablet went away (`zwp_tablet_v2.removed`).
    case tabletRemoved(seat: SeatID, tablet: TabletID)
    /// The tool came into range over a surface that is not the content.
    case tabletToolProximityInForeignSurface(seat: SeatID, tool: TabletToolID)
    /// A touchpad swipe, pinch or hold event (`zwp_pointer_gestures_v1`; format version 3).
    case touchpad(seat: SeatID, RecordedTouchpadGesture)

    public enum Capability: String, Sendable, Hashable {
        case touch, pointer
    }

    /// The seat the event belongs to, `nil` for window events.
    public var seat: SeatID? {
        switch self {
        case let .touch(seat, _), let .pointer(seat, _), let .capabilityLost(seat, _),
             let .seatRemoved(seat), let .seatName(seat, _), let .tabletToolAdded(seat, _, _),
             let .tabletTool(seat, _, _), let .tabletToolRemoved(seat, _), let .tabletRemoved(seat, _),
             let .tabletToolProximityInForeignSurface(seat, _), let .touchpad(seat, _):
            seat
        case .configure, .scale, .flush, .displayFrame, .command, .gestureTimeout:
            nil
        }
    }
}

/// What a key asked that changes the scene's drawing: the session's own commands, recorded as
/// they were performed.
public typealias RecordedCommand = SceneCommand

extension RawTouchInput {
    /// The event with `time` as its compositor timestamp, where it has one.
    func stamped(_ time: UInt32) -> RawTouchInput {
        switch self {
        case let .down(id, _, location): .down(id: id, time: time, location: location)
        case let .motion(id, _, location): .motion(id: id, time: time, location: location)
        case let .up(id, _): .up(id: id, time: time)
        case .shape, .orientation, .frame, .cancel: self
        }
    }
}

extension RawPointerInput {
    /// The event with `time` as its compositor timestamp, where it has one.
    func stamped(_ time: UInt32) -> RawPointerInput {
        switch self {
        case let .motion(_, location): .motion(time: time, location: location)
        case let .button(_, button, pressed): .button(time: time, button: button, pressed: pressed)
        case .enter, .leave, .frame: self
        }
    }
}

extension RawTabletToolInput {
    /// The event with `time` as its compositor timestamp, where it has one (only `frame`).
    func stamped(_ time: UInt32) -> RawTabletToolInput {
        if case .frame = self { return .frame(time: time) }
        return self
    }
}
