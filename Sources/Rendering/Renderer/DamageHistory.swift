/// The damage of the last few frames, newest first, for buffer-age repaints.
///
/// With buffer age N (as in `EGL_EXT_buffer_age` and foot's `shm.c`) the buffer holds the frame
/// drawn N renders ago, so it misses this frame's damage and that of the N − 1 frames between.
/// Older frames than ``capacity`` are forgotten and their buffers are repainted in full.
struct DamageHistory {
    /// Ring of regions; `frames[(newest - i) mod capacity]` is the damage of i frames ago.
    private var frames: [DamageRegion]
    private var newest = 0
    /// How many entries hold real frames.
    private(set) var count = 0

    init(capacity: Int) {
        frames = Array(repeating: DamageRegion(), count: max(1, capacity))
    }

    var capacity: Int { frames.count }

    /// Records a frame's damage, reusing the storage of the oldest entry.
    mutating func push(_ damage: DamageRegion) {
        newest = (newest + 1) % frames.count
        frames[newest].removeAll()
        frames[newest].formUnion(damage)
        count = min(count + 1, frames.count)
    }

    /// Forgets everything: every buffer is stale.
    mutating func removeAll() {
        count = 0
    }

    /// Adds the damage of the `frameCount` most recent frames to `region`; `false` if the
    /// history does not reach back that far (the caller must repaint everything).
    func accumulate(last frameCount: Int, into region: inout DamageRegion) -> Bool {
        guard frameCount <= count else { return false }
        for age in 0..<max(0, frameCount) {
            region.formUnion(frames[(newest - age + frames.count) % frames.count])
        }
        return true
    }
}
