import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Pacing on a clock the test holds: the scripted compositor's ``ManualClock``, which the app
/// reads too (`TOUCHCANVAS_HELD_CLOCK_FD`). Time moves only as the test pumps, and only once the
/// app has caught up with each instant, so drawing costs no time and every figure is exact: the
/// same on a quiet machine, a busy one and under a sanitizer.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct HeldClockPacingTests {
    struct Run {
        /// Per touch frame sent: the tick it could first have reached, how long before that tick
        /// it was sent (ns), and the tick it reached.
        var reached: [(first: UInt64, lead: UInt64, shown: UInt64)]
        var commits: Int
        var discarded: Int
        /// Per input frame, touch→glass as the app's present log says (µs), and the compositor's truth.
        var logged: [Int]
        var truth: [UInt64]
        var touchFrames: Int
        var samplesLogged: Int
    }

    /// One finger at 200 Hz (5 ms apart) for `steps` frames under a 60 Hz vblank.
    func run(_ pacing: String, steps: Int = 60, latchLead: Duration = .zero) async throws -> Run {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present", "--pacing", pacing], size: (800, 600),
                                     vblank: VblankMode(hertz: 60, scanoutDelay: .zero, latchLead: latchLead), clock: ManualClock())
        await h.idle()
        let c = h.compositor
        let commitsBefore = c.commitCount
        c.resetStats()
        c.touchDown(id: 0, x: 100, y: 200)
        c.touchFrame()
        await c.pump(for: 0.005)
        for step in 1...steps {
            c.touchMotion(id: 0, x: 100 + Double(step % 60) * 10, y: 200 + Double(step / 60) * 40)
            c.touchFrame()
            await c.pump(for: 0.005)
        }
        let commits = c.commitCount - commitsBefore
        c.touchUp(id: 0)
        c.touchFrame()
        await h.idle()
        _ = await h.waitForLog { lines in
            let asked = c.presentations.filter(\.feedbackRequested)
            return asked.allSatisfy { $0.outcome != .pending }
                && lines.filter { $0["present"] != nil || $0["discarded"] != nil }.count == asked.count
        }
        let shown = c.presentations.compactMap { record -> (committed: UInt64, at: UInt64, tick: UInt64)? in
            guard case .presented(let at, let tick) = record.outcome else { return nil }
            return (record.committedNanoseconds, at, tick)
        }
        var reached: [(UInt64, UInt64, UInt64)] = []
        var truth: [UInt64] = []
        for sent in c.stats.touchFrameUptimeNanoseconds.dropLast() {
            guard let record = shown.first(where: { $0.committed >= sent }), let first = c.vblankTick(after: sent) else { continue }
            reached.append((first.index, first.nanoseconds - sent, record.tick))
            truth.append(record.at - sent)
        }
        let lines = h.logLines.filter { $0["present"] != nil || $0["discarded"] != nil }
        return Run(reached: reached, commits: commits, discarded: lines.filter { $0["discarded"] != nil }.count,
                   logged: lines.compactMap { ($0["input_to_present_us"] as? NSNumber)?.intValue },
                   truth: truth, touchFrames: c.stats.touchFrameUptimeNanoseconds.count,
                   samplesLogged: lines.compactMap { ($0["samples"] as? NSNumber)?.intValue }.reduce(0, +))
    }

    /// How long before a vblank deadline pacing commits (the app's margin, at most): input sent
    /// earlier than this before a tick must be on the glass at that tick.
    static let margin: UInt64 = 2_000_000

    /// foot's rule waits for the frame callback, which comes at the vblank that took the last
    /// commit: once a stroke is under way, every touch frame is shown a whole refresh after
    /// the first vblank it could have made. Deadline pacing commits just before each vblank
    /// with everything that came until then: every touch frame sent more than the margin
    /// before a vblank is shown at it, and there is never more than one commit per refresh.
    @Test func deadlinePacingShowsEachTouchFrameAtTheFirstVblankItCould() async throws {
        let foot = try await run("foot")
        let deadline = try await run("deadline")
        #expect(foot.reached.count == 61 && deadline.reached.count == 61)
        // The first two frames meet an idle window, which foot's rule draws at once.
        for (index, frame) in foot.reached.enumerated().dropFirst(2) {
            #expect(frame.shown == frame.first + 1, "foot's rule, touch frame \(index): \(frame)")
        }
        for (index, frame) in deadline.reached.enumerated() where frame.lead > Self.margin {
            #expect(frame.shown == frame.first, "deadline pacing, touch frame \(index): \(frame)")
        }
        for frame in deadline.reached where frame.lead <= Self.margin { #expect(frame.shown <= frame.first + 1) }
        let ticks = (deadline.reached.last?.first ?? 0) - (deadline.reached.first?.first ?? 0) + 1
        #expect(deadline.commits <= Int(ticks) + 1, "\(deadline.commits) commits over \(ticks) vblanks")
        #expect(deadline.discarded == 0)
    }

    /// `--log present` times every input frame, not only each commit's oldest: every touch frame
    /// sent is counted once, and each commit's figure is, to the microsecond, the compositor's
    /// own for the oldest touch frame it carried.
    @Test func thePresentLogAgreesWithTheCompositorToTheMicrosecond() async throws {
        let r = try await run("deadline")
        #expect(r.samplesLogged == r.touchFrames)
        let truth = Set(r.truth.map { Int($0 / 1000) })
        #expect(!r.logged.isEmpty)
        for figure in r.logged { #expect(truth.contains(figure), "logged \(figure) µs, truth \(truth.sorted())") }
    }

    /// A compositor that takes frames 6 ms before each vblank (as Weston's repaint window does):
    /// the deadline learns it from its misses and probes. On the held clock the course is
    /// exact: misses and probes during the first 0.8 s of a 1.5 s stroke, and from then on
    /// every touch frame sent more than 6 ms and the margin before a vblank makes it. Unlearned,
    /// a margin shorter than 6 ms would put almost none at their first vblank.
    @Test func theCompositorsDeadlineIsLearned() async throws {
        let r = try await run("deadline", steps: 300, latchLead: .milliseconds(6))
        #expect(r.reached.count == 301)
        let learned = r.reached.dropFirst(160)
        let missed = learned.filter { $0.lead > 6_000_000 + Self.margin && $0.shown != $0.first }
        #expect(missed.isEmpty, "\(missed)")
        let atFirst = r.reached.filter { $0.shown == $0.first }.count
        #expect(atFirst * 4 >= r.reached.count * 3, "\(atFirst) of \(r.reached.count) at their first vblank")
    }
}
