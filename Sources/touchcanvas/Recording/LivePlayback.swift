import Recording
import TouchKit

/// `run --play FILE.tcrec`: the recording's touches and pointer events fed into the live window
/// at their recorded pace, as if a seat of their own sent them. It draws on a compositor that
/// has no input at all (a headless Weston, a kiosk showing a demo) with the compositor's real
/// scale and buffers, which `replay` (no compositor) cannot show.
///
/// Input (fingers, the mouse, pens and touchpad gestures) and what the user's keys did (clear, undo, scene) are
/// played: the window keeps its own size, scale and display frames, so a recording's `configure`, `scale` and `display-frame`
/// lines are skipped.
struct RecordingPlayback {
    private let events: [TimedEvent]
    private var next = 0

    /// Seats of the recording become seats of their own in the app, numbered far above any
    /// `wl_registry` name so they never merge with a real seat's touches.
    static let seatOffset: UInt32 = 0x4000_0000

    init(recording: Recording) {
        events = recording.events.filter { timed in
            switch timed.event {
            case .touch, .pointer, .capabilityLost, .seatRemoved, .seatName, .flush, .command, .tabletToolAdded, .tabletTool,
                 .tabletToolRemoved, .tabletRemoved, .tabletToolProximityInForeignSurface, .touchpad: return true
            default: return false
            }
        }
    }

    var isFinished: Bool { next >= events.count }

    /// Milliseconds since the start at which the next event is due.
    var nextTime: Double? { isFinished ? nil : events[next].time }

    /// The events due by `elapsed` milliseconds, in file order, with their seats moved to the
    /// playback's own.
    mutating func take(until elapsed: Double) -> [TimedEvent] {
        var due: [TimedEvent] = []
        while next < events.count, events[next].time <= elapsed {
            var timed = events[next]
            timed.event = Self.moved(timed.event)
            due.append(timed)
            next += 1
        }
        return due
    }

    static func seat(_ seat: SeatID) -> SeatID { SeatID(seatOffset &+ seat.raw) }

    private static func moved(_ event: RecordedEvent) -> RecordedEvent {
        switch event {
        case let .touch(seat, touch): .touch(seat: Self.seat(seat), touch)
        case let .pointer(seat, pointer): .pointer(seat: Self.seat(seat), pointer)
        case let .capabilityLost(seat, capability): .capabilityLost(seat: Self.seat(seat), capability)
        case let .seatRemoved(seat): .seatRemoved(seat: Self.seat(seat))
        case let .seatName(seat, name): .seatName(seat: Self.seat(seat), name)
        case let .tabletToolAdded(seat, tool, description): .tabletToolAdded(seat: Self.seat(seat), tool: tool, description)
        case let .tabletTool(seat, tool, input): .tabletTool(seat: Self.seat(seat), tool: tool, input)
        case let .tabletToolRemoved(seat, tool): .tabletToolRemoved(seat: Self.seat(seat), tool: tool)
        case let .tabletRemoved(seat, tablet): .tabletRemoved(seat: Self.seat(seat), tablet: tablet)
        case let .tabletToolProximityInForeignSurface(seat, tool): .tabletToolProximityInForeignSurface(seat: Self.seat(seat), tool: tool)
        case let .touchpad(seat, gesture): .touchpad(seat: Self.seat(seat), gesture)
        default: event
        }
    }
}
