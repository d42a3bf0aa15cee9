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

/// The changes of one device of one seat accumulated until its `frame`, in arrival order.
@MainActor
struct PendingFrame {
    private(set) var changes: [PendingChange] = []
    /// An up arrived in this frame; a flush then reports `no-frame-after-up`.
    private(set) var sawUp = false

    var isEmpty: Bool { changes.isEmpty }
    var newTouchCount: Int { changes.count { $0.isNew } }

    /// Applies `update` to the touch's change, creating it (not new) on first use.
    mutating func update(_ touch: Touch, _ update: (inout PendingChange) -> Void) {
        if let index = changes.firstIndex(where: { $0.touch === touch }) {
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
        if phase == .ended { sawUp = true }
        update(touch) { change in
            change.end = phase
            change.endTime = time
        }
    }

    func change(for touch: Touch) -> PendingChange? {
        changes.first { $0.touch === touch }
    }

    /// Hands the changes over and starts a fresh frame.
    mutating func take() -> [PendingChange] {
        defer { self = PendingFrame() }
        return changes
    }
}
