/// `--pacing deadline`: while a frame is on its way to the display, commit the next one just
/// before the compositor takes frames for the following vblank, instead of when its frame
/// callback comes (when the display is ready, both commit at once).
///
/// Why: a compositor answers the frame callback at the vblank that took the last commit, so a
/// frame drawn then waits a whole refresh for the next one (BENCHMARKS.md: 89 % of touch frames
/// under a 60 Hz vblank). Committing just before the compositor's deadline shows the input at
/// the first vblank after it. The vblanks come from `wp_presentation` (a presentation time and
/// the refresh).
///
/// Every millisecond kept before the vblank is a millisecond of input that waits a whole extra
/// refresh, so the lead is what a frame truly costs here, learned as it goes:
/// - our own cost: a high quantile of what recent commits took from the moment they were due
///   (the timer's lateness and the drawing both), not a mean, so one frame in ten may be slower
///   without missing;
/// - the compositor's deadline: a margin after our commit, learned from `wp_presentation`. A
///   commit presented later than the vblank it aimed at tells that the compositor takes frames
///   at least that long before the vblank; the margin jumps past it at once (doubling while
///   misses come in a row, so an early deadline is found in a few), and the first hit goes
///   halfway back. Hits then narrow it in small steps, never back below a recent miss, so it
///   settles just past the compositor's true deadline within a second instead of creeping there
///   over many.
///
/// A frame is not committed as soon as it is drawn: it is started early enough for its whole
/// cost and one more drawing, held, and input that arrives meanwhile is drawn into the same
/// buffer while that still fits before the deadline (``holdUntil(vblank:)``, the margin and the
/// hold's own lateness before the vblank); when no more can fit, it is committed. What stands
/// between late input and the vblank is then only the cost of drawing that input into a buffer
/// that is already up to date, not a whole frame's, so fewer samples wait a refresh (ten fingers
/// cost a whole frame far more than one input frame's change does).
///
/// Input that arrives after the commit can still make the vblank: while there is time to draw
/// again, the pacer commits again (``recommitTarget(now:)``); the compositor shows the later
/// commit and discards the earlier. At most twice per vblank, never while the compositor is
/// late, and a second commit that misses costs nothing, since the first is shown anyway.
struct VblankDeadline {
    /// The last presentation seen and the refresh, in seconds on the presentation clock.
    private var lastPresent: Double?
    private var refresh: Double?
    /// How long before a vblank our commit must reach the compositor: its deadline, learned.
    private(set) var margin = Self.firstMargin
    /// What our frames cost, from when they were due to the end of their drawing.
    private var costs = RecentSamples(capacity: Self.costsKept)
    static let costsKept = 32
    /// A frame drawn ahead is held and committed at its own time (``holdUntil(vblank:)``): how
    /// late that commit comes after it, the timer's lateness and the commit itself.
    private var holdCosts = RecentSamples(capacity: Self.costsKept)
    /// What drawing late input into a held frame costs.
    private var topUpCosts = RecentSamples(capacity: Self.costsKept)
    /// The vblank the last commit aimed at: the next one aims after it, one planned commit per
    /// refresh. How many commits aimed at it (a second one carries late input).
    private var lastTarget: Double?
    private var commitsForTarget = 0
    private var hits = 0
    /// Hits since the last miss: none means misses in a row (or none answered yet), where the
    /// deadline is still being found.
    private var hitsSinceMiss = 0
    private var lastCommit: Double?
    /// The last answered commit missed its vblank: the compositor is behind, so no extra commit.
    private(set) var isLate = false
    /// The largest slack before its vblank with which a commit missed, and how many
    /// presentations ago: the margin does not narrow back below it while it is remembered.
    private var missedSlack: Double?
    private var presentationsSinceMiss = 0
    /// The commit planned and not yet made: kept, so a timer that fires a little late still
    /// commits for the vblank it was set for instead of moving on to the next.
    private var planned: (drawAt: Double, vblank: Double)?

