import Foundation
import ScriptedCompositor
import Testing

/// `--pacing deadline` against foot's rule, under the scripted compositor's 60 Hz vblank, whose
/// presentation times are the truth: one finger at 200 Hz for a second and a half.
///
/// Real time is what this suite measures (how soon, in which order, how much memory at the
/// peak), so it runs apart: serialized, and after the rest of the suite in a run of its own
/// (`REALTIME_SUITES` in the Makefile), where the other tests' apps do not share the machine
/// with it.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PacingEndToEndTests {
    struct Figures {
        var medianMilliseconds: Double
        var presented: Int
        var discarded: Int
        var commits: Int
        var seconds: Double
    }

    func run(_ pacing: String) async throws -> Figures {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present", "--pacing", pacing], size: (800, 600),
                               vblank: VblankMode(hertz: 60, scanoutDelay: .zero))
        await h.idle()
        let c = h.compositor
        let commitsBefore = c.commitCount
        let start = ScriptedCompositor.monotonicNanoseconds
        c.touchDown(id: 0, x: 100, y: 200)
        c.touchFrame()
        for step in 1...300 {
            c.touchMotion(id: 0, x: 100 + Double(step % 60) * 10, y: 200 + Double(step / 60) * 40)
            c.touchFrame()
            await c.pump(for: 0.005)
        }
        let seconds = Double(ScriptedCompositor.monotonicNanoseconds - start) / 1e9
        let commits = c.commitCount - commitsBefore
        c.touchUp(id: 0)
        c.touchFrame()
        await h.idle()
        // Every commit that asked for feedback has had its answer, and the app has logged it.
        await h.waitForLog { lines in
            let asked = c.presentations.filter(\.feedbackRequested)
            return asked.allSatisfy { $0.outcome != .pending }
                && lines.filter { $0["present"] != nil || $0["discarded"] != nil }.count == asked.count
        }
        let lines = h.logLines.filter { $0["present"] != nil || $0["discarded"] != nil }
        let latencies = lines.compactMap { ($0["input_to_present_us"] as? NSNumber)?.doubleValue }.sorted()
        return Figures(medianMilliseconds: latencies.isEmpty ? .nan : latencies[latencies.count / 2] / 1000,
                       presented: latencies.count, discarded: lines.count - latencies.count, commits: commits, seconds: seconds)
    }

    /// Deadline pacing shows a 200 Hz finger sooner than foot's rule (which waits for the frame
    /// callback, answered at the vblank that took the last commit, so nearly every frame waits
    /// a whole refresh), and still commits about once per refresh, discarding almost nothing.
    @Test func deadlinePacingReachesTheGlassSooner() async throws {
        let foot = try await run("foot")
        let deadline = try await run("deadline")
        #expect(foot.presented >= 30 && deadline.presented >= 30, "\(foot) \(deadline)")
        #expect(deadline.medianMilliseconds < foot.medianMilliseconds - 4, "foot \(foot), deadline \(deadline)")
        #expect(Double(deadline.commits) <= deadline.seconds * 60 * 1.2 + 5, "\(deadline)")
        // A few are replaced before their vblank (a commit at once after a pause, then the
        // planned one in the same refresh). A commit that misses the deadline it aimed at shares
        // the next refresh with its successor: rare on an idle machine (under one in twenty),
        // more under a sanitizer (every draw several times slower; CI saw 8 of 128) or beside
        // two busy loops (6 of 102): the bound is the mechanism's, one in eight.
        let discardsAllowed = 8
        #expect(deadline.discarded * discardsAllowed <= deadline.commits, "\(deadline)")
    }
}
