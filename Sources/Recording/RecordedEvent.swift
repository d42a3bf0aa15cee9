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

    public enum Capability: String, Sendable, Hashable {
        case touch, pointer
    }

    /// The seat the event belongs to, `nil` for window events.
    public var seat: SeatID? {
        switch self {
        case let .touch(seat, _), let .pointer(seat, _), let .capabilityLost(seat, _),
             let .seatRemoved(seat), let .seatName(seat, _):
            seat
        case .configure, .scale, .flush, .displayFrame, .command:
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
