internal import WaylandServer

/// Commits waiting for the glass, and the truth recorded about each toplevel commit.
///
/// Each commit's fate is fixed by its latch time, known when it arrives: one frame-callback delay
/// later without vblank mode, the next tick with it. Commits of one surface latched at the same
/// tick compete and only the latest is shown, so a queue entry needs no timer of its own; the
/// compositor's round wakes for `nextSendDue`.
struct PresentationQueue {
    struct Entry {
        let surface: ObjectIdentifier
        let feedbacks: [WpPresentationFeedback]
        let committed: UInt64
        /// When this commit is latched: the tick in vblank mode, else when its frame callbacks are
        /// answered.
        let latch: UInt64
        /// The tick number in vblank mode.
        let tick: UInt64?
        /// Where its truth is in `records`, for the toplevel's commits.
        let record: Int?
    }

    let vblank: VblankMode?
    /// Ticks fall at whole periods after this.
    let origin: UInt64
    var entries: [Entry] = []
    var records: [PresentationRecord] = []
    /// `seq` without vblank mode: one more for every presentation.
    var presentations: UInt64 = 0

    init(vblank: VblankMode?, origin: UInt64) {
        self.vblank = vblank
        self.origin = origin
    }

    /// The first tick that a commit made at `time` makes: strictly after it, and at least the
    /// latch lead after it.
    func tick(after commitTime: UInt64) -> (index: UInt64, nanoseconds: UInt64)? {
        guard let vblank else { return nil }
        let time = commitTime &+ vblank.latchLeadNanoseconds
        let index = time < origin ? 0 : (time - origin) / vblank.refreshNanoseconds + 1
        return (index, origin &+ index &* vblank.refreshNanoseconds)
    }

    /// When the outcome of an entry is told: at scanout, since no client can learn of photons
    /// before they are emitted.
    func sendDue(_ entry: Entry) -> UInt64 { entry.latch &+ (vblank?.scanoutDelayNanoseconds ?? 0) }

    var nextSendDue: UInt64? { entries.lazy.map(sendDue).min() }

    /// Removes and returns the entries whose outcome is due, each with whether a later commit of
    /// its surface latched at the same tick replaced it.
    mutating func takeDue(now: UInt64) -> [(entry: Entry, replaced: Bool)] {
        guard entries.contains(where: { sendDue($0) <= now }) else { return [] }
        let scanout = vblank?.scanoutDelayNanoseconds ?? 0
        let due = entries.filter { $0.latch &+ scanout <= now }
        entries.removeAll { $0.latch &+ scanout <= now }
        return due.enumerated().map { offset, entry in
            let replaced = vblank != nil && due[(offset + 1)...].contains {
                $0.surface == entry.surface && $0.latch == entry.latch
            }
            return (entry, replaced)
        }
    }

    /// Removes the entries of a surface that went away.
    mutating func takeAll(of surface: ObjectIdentifier) -> [Entry] {
        let gone = entries.filter { $0.surface == surface }
        entries.removeAll { $0.surface == surface }
        return gone
    }
}
