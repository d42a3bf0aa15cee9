import Foundation

/// Everything the machine knows about one tablet tool of a seat.
///
/// Tablet events carry no time until their `frame`, and the protocol does not order the events
/// inside a frame (pressure may follow `down`), so a tool's events only set state and flags
/// here; the frame turns them into one sample (`TouchInputMachine.applyToolFrame`).
@MainActor
final class TabletToolState {
    let id: TabletToolID
    var description: TabletToolDescription
    /// The tablet of the current proximity; `nil` while the tool is out of range.
    var tablet: TabletID?
    /// In range over a surface that is not ours: its events are ignored until it leaves.
    var onForeignSurface = false
    /// The compositor's view: `down` seen and no `up` yet, framed or not.
    var isDown = false
    /// `down` seen and no touch made for it yet (its frame has not come, or no location yet).
    var awaitingBegin = false
    /// The app cancelled the touch while the tip stayed down: no hover and no touch until the
    /// tip lifts (or the tool leaves), as a cancelled finger begins nothing until it is lifted.
    var touchingCancelled = false
    /// The pencil touch while the tip is down and the touch has begun.
    var touch: Touch?
    /// The latest location on our surface; `nil` until the first motion of a proximity.
    var location: Point?
    var axes = PencilSample()
    var buttons: Set<UInt32> = []
    /// A `distance` has arrived, so the hover can say how far the tool is.
    var sawDistance = false
    /// Axes used without being announced, each reported once.
    var unannouncedAxes: Set<TabletToolCapability> = []
    /// Events since the last frame.
    var pending = PendingToolFrame()
    /// The frame being delivered, lent to the delivery code like a touch frame.
    var frame = PendingFrame()
    /// The hover last told through `onPencilHover`.
    var reportedHover: PencilHoverState?
    /// The last event while down, for `possibly-stuck`.
    var activity: TouchActivity?

    init(id: TabletToolID, description: TabletToolDescription) {
        self.id = id
        self.description = description
    }

    var inProximity: Bool { tablet != nil }

    /// Out of range: what held only while in range (its tablet, where it was, its buttons,
    /// whether a distance came, a cancelled touch's wait for the lift) is forgotten, whether
    /// it left by `proximity_out` or went away with its tablet or seat.
    func leaveProximity() {
        tablet = nil
        location = nil
        sawDistance = false
        touchingCancelled = false
        buttons.removeAll()
    }

    /// The tool has pressure: announced, or sent anyway.
    var hasPressure: Bool {
        description.capabilities.contains(.pressure) || unannouncedAxes.contains(.pressure)
    }

    /// Where the tool hovers now, or `nil` when it is not hovering over our surface.
    var hover: PencilHoverState? {
        guard inProximity, !isDown, !touchingCancelled, !onForeignSurface, let location else { return nil }
        return PencilHoverState(location: location, distance: sawDistance ? axes.distance : nil)
    }
}

/// A hover as `onPencilHover` reports it, kept to tell when it changes.
struct PencilHoverState: Equatable {
    var location: Point
    var distance: Double?
}

/// What a tool's events since its last frame asked for.
struct PendingToolFrame {
    var down = false
    var up = false
    /// Motion, an axis or a button changed.
    var changed = false
    /// Where the tip was, and its axes, when `up` came: a motion after it moves only the hover.
    var upLocation: Point?
    var upAxes: PencilSample?
    var reportedMotionAfterUp = false
    /// The last event and how many arrived, for a missing frame's report.
    var lastEvent: InputEventNote?
    var eventCount = 0

    var isEmpty: Bool { eventCount == 0 }

    mutating func note(_ name: String) {
        lastEvent = InputEventNote(name: name)
        eventCount += 1
    }
}
