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

    @Test func whileFramesFollowTheCommitWaitsForTheDeadlineThenGoes() {
        var deadline = streaming(committedAt: 10.001)
        let decision = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: 10.002, forced: false,
                                             frameCallbackPending: true)
        guard case .commitLater(let wait) = decision else {
            Issue.record("a frame right after a commit waits for the deadline: \(decision)")
            return
        }
        #expect(wait > 0 && wait < Self.refresh * 1.5)
        // Called back at the commit time: it goes now, aimed at the vblank planned, even though
        // the frame callback has not come.
        let now = 10.002 + wait
        guard case .drawNow(let vblank?) = PacingDecision.decide(pacing: .deadline, deadline: &deadline, now: now,
                                                                 forced: false, frameCallbackPending: true) else {
            Issue.record("at its commit time the frame goes")
            return
        }
        #expect(vblank > now)
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