    static let firstMargin = 0.001
    static let smallestMargin = 0.0003
    /// Hits in a row after which the margin narrows by ``narrowStep``: a tenth of a second at
    /// 60 Hz, so a stroke of a second reaches the compositor's deadline, not a ten-second one.
    static let hitsToNarrow = 6
    static let narrowStep = 0.00025
    /// The most the margin grows by at one miss while it searches.
    static let largestStep = 0.002
    /// Past a miss the margin stays this far beyond the slack that missed.
    static let missClearance = 0.0005
    /// Presentations after which a miss is forgotten (four seconds at 60 Hz): the compositor's
    /// deadline can move (another output, a load), and the margin may then probe lower again.
    static let missMemory = 240
    /// Our cost while none is measured.
    static let firstCost = 0.001

    /// The time from when a frame starts being drawn to when the compositor must have it: its
    /// whole cost, and room after it for one drawing of late input (``canTopUp(now:until:)``).
    var lead: Double { margin + holdCost + topUpCost + (costs.value ?? Self.firstCost) }

    /// How long after its commit time a held frame's commit came (a drawing of late input that
    /// overran, the commit itself): the ninth decile, kept before the compositor's deadline.
    private var holdCost: Double { holdCosts.value ?? Self.firstHoldCost }
    /// Our hold's cost while none is measured.
    static let firstHoldCost = 0.0001
    /// What drawing late input into a held frame costs, at its median (at first a frame's median,
    /// which it is at most). Not the ninth decile a whole frame is planned with: every tenth of a
    /// millisecond reserved here is input that waits a refresh, and a drawing that overruns its
    /// median makes the held commit late, which the hold's cost (a ninth decile) then learns, so
    /// overruns that come often move the commit earlier, and rare ones cost nothing.
    private var topUpCost: Double { topUpCosts.median ?? costs.median ?? Self.firstCost }

    /// The latest a frame held for `vblank` is committed: as late as the compositor's deadline
    /// allows, so that input arriving meanwhile can still be drawn into it.
    func holdUntil(vblank: Double) -> Double { vblank - margin - holdCost }

    /// Whether input that came after a held frame was drawn can still be drawn into it before
    /// `commitAt`. Drawing into the held buffer repaints only what the input changed, a fraction
    /// of a whole frame, so far less input waits a refresh than if the frame's whole cost stood
    /// between the input and the vblank.
    func canTopUp(now: Double, until commitAt: Double) -> Bool { now + topUpCost <= commitAt }

    /// The last moment a drawing of late input can start for a frame held until `commitAt`:
    /// when no input came by then, the frame is committed.
    func lastTopUp(before commitAt: Double) -> Double { commitAt - topUpCost }

    /// Late input was drawn into a held frame in `seconds`.
    mutating func toppedUp(took seconds: Double) { topUpCosts.add(seconds) }

    /// When to start drawing the next frame (and for which vblank): the plan already made while
    /// its vblank is still ahead, else a new one. Nil while no presentation has told the
    /// refresh, or the compositor reports none (then the frame callback paces).
    mutating func plan(now: Double) -> (drawAt: Double, vblank: Double)? {
        if let planned, planned.vblank > now + Self.smallestMargin { return planned }
        planned = target(now: now)
        return planned
    }

    func target(now: Double) -> (drawAt: Double, vblank: Double)? {
        guard let lastPresent, let refresh, refresh > 0.001 else { return nil }
        let lead = lead
        var after = now + lead
        if let lastTarget { after = max(after, lastTarget + refresh / 2) }
        let periods = ((after - lastPresent) / refresh).rounded(.up)
        guard periods.isFinite, abs(periods) < 1e9 else { return nil }
        let vblank = lastPresent + periods * refresh
        return (vblank - lead, vblank)
    }

    /// The vblank a frame drawn and committed now makes: the first whose deadline (the margin
    /// before it) comes after a median drawing. Not ``target(now:)``'s, which keeps room for a
    /// whole planned frame and a drawing of late input: a frame drawn at once after a pause
    /// that has less time than that still reaches the next vblank, and aimed one refresh
    /// later it would count as that later vblank's commit, where it then kept the next input,
    /// with two commits already counted, from being drawn for it at all (a stroke's first
    /// touch frames waited a refresh).
    func immediateTarget(now: Double) -> Double? {
        guard let lastPresent, let refresh, refresh > 0.001 else { return nil }
        let ready = now + (costs.median ?? Self.firstCost) + margin
        let periods = ((ready - lastPresent) / refresh).rounded(.up)
        guard periods.isFinite, abs(periods) < 1e9 else { return nil }
        return lastPresent + periods * refresh
    }

