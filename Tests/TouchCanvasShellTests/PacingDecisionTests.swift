import Testing
@testable import touchcanvas

/// When the pacer draws: at once after a pause, just before the compositor's deadline while
/// frames follow each other, at the frame callback with foot's rule, and never waits past a
/// forced draw. Times are seconds on a made-up presentation clock; the refresh is 60 Hz.
@Suite struct PacingDecisionTests {
    static let refresh = 1.0 / 60

    /// A deadline that has seen a presentation at 10 s and a commit at `committedAt`.
    func streaming(committedAt: Double) -> VblankDeadline {
        var deadline = VblankDeadline()
        deadline.presented(at: 10, refresh: Self.refresh, target: nil)
        deadline.committed(forVblank: 10, drawingTook: 0.001, at: committedAt)
        return deadline
    }

    @Test func footsRuleDrawsWhenTheCompositorIsReadyAndElseWaitsForTheCallback() {
        var deadline = VblankDeadline()
        #expect(PacingDecision.decide(pacing: .foot, deadline: &deadline, now: 5, forced: false, frameCallbackPending: false)
                == .drawNow(aimedAt: nil))
        #expect(PacingDecision.decide(pacing: .foot, deadline: &deadline, now: 5, forced: false, frameCallbackPending: true)
                == .waitForFrameCallback)
        #expect(PacingDecision.decide(pacing: .foot, deadline: &deadline, now: 5, forced: true, frameCallbackPending: true)
                == .drawNow(aimedAt: nil))
    }

    @Test func afterAPauseADeadlineFrameGoesAtOnceAimedAtTheNextVblank() {
        var deadline = streaming(committedAt: 10)
        // A second after the last commit: idle, so at once, aimed at a vblank of the 60 Hz grid.
        guard case .drawNow(let vblank?) = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: 11,
                                                                 forced: false, frameCallbackPending: false) else {
            Issue.record("an idle window draws at once")
            return
        }
        #expect(vblank > 11 && vblank < 11 + Self.refresh * 1.01)
        let periods = (vblank - 10) / Self.refresh
        #expect(abs(periods - periods.rounded()) < 1e-6, "on the compositor's vblank grid")
    }

    /// A frame drawn at once after a pause, with less time before the next vblank than a
    /// planned frame keeps but more than a drawing takes, is aimed at that vblank, not the one
    /// after: aimed later it counted as that one's commit, and with a second commit for late
    /// input the next input could not be drawn for it at all.
    @Test func afterAPauseTheFrameIsAimedAtTheVblankItCanStillMake() {
        var deadline = streaming(committedAt: 10)
        // A vblank of the 60 Hz grid, as the deadline computes it.
        let next = 10 + ((11 - 10) / Self.refresh).rounded(.up) * Self.refresh
        // 2.5 ms before it: the drawing (1 ms) and the margin (1 ms) fit; a planned frame's
        // lead (its cost, a drawing of late input and the margin) does not.
        let now = next - 0.0025
        #expect(deadline.target(now: now).map { $0.vblank > next + Self.refresh / 2 } == true)
        #expect(PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now, forced: false,
                                      frameCallbackPending: false) == .drawNow(aimedAt: next))
        // So the input that follows is planned for the vblank after it.
        deadline.committed(forVblank: next, drawingTook: 0.001, at: now + 0.001)
        deadline.presented(at: next, refresh: Self.refresh, target: next, commit: now + 0.001)
        guard case .commitLater(let wait) = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: next + 0.004,
                                                                  forced: false, frameCallbackPending: true, lateInput: true),
              case .drawAndHold(let vblank) = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: next + 0.004 + wait,
                                                                    forced: false, frameCallbackPending: true)
        else {
            Issue.record("the next input waits for its deadline")
            return
        }
        #expect(abs(vblank - (next + Self.refresh)) < 1e-9)
    }

    /// Strokes to settle make a frame far costlier than those the plan learned from: it is drawn
    /// at once for the next vblank it can make, not at the plan's time, unless two commits are
    /// already aimed at that vblank.
    @Test func strokesToSettleAreDrawnAtOnce() {
        var deadline = streaming(committedAt: 10.001)
        let now = 10.004
        let decision = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now, forced: false,
                                             frameCallbackPending: true, costly: true)
        #expect(decision == .drawNow(aimedAt: 10 + Self.refresh))
        guard case .commitLater = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now, forced: false,
                                                        frameCallbackPending: true) else {
            Issue.record("without strokes to settle the frame waits for the plan")
            return
        }
        deadline.committed(forVblank: 10 + Self.refresh, drawingTook: 0.001, at: now + 0.001)
        deadline.committed(forVblank: 10 + Self.refresh, drawingTook: 0.001, at: now + 0.002)
        guard case .commitLater = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now + 0.003, forced: false,
                                                        frameCallbackPending: true, costly: true) else {
            Issue.record("no third commit for one vblank, even to settle strokes")
            return
        }
    }

    @Test func whileFramesFollowTheCommitWaitsForTheDeadlineThenGoes() {
        var deadline = streaming(committedAt: 10.001)
        let decision = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: 10.002, forced: false,
                                             frameCallbackPending: true)
        guard case .commitLater(let wait) = decision else {
            Issue.record("a frame right after a commit waits for the deadline: \(decision)")
            return
        }
        #expect(wait > 0 && wait < Self.refresh * 1.5)
        // Called back at its time: it is drawn now and held for the vblank planned, even though
        // the frame callback has not come.
        let now = 10.002 + wait
        guard case .drawAndHold(let vblank) = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now,
                                                                    forced: false, frameCallbackPending: true) else {
            Issue.record("at its time the frame is drawn")
            return
        }
        #expect(vblank > now)
        // It is started early enough for its whole cost and one drawing of late input before
        // the vblank's deadline.
        #expect(deadline.holdUntil(vblank: vblank) > now + 0.001)
        #expect(deadline.holdUntil(vblank: vblank) < vblank)
    }

    @Test func withNoRefreshKnownTheFrameCallbackPaces() {
        var deadline = VblankDeadline()
        deadline.committed(forVblank: nil, drawingTook: 0.001, at: 10)
        #expect(PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: 10.001, forced: false,
                                      frameCallbackPending: true) == .waitForFrameCallback)
        #expect(PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: 10.001, forced: true,
                                      frameCallbackPending: true) == .drawNow(aimedAt: nil))
    }
}

