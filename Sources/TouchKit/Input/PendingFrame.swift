import Foundation

/// What happened to one touch since the last delivery, waiting for the frame that completes it.
///
/// The positions themselves are appended to the touch's `incoming` samples as they arrive; the
/// change counts them and keeps the frame-wide facts.
@MainActor
struct PendingChange {
    let touch: Touch
    /// The down is in this frame: the touch has not been delivered yet.
    var isNew: Bool
    /// How many samples this frame added (the newest of `touch.incoming`).
    var sampleCount = 0
    /// The frame's shape and orientation, applied to all its samples when the frame closes.
    var shape: (major: Double, minor: Double)?
    var orientation: Double?
    /// Set by up (`ended`) or by a duplicate down replacing the touch (`cancelled`).
    var end: TouchPhase?
    var endTime: TimeInterval?
    /// Motion, shape or orientation arrived: the touch is `moved` in this frame.
    var changed = false

    init(touch: Touch, isNew: Bool) {
        self.touch = touch
        self.isNew = isNew
    }

    /// A frame of motion, shape or orientation of touches that already began: with
    /// `holdsMovesUntilDisplayFrame` it waits for the display frame.
    var isMoveOnly: Bool { !isNew && end == nil }
}

/// One raw event, remembered for an anomaly's details. Holds no object: names are literals.
struct InputEventNote: Sendable {
    /// The protocol event: "down", "up", "motion", "shape", "orientation", "button".
    let name: String
    /// The wl touch id, or the button for "button".
    var id: Int64?
    /// Seconds on the seat's timeline, for events that carry a time.
    var time: TimeInterval?

    /// `event`, `id` (`button` for a button) and `time` in milliseconds, as the log spells them.
    var details: [String: String] {
        var details = ["event": name]
        if let id { details[name == "button" ? "button" : "id"] = "\(id)" }
        if let time { details["time"] = "\(Int64((time * 1000).rounded()))" }
        return details
    }
}

/// Which of a seat's two pending frames: `wl_touch`'s or `wl_pointer`'s.
enum FrameDevice {
    case touch, pointer
}

/// The changes of one device of one seat accumulated until its `frame`, in arrival order.
@MainActor
struct PendingFrame {
    private(set) var changes: [PendingChange] = []
    /// The last up (or last button release) in this frame; a flush then reports
    /// `no-frame-after-up`.
    private(set) var lastUp: InputEventNote?
    /// The last event that joined this frame, and how many did: a flush reports them.
    private(set) var lastEvent: InputEventNote?
    private(set) var eventCount = 0

    var sawUp: Bool { lastUp != nil }

    /// Remembers an event that joined the frame; `isUp` for an up or the release that ends
    /// a pointer touch.
    mutating func note(_ event: InputEventNote, isUp: Bool = false) {
        lastEvent = event
        eventCount += 1
        if isUp { lastUp = event }
    }

    var isEmpty: Bool { changes.isEmpty }
    var newTouchCount: Int { changes.count { $0.isNew } }

    /// Applies `update` to the touch's change, creating it (not new) on first use.
    mutating func update(_ touch: Touch, _ update: (inout PendingChange) -> Void) {
        // A loop for the reason `IdentityScan.swift` gives: every motion comes through here.
        var found: Int?
        for index in changes.indices where changes[index].touch === touch {
            found = index
            break
        }
        if let index = found {
            update(&changes[index])
        } else {
            var change = PendingChange(touch: touch, isNew: false)
            update(&change)
            changes.append(change)
        }
    }

    mutating func addNew(_ touch: Touch) {
        var change = PendingChange(touch: touch, isNew: true)
        touch.receiveDown()
        change.sampleCount = 1
        changes.append(change)
    }

    /// A motion of `touch` to `location`.
    mutating func move(_ touch: Touch, to location: Point, time: TimeInterval) {
        touch.receive(location, at: time)
        update(touch) { change in
            change.sampleCount += 1
            change.changed = true
        }
    }

    mutating func end(_ touch: Touch, as phase: TouchPhase, time: TimeInterval) {
        update(touch) { change in
            change.end = phase
            change.endTime = time
        }
    }

    func change(for touch: Touch) -> PendingChange? {
        changes.first { $0.touch === touch }
    }

    /// Hands the changes over in `buffer` and starts a fresh frame in the buffer's old storage,
    /// so a device sending one frame after another stops allocating: the two buffers trade
    /// places at every frame and each keeps its capacity.
    mutating func take(into buffer: inout [PendingChange]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &changes)
        lastUp = nil
        lastEvent = nil
        eventCount = 0
    }
}
