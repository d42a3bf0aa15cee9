import Foundation

/// Moves held for the display frame (`holdsMovesUntilDisplayFrame`).
extension TouchInputMachine {
    /// Some touch has moves waiting for `deliverHeldMoves()`.
    public var hasHeldMoves: Bool { !heldTouches.isEmpty }

    /// Delivers every held move in one event: the touches that moved as `moved`, each with all
    /// its held samples as coalesced touches, the other live touches `stationary`. Call it right
    /// before rendering a frame; it does nothing when no move is held.
    ///
    /// Samples of a frame still open (no `frame` yet) stay for a later delivery. How held moves
    /// meet other deliveries:
    /// - A frame with a began, ended or cancelled touch is delivered at once, and held moves are
    ///   folded into it: those touches are `moved` in that event, with their held samples
    ///   followed by the frame's own.
    /// - A touch never moves and ends in one event (UIKit never reports both): when a frame ends
    ///   a touch that has held moves, all held moves are delivered first in an event of their
    ///   own, then the frame.
    /// - A cancelled touch (`wl_touch.cancel`, duplicate down, a device, seat or the surface
    ///   lost) is never reported moved: its held samples go into the cancellation, whose
    ///   location is therefore the latest known one.
    public func deliverHeldMoves() {
        guard hasHeldMoves else { return }
        var entries = entryBuffers.borrow()
        appendHeldEntries(to: &entries) { _ in false }
        deliver(&entries)
        entryBuffers.giveBack(&entries)
    }

    /// Keeps the closed frame's samples of `touch` for the display frame.
    func hold(_ touch: Touch) {
        if !heldTouches.containsObject(touch) { heldTouches.append(touch) }
        touch.heldSampleCount = touch.incoming.count
    }

    /// Empties the hold into `entries`: `moved` entries, taking only their held samples, for the
    /// held touches that `isSkipped` does not claim. A skipped touch is being delivered by an
    /// entry of its own that takes all its samples, held ones included.
    func appendHeldEntries(to entries: inout [Entry], skipping isSkipped: (Touch) -> Bool) {
        for touch in heldTouches where touch.heldSampleCount > 0 {
            if isSkipped(touch) {
                touch.heldSampleCount = 0
            } else {
                entries.append(Entry(touch: touch, phase: .moved, sampleLimit: touch.heldSampleCount))
            }
        }
        heldTouches.removeAll(keepingCapacity: true)
    }
}
