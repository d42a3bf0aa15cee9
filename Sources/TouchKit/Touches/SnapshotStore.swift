/// The snapshot touches one touch hands out through `TouchEvent.coalescedTouches(for:)` or
/// `predictedTouches(for:)`, kept so that its next delivery reuses the objects and the array
/// instead of allocating them again.
///
/// An object or array is reused only when the store holds the sole reference: whoever kept a
/// snapshot (or the array) past its delivery keeps it unchanged, and a new one takes its place
/// here. The event that handed the array out holds it until that event is reset for the next
/// delivery, so a live event's results never change either.
@MainActor
struct SnapshotStore {
    /// Snapshot objects made so far, reused from the front; may be longer than `handedOut`.
    private var pool: [Touch] = []
    /// The last array handed out; its storage is reused when no one else holds it.
    private var handedOut: [Touch] = []

    /// `count` snapshots of `touch`, the `index`-th in the state `state(index)` gives (its
    /// sample and the location before it); `state` is called once per index, in order.
    mutating func refill(of touch: Touch, count: Int,
                         state: (_ index: Int) -> (sample: TouchSample, previous: Point)) -> [Touch] {
        // First let go of the old array, so its objects are held by the pool alone unless a
        // caller kept them.
        handedOut.removeAll(keepingCapacity: true)
        for index in 0..<count {
            let (sample, previous) = state(index)
            if index < pool.count, isKnownUniquelyReferenced(&pool[index]) {
                pool[index].becomeSnapshot(of: touch, sample: sample, previousWindowLocation: previous)
            } else {
                let snapshot = Touch(snapshotOf: touch, sample: sample, previousWindowLocation: previous)
                if index < pool.count { pool[index] = snapshot } else { pool.append(snapshot) }
            }
            handedOut.append(pool[index])
        }
        return handedOut
    }
}