    /// Whether another commit may aim at `vblank`: at most two per vblank.
    func mayCommit(for vblank: Double) -> Bool { vblank != lastTarget || commitsForTarget < 2 }

    /// The vblank the last commit aimed at, when input that came after that commit can still be
    /// drawn and committed before the compositor's deadline for it; nil otherwise. The drawing
    /// is counted at its median here, not the high quantile the plan keeps: a second commit
    /// that comes too late is simply not shown, and the first one is.
    func recommitTarget(now: Double) -> Double? {
        guard let lastTarget, let lastCommit, commitsForTarget < 2, !isLate, refresh != nil else { return nil }
        guard lastCommit < lastTarget, lastTarget - now > margin + holdCost + (costs.median ?? Self.firstCost) else { return nil }
        return lastTarget
    }

    /// No commit for a refresh and a half or more (or none yet, or no refresh known). Not one
    /// refresh: frames a refresh apart are what this pacing makes, and input just after one is
    /// still part of the stream.
    func isIdle(now: Double) -> Bool {
        guard let lastCommit, let refresh else { return true }
        return now - lastCommit >= refresh * 1.5
    }

    /// A commit was made at `now`, aimed at `vblank`, after `seconds` of drawing. Its cost
    /// counts from when it was due: the planned time when the timer brought it (the timer's
    /// lateness is part of what a frame costs), else when the drawing started.
    mutating func committed(forVblank vblank: Double?, drawingTook seconds: Double, at now: Double) {
        drew(forVblank: vblank, took: seconds, at: now)
        committedDrawn(forVblank: vblank, at: now)
    }

    /// A frame aimed at `vblank` was drawn by `now`, in `seconds`, to be held and committed at
    /// ``holdUntil(vblank:)``. Its cost counts from when it was due, as a commit's does.
    mutating func drew(forVblank vblank: Double?, took seconds: Double, at now: Double) {
        var cost = seconds
        if let planned, planned.vblank == vblank { cost = max(cost, now - planned.drawAt) }
        costs.add(cost)
    }

    /// A frame drawn earlier (``drew(forVblank:took:at:)``) and held, to be committed by `due`,
    /// was committed at `now`: what the hold's cost is learned from.
    mutating func committedHeld(forVblank vblank: Double, due: Double, at now: Double) {
        holdCosts.add(max(0, now - due))
        committedDrawn(forVblank: vblank, at: now)
    }

    private mutating func committedDrawn(forVblank vblank: Double?, at now: Double) {
        if let vblank {
            commitsForTarget = vblank == lastTarget ? commitsForTarget + 1 : 1
            lastTarget = vblank
        }
        lastCommit = now
        planned = nil
    }

    /// A commit made at `commit` and aimed at `target` was presented at `present`, with the
    /// refresh the compositor reported (0: unknown).
    mutating func presented(at present: Double, refresh: Double, target: Double?, commit: Double? = nil) {
        guard present.isFinite, refresh.isFinite else { return }
        lastPresent = present
        self.refresh = refresh > 0 ? refresh : nil
        guard let target, refresh > 0 else { return }
        presentationsSinceMiss += 1
        if presentationsSinceMiss > Self.missMemory { missedSlack = nil }
        if present > target + refresh / 2 {
            // Missed: the compositor took frames before this commit came. After hits, the margin
            // was just past the edge: past the slack that missed is enough. Misses in a row (or
            // from the start) are still looking for the edge: the margin doubles, by at most
            // 2 ms a time, so Weston's 7 ms is found in four misses. At most a refresh less the
            // rest of the lead: the commit then goes in just after the last vblank, as foot's
            // rule would, and a compositor with a very early deadline costs nothing more than
            // foot's rule does.
            isLate = true
            hits = 0
            let slack = commit.map { target - $0 } ?? margin
            // A commit that came later than planned missed through our own lateness, which the
            // cost already counts: the compositor's deadline is not learned from it.
            guard slack.isFinite, slack >= margin * 0.9 else { return }
            missedSlack = max(missedSlack ?? slack, slack)
            presentationsSinceMiss = 0
            let searching = hitsSinceMiss == 0 ? margin + min(margin, Self.largestStep) : 0
            hitsSinceMiss = 0
            let widened = max(margin, searching, slack + Self.missClearance)
            margin = min(widened, max(refresh - (lead - margin) - 0.001, Self.smallestMargin))
        } else {
            isLate = false
            hits += 1
            hitsSinceMiss += 1
            if hitsSinceMiss == 1, let missedSlack {
                // The first hit after misses: the compositor's deadline lies between the slack
                // that missed and this margin. Halfway back at once (at least just past the
                // miss): a search that overshot by doubling does not then creep down for a second.
                let halfway = max(missedSlack + Self.missClearance, (missedSlack + margin) / 2)
                margin = min(margin, max(Self.smallestMargin, halfway))
            } else if hits >= Self.hitsToNarrow {
                hits = 0
                let floor = max(Self.smallestMargin, missedSlack.map { $0 + Self.missClearance } ?? 0)
                margin = min(margin, max(floor, margin - Self.narrowStep))
            }
        }
    }
}

