import TouchCanvasApp
import TouchKit

/// What one event line says happened. See ``Recording`` for the text of each case.
public enum RecordedEvent: Sendable, Hashable {
    case touch(seat: SeatID, RecordedTouch)
    case pointer(seat: SeatID, RecordedPointer)
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
    /// One `zwp_tablet_tool_v2` event of `tool`.
    case tabletTool(seat: SeatID, tool: TabletToolID, RecordedTabletTool)
    /// The tool went away (`zwp_tablet_tool_v2.removed`).
    case tabletToolRemoved(seat: SeatID, tool: TabletToolID)
    /// The tablet went away (`zwp_tablet_v2.removed`).
    case tabletRemoved(seat: SeatID, tablet: TabletID)
    /// The tool came into range over a surface that is not the canvas.
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

/// A `wl_touch` event without its compositor timestamp (the line's time stands for it).
public enum RecordedTouch: Sendable, Hashable {
    case down(id: Int32, location: Point)
    case motion(id: Int32, location: Point)
    case up(id: Int32)
    case shape(id: Int32, major: Double, minor: Double)
    case orientation(id: Int32, degrees: Double)
    case frame
    case cancel

    public init(_ raw: RawTouchInput) {
        switch raw {
        case let .down(id, _, location): self = .down(id: id, location: location)
        case let .motion(id, _, location): self = .motion(id: id, location: location)
        case let .up(id, _): self = .up(id: id)
        case let .shape(id, major, minor): self = .shape(id: id, major: major, minor: minor)
        case let .orientation(id, degrees): self = .orientation(id: id, degrees: degrees)
        case .frame: self = .frame
        case .cancel: self = .cancel
        }
    }

    /// The raw event, stamped with `time` compositor milliseconds.
    public func raw(time: UInt32) -> RawTouchInput {
        switch self {
        case let .down(id, location): .down(id: id, time: time, location: location)
        case let .motion(id, location): .motion(id: id, time: time, location: location)
        case let .up(id): .up(id: id, time: time)
        case let .shape(id, major, minor): .shape(id: id, major: major, minor: minor)
        case let .orientation(id, degrees): .orientation(id: id, degrees: degrees)
        case .frame: .frame
        case .cancel: .cancel
        }
    }
}

/// A `wl_pointer` event without its compositor timestamp.
public enum RecordedPointer: Sendable, Hashable {
    case enter(location: Point)
    case leave
    case motion(location: Point)
    case button(UInt32, pressed: Bool)
    case frame

    public init(_ raw: RawPointerInput) {
        switch raw {
        case let .enter(location): self = .enter(location: location)
        case .leave: self = .leave
        case let .motion(_, location): self = .motion(location: location)
        case let .button(_, button, pressed): self = .button(button, pressed: pressed)
        case .frame: self = .frame
        }
    }

    /// The raw event, stamped with `time` compositor milliseconds.
    public func raw(time: UInt32) -> RawPointerInput {
        switch self {
        case let .enter(location): .enter(location: location)
        case .leave: .leave
        case let .motion(location): .motion(time: time, location: location)
        case let .button(button, pressed): .button(time: time, button: button, pressed: pressed)
        case .frame: .frame
        }
    }
}

/// A `zwp_tablet_tool_v2` event without its compositor timestamp: only `frame` has one, and the
/// line's time stands for it, as it does for `wl_touch`.
public enum RecordedTabletTool: Sendable, Hashable {
    case proximityIn(tablet: TabletID)
    case proximityOut
    case down
    case up
    case motion(location: Point)
    case pressure(UInt32)
    case distance(UInt32)
    case tilt(x: Double, y: Double)
    case rotation(Double)
    case button(code: UInt32, pressed: Bool)
    case frame

    public init(_ raw: RawTabletToolInput) {
        switch raw {
        case let .proximityIn(tablet): self = .proximityIn(tablet: tablet)
        case .proximityOut: self = .proximityOut
        case .down: self = .down
        case .up: self = .up
        case let .motion(location): self = .motion(location: location)
        case let .pressure(value): self = .pressure(value)
        case let .distance(value): self = .distance(value)
        case let .tilt(x, y): self = .tilt(x: x, y: y)
        case let .rotation(degrees): self = .rotation(degrees)
        case let .button(code, pressed): self = .button(code: code, pressed: pressed)
        case .frame: self = .frame
        }
    }

    /// The raw event; a `frame` is stamped with `time` compositor milliseconds.
    public func raw(time: UInt32) -> RawTabletToolInput {
        switch self {
        case let .proximityIn(tablet): .proximityIn(tablet: tablet)
        case .proximityOut: .proximityOut
        case .down: .down
        case .up: .up
        case let .motion(location): .motion(location: location)
        case let .pressure(value): .pressure(value)
        case let .distance(value): .distance(value)
        case let .tilt(x, y): .tilt(x: x, y: y)
        case let .rotation(degrees): .rotation(degrees)
        case let .button(code, pressed): .button(code: code, pressed: pressed)
        case .frame: .frame(time: time)
        }
    }
}
