import Foundation

/// Everything the machine knows about one seat.
///
/// Stored properties are `@exclusivity(unchecked)`, as ``TouchInputMachine``'s are: every event
/// and `hasPendingInput` (asked after every dispatch) read them on the main actor, never
/// re-entered, and their runtime checks showed up in the input → commit profile.
@MainActor
final class SeatState {
    let id: SeatID
    @exclusivity(unchecked) var name: String
    @exclusivity(unchecked) var timeline = InputTimeline()

    /// Touches the compositor considers down (down seen, up not yet), by wl id. Only while down:
    /// compositors reuse ids, and a reused id is a new finger.
    @exclusivity(unchecked) var touchesByID: [Int32: Touch] = [:]
    @exclusivity(unchecked) var touchFrame = PendingFrame()
    /// Ids whose `down` came beyond `TouchInputMachine.maximumActiveTouches`: their events are
    /// ignored, without a report each, until their `up` or a cancel.
    @exclusivity(unchecked) var ignoredTouchIDs: Set<Int32> = []
    /// For each touch in `touchesByID`: its last event, for `possibly-stuck`.
    @exclusivity(unchecked) var touchActivity: [Int32: TouchActivity] = [:]

    /// The last pointer position on our surface; `nil` when the pointer is elsewhere.
    @exclusivity(unchecked) var pointerLocation: Point?
    @exclusivity(unchecked) var pressedButtons: Set<UInt32> = []
    /// The pointer touch while a button is held.
    @exclusivity(unchecked) var pointerTouch: Touch?
    @exclusivity(unchecked) var pointerFrame = PendingFrame()
    /// The hover location last told through `onPointerHover`.
    @exclusivity(unchecked) var reportedHover: Point?

    /// Devices ("touch", "pointer") whose latest event was for a surface not ours: further
    /// such events are the same `foreign-surface` occurrence until one for our surface comes.
    @exclusivity(unchecked) var foreignDevices: Set<String> = []

    /// The seat's tablet tools, from `tabletToolAdded` (or their first event) to their removal.
    @exclusivity(unchecked) var tools: [TabletToolID: TabletToolState] = [:]

    /// The tools in a fixed order, so cancellations and reports come out the same every run.
    var orderedTools: [TabletToolState] {
        tools.values.sorted { $0.id.raw < $1.id.raw }
    }

    init(id: SeatID) {
        self.id = id
        self.name = id.description
    }
}

/// When a touch that is down last heard from the compositor.
struct TouchActivity {
    var lastEvent: InputEventNote
    /// On the window's clock (`Window.clock`), when the event arrived.
    var arrival: TimeInterval
    /// `possibly-stuck` was reported since that event.
    var reportedStuck = false
}