/// How the deadline learns what a frame costs and where the compositor's deadline is, and when
/// late input gets a second commit for the same vblank.
@Suite struct VblankDeadlineLearningTests {
    static let refresh = 1.0 / 60

    /// Streaming at 60 Hz from a presentation at 10 s, with every frame costing `cost`.
    func streaming(cost: Double = 0.0005) -> VblankDeadline {
        var deadline = VblankDeadline()
        deadline.presented(at: 10, refresh: Self.refresh, target: nil)
        for _ in 0..<VblankDeadline.costsKept { deadline.committed(forVblank: nil, drawingTook: cost, at: 10) }
        return deadline
    }

    @Test func aMissJumpsPastTheSlackThatMissedAndHitsNarrowBackOnlyToJustPastIt() {
        var deadline = streaming()
        let vblank = 10 + Self.refresh
        // Committed 4 ms before the vblank and shown a refresh late: the compositor takes frames
        // at least 4 ms ahead.
        deadline.presented(at: vblank + Self.refresh, refresh: Self.refresh, target: vblank, commit: vblank - 0.004)
        #expect(deadline.isLate)
        #expect(deadline.margin >= 0.004 + VblankDeadline.missClearance - 1e-9, "\(deadline.margin)")
        let widened = deadline.margin
        // Hits: within a second the margin comes down, but never below the miss plus clearance.
        var present = vblank + 2 * Self.refresh
        for _ in 0..<60 {
            deadline.presented(at: present, refresh: Self.refresh, target: present, commit: present - deadline.margin)
            present += Self.refresh
        }
        #expect(!deadline.isLate)
        #expect(deadline.margin <= widened)
        #expect(abs(deadline.margin - (0.004 + VblankDeadline.missClearance)) < 1e-9, "\(deadline.margin)")
        // Once the miss is forgotten, it probes lower again.
        for _ in 0..<(VblankDeadline.missMemory + 60) {
            deadline.presented(at: present, refresh: Self.refresh, target: present, commit: present - deadline.margin)
            present += Self.refresh
        }
        #expect(deadline.margin < 0.004, "\(deadline.margin)")
    }

