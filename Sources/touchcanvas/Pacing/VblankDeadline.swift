/// `--pacing deadline`: while a frame is on its way to the display, commit the next one just
/// before the compositor takes frames for the following vblank, instead of when its frame
/// callback comes (when the display is ready, both commit at once).
///
/// Why: a compositor answers the frame callback at the vblank that took the last commit, so a
/// frame drawn then waits a whole refresh for the next one (BENCHMARKS.md: 89 % of touch frames
/// under a 60 Hz vblank). Committing just before the compositor's deadline shows the input at
/// the first vblank after it. The vblanks come from `wp_presentation` (a presentation time and
/// the refresh); the margin before each is learned: a commit that missed the vblank it aimed at
/// widens it by a millisecond, and a long run of hits narrows it again.
struct VblankDeadline {
    /// The last presentation seen and the refresh, in seconds on the presentation clock.
    private var lastPresent: Double?
    private var refresh: Double?
    /// How long before a vblank a commit must reach the compositor.
    private(set) var margin = 0.002
    /// How long our own drawing takes (smoothed): the commit is made this much before the margin.
    private var drawing = SmoothedValue()
    /// The vblank the last commit aimed at: the next one aims after it, one commit per refresh.
    private var lastTarget: Double?
    private var hits = 0
    private var lastCommit: Double?
    /// The commit planned and not yet made: kept, so a timer that fires a little late still
    /// commits for the vblank it was set for instead of moving on to the next.
    private var planned: (commitAt: Double, vblank: Double)?

    static let smallestMargin = 0.0005
    /// Hits in a row after which the margin narrows by half a millisecond.
    static let hitsToNarrow = 120

    /// When to commit (and for which vblank): the plan already made while its vblank is still
    /// ahead, else a new one. Nil while no presentation has told the refresh, or the compositor
    /// reports none (then the frame callback paces).
    mutating func plan(now: Double) -> (commitAt: Double, vblank: Double)? {
        if let planned, planned.vblank > now + Self.smallestMargin { return planned }
        planned = target(now: now)
        return planned
    }

    func target(now: Double) -> (commitAt: Double, vblank: Double)? {
        guard let lastPresent, let refresh, refresh > 0.001 else { return nil }
        let lead = margin + (drawing.value ?? 0.001)
        var after = now + lead
        if let lastTarget { after = max(after, lastTarget + refresh / 2) }
        let periods = ((after - lastPresent) / refresh).rounded(.up)
        guard periods.isFinite, abs(periods) < 1e9 else { return nil }
        let vblank = lastPresent + periods * refresh
        return (vblank - lead, vblank)
    }

    /// No commit for a refresh and a half or more (or none yet, or no refresh known). Not one
    /// refresh: frames a refresh apart are what this pacing makes, and input just after one is
    /// still part of the stream.
    func isIdle(now: Double) -> Bool {
        guard let lastCommit, let refresh else { return true }
        return now - lastCommit >= refresh * 1.5
    }

    mutating func committed(forVblank vblank: Double?, drawingTook seconds: Double, at now: Double) {
        if let vblank { lastTarget = vblank }
        lastCommit = now
        planned = nil
        drawing.add(seconds)
    }

    /// A commit aimed at `target` was presented at `present`, with the refresh the compositor
    /// reported (0: unknown).
    mutating func presented(at present: Double, refresh: Double, target: Double?) {
        guard present.isFinite, refresh.isFinite else { return }
        lastPresent = present
        self.refresh = refresh > 0 ? refresh : nil
        guard let target, refresh > 0 else { return }
        if present > target + refresh / 2 {
            // Missed the vblank aimed at: the compositor takes frames earlier than we thought.
            // At most a refresh less our drawing: the commit then goes in just after the last
            // vblank, as foot's rule would, and a compositor with a very early deadline costs
            // nothing more than foot's rule does.
            margin = min(margin + 0.001, max(refresh - (drawing.value ?? 0.001) - 0.001, Self.smallestMargin))
            hits = 0
        } else {
            hits += 1
            if hits >= Self.hitsToNarrow {
                margin = max(Self.smallestMargin, margin - 0.0005)
                hits = 0
            }
        }
    }
}

/// `--pacing`: what decides when a frame is committed.
enum Pacing: String, CaseIterable {
    /// foot's rule: at once when the compositor has shown the last frame, else at its frame
    /// callback.
    case foot
    /// Just before the compositor's deadline for the next vblank (``VblankDeadline``).
    case deadline
}

/// What the pacer does with a frame that needs drawing, decided from the pacing, the deadline's
/// state and whether the compositor still owes a frame callback. A pure rule (the deadline's
/// plan is the only state it moves), so each case has a unit test (PacingDecisionTests).
enum PacingDecision: Equatable {
    /// Draw and commit now, aimed at this vblank when the deadline chose one.
    case drawNow(aimedAt: Double?)
    /// Come back in this many seconds, just before the compositor's deadline.
    case commitLater(after: Double)
    /// The compositor has not shown the last frame: its frame callback brings the pacer back.
    case waitForFrameCallback

    /// A wait shorter than this is no wait: the commit goes now.
    static let shortestWait = 0.0002

    /// - `forced`: draw even while a frame callback is pending (a stalled compositor, a save).
    static func decide(pacing: Pacing, deadline: inout VblankDeadline, now: Double, forced: Bool,
                       frameCallbackPending: Bool) -> PacingDecision {
        var aimedAt: Double?
        if pacing == .deadline, forced || deadline.isIdle(now: now) && !frameCallbackPending {
            // Nothing drawn for a while: at once, as foot's rule does (a sparse input gains
            // nothing by waiting, and a misjudged deadline would cost it a refresh).
            aimedAt = deadline.target(now: now)?.vblank
        } else if pacing == .deadline, let target = deadline.plan(now: now) {
            // Frames follow each other: the next one goes in just before the following vblank's
            // deadline, with all the input until then, not at the frame callback.
            let wait = target.commitAt - now
            if wait > shortestWait { return .commitLater(after: wait) }
            aimedAt = target.vblank
        }
        if frameCallbackPending && !forced && aimedAt == nil { return .waitForFrameCallback }
        return .drawNow(aimedAt: aimedAt)
    }
}
