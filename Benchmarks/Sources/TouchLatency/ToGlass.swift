import BenchmarkSupport
import ScriptedCompositor

/// One touch frame's way to the glass under the compositor's vblank mode, as the compositor saw
/// it: taken from its own presentation records, so it holds for clients that never ask for
/// `wp_presentation` feedback (weston-simple-touch, GTK here).
struct FrameToGlass {
    /// CLOCK_MONOTONIC when `wl_touch.frame` was sent.
    let sent: UInt64
    /// The first vblank tick after it: the earliest the change could have reached the glass.
    let firstTick: (index: UInt64, nanoseconds: UInt64)
    /// The first commit the compositor received after the touch frame.
    let firstCommit: UInt64?
    /// The first *presented* commit after the touch frame: when it was on the glass and at
    /// which tick. Commits discarded in between (replaced before a tick) do not count, since
    /// the later commit that replaced them shows what they carried.
    let presented: (nanoseconds: UInt64, tick: UInt64)?

    /// Refreshes the change waited beyond the first vblank after the input.
    var refreshesWaited: UInt64? { presented.map { $0.tick &- firstTick.index } }
}

/// What a client's run under the vblank mode gives, all from the compositor's side.
struct ToGlass {
    let vblank: VblankMode
    var frames: [FrameToGlass] = []
    /// Toplevel commits that arrived during the measured run, and those of them replaced by a
    /// later commit before their tick (never shown).
    var commits = 0
    var discarded = 0

    /// Pairs every touch frame of the run with the first commit after it and with the first
    /// presented commit after it. `records` are the compositor's truth records, oldest first.
    init(vblank: VblankMode, touchFrames: [UInt64], records: [PresentationRecord], runStart: UInt64, runEnd: UInt64,
         tick: (UInt64) -> (index: UInt64, nanoseconds: UInt64)?) {
        self.vblank = vblank
        let inRun = records.filter { $0.committedNanoseconds >= runStart && $0.committedNanoseconds <= runEnd }
        commits = inRun.count
        discarded = inRun.filter { $0.outcome == .discarded }.count
        // Only the records from the first touch frame on matter; both lists are in time order.
        var c = 0, p = 0
        frames.reserveCapacity(touchFrames.count)
        for sent in touchFrames {
            guard let first = tick(sent) else { continue }
            while c < records.count, records[c].committedNanoseconds < sent { c += 1 }
            if p < c { p = c }
            while p < records.count {
                if case .presented = records[p].outcome { break }
                p += 1
            }
            var presented: (UInt64, UInt64)?
            if p < records.count, case .presented(let nanoseconds, let sequence) = records[p].outcome {
                presented = (nanoseconds, sequence)
            }
            frames.append(FrameToGlass(sent: sent, firstTick: first,
                                       firstCommit: c < records.count ? records[c].committedNanoseconds : nil,
                                       presented: presented))
        }
    }

    var presentedFrames: [FrameToGlass] { frames.filter { $0.presented != nil } }

    /// Touch frame → on the glass, nanoseconds.
    var inputToPresent: Samples {
        Samples(presentedFrames.map { Double($0.presented!.nanoseconds - $0.sent) })
    }

    /// Touch frame → the first commit after it, nanoseconds.
    var inputToCommit: Samples {
        Samples(frames.compactMap { frame in frame.firstCommit.map { Double($0 - frame.sent) } })
    }

    /// Shares of the presented touch frames that waited 0, 1 and 2 or more refreshes beyond the
    /// first vblank after them.
    var waitedShares: (zero: Double, one: Double, more: Double) {
        let waited = presentedFrames.compactMap(\.refreshesWaited)
        guard !waited.isEmpty else { return (.nan, .nan, .nan) }
        let n = Double(waited.count)
        return (Double(waited.filter { $0 == 0 }.count) / n, Double(waited.filter { $0 == 1 }.count) / n,
                Double(waited.filter { $0 >= 2 }.count) / n)
    }

    /// Touch frames presented one or more refreshes after the first vblank after them although
    /// a commit made when the input arrived, costing the client `ownCost` nanoseconds, would have
    /// been latched at that vblank: the refreshes the client's pacing rule lost, not its speed.
    func avoidablyLate(ownCost: UInt64) -> Int {
        presentedFrames.filter { frame in
            (frame.refreshesWaited ?? 0) >= 1 && frame.sent &+ ownCost < frame.firstTick.nanoseconds
        }.count
    }

    /// Touch frame → glass had the client committed `ownCost` after each touch frame, or, with
    /// a `deadline`, drawn then but committed `deadline` before the tick (a frame whose drawing
    /// ends later than that goes out at the next tick's deadline). What the vblank mode would
    /// have presented, computed from the run's own touch frames and ticks: the scripted
    /// compositor latches any commit made before a tick.
    func hypothetical(ownCost: UInt64, deadline: UInt64? = nil) -> Samples {
        let period = vblank.refreshNanoseconds, scanout = vblank.scanoutDelayNanoseconds
        return Samples(frames.map { frame in
            let ready = frame.sent &+ ownCost
            var tick = frame.firstTick.nanoseconds
            if let deadline {
                while ready > tick &- deadline { tick &+= period }
            } else {
                while ready >= tick { tick &+= period }
            }
            return Double(tick &+ scanout &- frame.sent)
        })
    }
}