    @Test func aStreamOfHitsReachesTheSmallestMarginWithinASecond() {
        var deadline = streaming()
        var present = 10 + Self.refresh
        for _ in 0..<60 {
            deadline.presented(at: present, refresh: Self.refresh, target: present, commit: present - deadline.margin)
            present += Self.refresh
        }
        #expect(deadline.margin == VblankDeadline.smallestMargin)
    }

    @Test func aFarEarlierDeadlineIsFoundInAFewMisses() {
        var deadline = streaming()
        var present = 10 + Self.refresh
        var misses = 0
        // A compositor that takes frames 7 ms before the vblank, as Weston does by default.
        for _ in 0..<30 {
            let commit = present - deadline.margin
            let shown = present - commit > 0.007 ? present : present + Self.refresh
            if shown > present { misses += 1 }
            deadline.presented(at: shown, refresh: Self.refresh, target: present, commit: commit)
            present = shown + Self.refresh
        }
        // Four to find it, and one as the margin narrows back to the edge; then it stays.
        #expect(misses <= 5, "\(misses) misses")
        #expect(deadline.margin > 0.007 && deadline.margin < 0.009, "\(deadline.margin)")
    }

    @Test func theLeadCoversNineFramesInTenNotTheMean() {
        var deadline = streaming(cost: 0.0005)
        // Held commits on time, drawings of late input 0.2 ms: the lead is the margin, room
        // for one such drawing, and the frame's own cost.
        for _ in 0..<VblankDeadline.costsKept {
            deadline.toppedUp(took: 0.0002)
            deadline.committedHeld(forVblank: 10, due: 10, at: 10)
        }
        // Three slow frames in 32: the ninth decile is still a fast one.
        for _ in 0..<3 { deadline.committed(forVblank: nil, drawingTook: 0.004, at: 10) }
        #expect(abs(deadline.lead - (deadline.margin + 0.0002 + 0.0005)) < 1e-9, "\(deadline.lead)")
        // A slower machine: most frames slow, so the plan starts earlier.
        for _ in 0..<10 { deadline.committed(forVblank: nil, drawingTook: 0.004, at: 10) }
        #expect(abs(deadline.lead - (deadline.margin + 0.0002 + 0.004)) < 1e-9, "\(deadline.lead)")
    }

    @Test func aTimerThatFiresLateCountsItsLatenessAsCost() throws {
        var deadline = streaming(cost: 0.0005)
        var now = 10.001
        // Each time the timer came 2 ms late, then drawing took 0.5 ms.
        for _ in 0..<VblankDeadline.costsKept {
            let planned = deadline.plan(now: now)
            let plan = try #require(planned)
            deadline.committed(forVblank: plan.vblank, drawingTook: 0.0005, at: plan.drawAt + 0.0025)
            now = plan.vblank + 0.001
        }
        #expect(deadline.lead > deadline.margin + 0.0024, "\(deadline.lead)")
    }

    /// A commit aimed at the vblank at 10 + refresh, made `before` it, with the plan streaming.
    func committed(before: Double) -> (VblankDeadline, Double) {
        var deadline = streaming()
        let vblank = 10 + Self.refresh
        deadline.committed(forVblank: vblank, drawingTook: 0.0005, at: vblank - before)
        return (deadline, vblank)
    }

    @Test func lateInputWithTimeLeftIsCommittedAgainForTheSameVblankAtMostTwice() {
        var (deadline, vblank) = committed(before: 0.006)
        // Input 4 ms before the vblank: time enough to draw (0.5 ms) and make the deadline.
        var now = vblank - 0.004
        #expect(PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now, forced: false,
                                      frameCallbackPending: true, lateInput: true) == .drawNow(aimedAt: vblank))
        deadline.committed(forVblank: vblank, drawingTook: 0.0005, at: now + 0.0005)
        // A third commit for the same vblank is one too many: the next goes before the next vblank.
        now = vblank - 0.003
        guard case .commitLater = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now, forced: false,
                                                        frameCallbackPending: true, lateInput: true) else {
            Issue.record("no third commit for one vblank")
            return
        }
    }

    @Test func noSecondCommitWithoutLateInputTooLateOrWhileTheCompositorIsLate() {
        var (deadline, vblank) = committed(before: 0.006)
        // An animation alone does not commit twice.
        guard case .commitLater = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: vblank - 0.004,
                                                        forced: false, frameCallbackPending: true) else {
            Issue.record("no second commit without late input")
            return
        }
        // Too close to the vblank to draw in time.
        guard case .commitLater = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: vblank - 0.0005,
                                                        forced: false, frameCallbackPending: true, lateInput: true) else {
            Issue.record("no second commit without the time to make it")
            return
        }
        // The last answer was a miss: the compositor is behind.
        var (late, lateVblank) = committed(before: 0.006)
        late.presented(at: lateVblank, refresh: Self.refresh, target: lateVblank - 2 * Self.refresh,
                       commit: lateVblank - 2 * Self.refresh - 0.001)
        #expect(late.isLate)
        late.committed(forVblank: lateVblank + Self.refresh, drawingTook: 0.0005, at: lateVblank + 0.002)
        lateVblank += Self.refresh
        guard case .commitLater = PacingDecision.decide(pacing: .deadline, deadline: &late, now: lateVblank - 0.01,
                                                        forced: false, frameCallbackPending: true, lateInput: true) else {
            Issue.record("no second commit while the compositor is late")
            return
        }
    }
}