/// The last few samples of something measured, with their median and ninth decile: a frame's
/// cost (the plan expects the decile, so nine frames in ten are ready in time) or touch→glass
/// (prediction reaches ahead by the median, which one missed vblank or a compositor's absurd
/// timestamp does not move). A short window, so a change (a resize, a second finger, another
/// refresh) shows within a fraction of a second.
struct RecentSamples {
    let capacity: Int
    private var samples: [Double] = []
    private var next = 0
    private(set) var median: Double?
    /// The ninth decile.
    private(set) var value: Double?

    init(capacity: Int) { self.capacity = max(capacity, 1) }

    mutating func add(_ sample: Double) {
        guard sample.isFinite, sample >= 0, sample < 1 else { return }
        if samples.count < capacity {
            samples.append(sample)
        } else {
            samples[next] = sample
        }
        next = (next + 1) % capacity
        let sorted = samples.sorted()
        value = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
        median = sorted[sorted.count / 2]
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
    /// Draw now for this vblank, and hold the frame until its deadline
    /// (``VblankDeadline/holdUntil(vblank:)``), drawing input that comes meanwhile into it.
    case drawAndHold(aimedAt: Double)
    /// Come back in this many seconds, just before the compositor's deadline.
    case commitLater(after: Double)
    /// The compositor has not shown the last frame: its frame callback brings the pacer back.
    case waitForFrameCallback

    /// A wait shorter than this is no wait: the commit goes now.
    static let shortestWait = 0.0002

    /// - `forced`: draw even while a frame callback is pending (a stalled compositor, a save).
    /// - `lateInput`: input not yet drawn came after the last commit (what a second commit for
    ///   the same vblank is for; animations alone never make one).
    /// - `costly`: the frame will cost far more than those the plan learned from (strokes
    ///   that ended are settled into the completed ink).
    static func decide(pacing: Pacing, deadline: inout VblankDeadline, now: Double, forced: Bool,
                       frameCallbackPending: Bool, lateInput: Bool = false, costly: Bool = false) -> PacingDecision {
        var aimedAt: Double?
        if pacing == .deadline, forced || deadline.isIdle(now: now) && !frameCallbackPending {
            // Nothing drawn for a while: at once, as foot's rule does (a sparse input gains
            // nothing by waiting, and a misjudged deadline would cost it a refresh).
            aimedAt = deadline.immediateTarget(now: now)
        } else if pacing == .deadline, costly, let vblank = deadline.immediateTarget(now: now),
                  deadline.mayCommit(for: vblank) {
            // Ten strokes settling took 7 ms: started at the plan's time, a refresh's worth of
            // input before it would miss the vblank with it. At once, it has the time until then.
            aimedAt = vblank
        } else if pacing == .deadline, lateInput, let vblank = deadline.recommitTarget(now: now) {
            // Input after the commit, and still time to draw it for the same vblank: again,
            // and the compositor shows this one instead.
            aimedAt = vblank
        } else if pacing == .deadline, let target = deadline.plan(now: now) {
            // Frames follow each other: the next one goes in just before the following vblank's
            // deadline, with all the input until then, not at the frame callback.
            let wait = target.drawAt - now
            if wait > shortestWait { return .commitLater(after: wait) }
            return .drawAndHold(aimedAt: target.vblank)
        }
        if frameCallbackPending && !forced && aimedAt == nil { return .waitForFrameCallback }
        return .drawNow(aimedAt: aimedAt)
    }
}
