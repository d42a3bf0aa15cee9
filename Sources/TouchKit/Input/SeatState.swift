import Foundation

/// Everything the machine knows about one seat.
@MainActor
final class SeatState {
    let id: SeatID
    var name: String
    var timeline = InputTimeline()

    /// Touches the compositor considers down (down seen, up not yet), by wl id. Only while down:
    /// compositors reuse ids, and a reused id is a new finger.
    var touchesByID: [Int32: Touch] = [:]
    var touchFrame = PendingFrame()

    /// The last pointer position on our surface; `nil` when the pointer is elsewhere.
    var pointerLocation: Point?
    var pressedButtons: Set<UInt32> = []
    /// The pointer touch while a button is held.
    var pointerTouch: Touch?
    var pointerFrame = PendingFrame()

    init(id: SeatID) {
        self.id = id
        self.name = id.description
    }
}