/// A frame drawn ahead for its vblank is held: input that comes meanwhile is drawn into it while
/// that still fits before the compositor's deadline, and it is committed when no more can.
@Suite struct HeldFrameTests {
    static let refresh = 1.0 / 60

    /// Streaming at 60 Hz from a presentation at 10 s: frames cost `cost`, drawings of late
    /// input `topUp`, held commits come on time.
    func streaming(cost: Double, topUp: Double) -> VblankDeadline {
        var deadline = VblankDeadline()
        deadline.presented(at: 10, refresh: Self.refresh, target: nil)
        for _ in 0..<VblankDeadline.costsKept {
            deadline.committed(forVblank: nil, drawingTook: cost, at: 10)
            deadline.toppedUp(took: topUp)
            deadline.committedHeld(forVblank: 10, due: 10, at: 10)
        }
        return deadline
    }

    @Test func lateInputWaitsOnlyForItsOwnDrawingNotAWholeFrame() throws {
        var deadline = streaming(cost: 0.002, topUp: 0.0004)
        let planned = deadline.plan(now: 10.001)
        let plan = try #require(planned)
        let commitAt = deadline.holdUntil(vblank: plan.vblank)
        // Started early enough for the whole frame and one drawing of late input.
        #expect(abs(commitAt - plan.drawAt - (0.002 + 0.0004)) < 1e-9, "\(commitAt - plan.drawAt)")
        // Input until 0.4 ms before the commit time can still be drawn into the held frame:
        // 2.4 ms after the drawing started, later than a whole frame's cost would allow.
        #expect(deadline.canTopUp(now: commitAt - 0.0004, until: commitAt))
        #expect(!deadline.canTopUp(now: commitAt - 0.0003, until: commitAt))
        #expect(deadline.lastTopUp(before: commitAt) == commitAt - 0.0004)
        // The commit time is the compositor's deadline: the margin before the vblank.
        #expect(abs(plan.vblank - commitAt - deadline.margin) < 1e-9)
    }

    @Test func aHeldCommitThatCameLateMovesTheCommitTimeEarlier() throws {
        var deadline = streaming(cost: 0.001, topUp: 0.0003)
        let planned = deadline.plan(now: 10.001)
        let vblank = try #require(planned).vblank
        let onTime = deadline.holdUntil(vblank: vblank)
        // Drawings of late input that overran by 0.5 ms, time after time.
        for _ in 0..<VblankDeadline.costsKept { deadline.committedHeld(forVblank: vblank, due: onTime, at: onTime + 0.0005) }
        #expect(abs(onTime - deadline.holdUntil(vblank: vblank) - 0.0005) < 1e-9)
    }

    @Test func beforeAnyDrawingOfLateInputIsMeasuredAFramesMedianIsAssumed() throws {
        var deadline = VblankDeadline()
        deadline.presented(at: 10, refresh: Self.refresh, target: nil)
        for _ in 0..<VblankDeadline.costsKept { deadline.committed(forVblank: nil, drawingTook: 0.001, at: 10) }
        let planned = deadline.plan(now: 10.001)
        let vblank = try #require(planned).vblank
        let commitAt = deadline.holdUntil(vblank: vblank)
        #expect(deadline.lastTopUp(before: commitAt) == commitAt - 0.001)
    }
}
