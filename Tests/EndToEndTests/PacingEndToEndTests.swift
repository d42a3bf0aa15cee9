import Foundation
import Rendering
import ScriptedCompositor
import Testing
import TouchCanvasTesting

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
        /// Touch frames sent, and the input frames the app's log timed (`samples`).
        var touchFrames: Int
        var samplesLogged: Int
        /// Per input frame, from the app's log and from the compositor's truth (ms).
        var sampleMedianMilliseconds: Double
        var truthMedianMilliseconds: Double
        /// Touch frames on the glass at the first vblank a commit made when they were sent could
        /// have made (the truth).
        var atFirstVblank: Double
    }

    func run(_ pacing: String, latchLead: Duration = .zero) async throws -> Figures {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present", "--pacing", pacing], size: (800, 600),
                               vblank: VblankMode(hertz: 60, scanoutDelay: .zero, latchLead: latchLead))
        await h.idle()
        let c = h.compositor
        let commitsBefore = c.commitCount
        c.resetStats()
        let start = ScriptedCompositor.monotonicNanoseconds
        c.touchDown(id: 0, x: 100, y: 200)
        c.touchFrame()
        for step in 1...300 {
            c.touchMotion(id: 0, x: 100 + Double(step % 60) * 10, y: 200 + Double(step / 60) * 40)
            c.touchFrame()
            // 200 Hz, each spacing varied by up to a fifth either way, as a digitizer's clock is
            // not locked to the display's: exactly 5 ms apart, the frames fall on a few fixed
            // phases of a 60 Hz refresh (1.67 ms apart), and a median lands on one of them, so
            // two medians that should agree can differ by a whole phase step by luck.
            let spread = (Double(step) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) * 2 - 1
            await c.pump(for: 0.005 * (1 + 0.2 * spread))
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
        let samples = lines.compactMap { ($0["samples"] as? NSNumber)?.intValue }.reduce(0, +)
        // A line's median stands for its samples: weighted, the lines' medians give the median
        // over every input frame closely enough (each line's samples are a few milliseconds apart).
        let weighted = lines.flatMap { line -> [Double] in
            guard let n = (line["samples"] as? NSNumber)?.intValue, let median = (line["sample_median_us"] as? NSNumber)?.doubleValue
            else { return [] }
            return Array(repeating: median / 1000, count: n)
        }.sorted()
        let truth = Self.truth(c)
        return Figures(medianMilliseconds: latencies.isEmpty ? .nan : latencies[latencies.count / 2] / 1000,
                       presented: latencies.count, discarded: lines.count - latencies.count, commits: commits, seconds: seconds,
                       touchFrames: c.stats.touchFrameUptimeNanoseconds.count, samplesLogged: samples,
                       sampleMedianMilliseconds: weighted.isEmpty ? .nan : weighted[weighted.count / 2],
                       truthMedianMilliseconds: truth.median, atFirstVblank: truth.atFirstVblank)
    }

    /// Every touch frame sent, paired with the first presented commit made after it, from the
    /// compositor's records: its touch→glass median (ms) and the share shown at the first vblank
    /// a commit made when it was sent could have made.
    static func truth(_ c: ScriptedCompositor) -> (median: Double, atFirstVblank: Double) {
        let shown = c.presentations.compactMap { record -> (committed: UInt64, at: UInt64, tick: UInt64)? in
            guard case .presented(let at, let tick) = record.outcome else { return nil }
            return (record.committedNanoseconds, at, tick)
        }
        var latencies: [Double] = []
        var first = 0
        for sent in c.stats.touchFrameUptimeNanoseconds {
            guard let record = shown.first(where: { $0.committed >= sent }) else { continue }
            latencies.append(Double(record.at - sent) / 1e6)
            if c.vblankTick(after: sent)?.index == record.tick { first += 1 }
        }
        latencies.sort()
        return (latencies.isEmpty ? .nan : latencies[latencies.count / 2], Double(first) / Double(max(latencies.count, 1)))
    }

    /// Deadline pacing shows a 200 Hz finger sooner than foot's rule (which waits for the frame
    /// callback, answered at the vblank that took the last commit, so nearly every frame waits
    /// a whole refresh), and still commits about once per refresh, discarding almost nothing.
    @Test func deadlinePacingReachesTheGlassSooner() async throws {
        let foot = try await run("foot")
        let deadline = try await run("deadline")
        print(String(format: "pacing: touch→glass per input frame %.1f ms with foot's rule, %.1f with deadline pacing; %d and %d commits",
                     foot.truthMedianMilliseconds, deadline.truthMedianMilliseconds, foot.commits, deadline.commits))
        #expect(foot.presented >= 30 && deadline.presented >= 30, "\(foot) \(deadline)")
        // Which pacing is sooner is only asked where a frame is drawn well within a refresh. A
        // sanitizer slows the app's own Swift code several times, not cairo's, pixman's or the
        // kernel's: the app then keeps up with neither pacing (about 40 commits a second of 60
        // seen under ASan), a deadline planned from the last frame's cost is missed as often as
        // it is met, and the two medians fall within a few milliseconds of each other either
        // way (deadline 2.8 ms sooner to 4.8 ms later in eight runs, the same before and after
        // the layer drew its own segments). The sanitized run still drives every path of both
        // pacings, and the bounds below.
        if !Sanitizer.isActive {
            #expect(deadline.medianMilliseconds < foot.medianMilliseconds - 4, "foot \(foot), deadline \(deadline)")
            #expect(deadline.truthMedianMilliseconds < foot.truthMedianMilliseconds - 4, "foot \(foot), deadline \(deadline)")
        }
        // At most 1.3 commits per refresh: one planned, and now and then a second for input that
        // came after it with time left before the vblank.
        #expect(Double(deadline.commits) <= deadline.seconds * 60 * 1.3 + 5, "\(deadline)")
        // What is replaced before its vblank: those second commits' firsts, and a commit at once
        // after a pause followed by the planned one. A commit that misses the deadline it aimed
        // at shares the next refresh with its successor: more of those under a sanitizer (every
        // draw several times slower) or beside busy loops. The bound is the mechanism's: one
        // commit in four at most; under a sanitizer, whose frames miss often (above), one in
        // three (27 in 100 seen under ASan).
        let discardsAllowed = Sanitizer.choose(4, sanitized: 3)
        #expect(deadline.discarded * discardsAllowed <= deadline.commits, "\(deadline)")
    }

    /// `--log present` times every input frame, not only each commit's oldest: every touch frame
    /// sent is counted once, and their median agrees with the compositor's own records.
    @Test func thePresentLogTimesEveryInputFrame() async throws {
        let deadline = try await run("deadline")
        #expect(deadline.samplesLogged == deadline.touchFrames, "\(deadline)")
        // Two approximations meet here. Each line's median stands for all its frames; and the
        // truth pairs a touch frame with the first commit made after it, though one sent while a
        // frame was held, too late to be drawn into it, is shown by the next commit, a refresh
        // later (the app's log counts it there). Quiet, they differ by up to 1.8 ms (seen in a
        // CI run); under a sanitizer, whose drawing is several times slower, a line carries
        // more frames spread over more of a refresh, and the gap widens (3.7 ms seen in CI, 6.8
        // on a day the sanitized suite ran four times slower than usual).
        let agreement = Sanitizer.choose(2.5, sanitized: 8.0)
        print(String(format: "present log: per input frame %.2f ms by the log, %.2f by the compositor",
                     deadline.sampleMedianMilliseconds, deadline.truthMedianMilliseconds))
        #expect(abs(deadline.sampleMedianMilliseconds - deadline.truthMedianMilliseconds) < agreement, "\(deadline)")
        // The commit's oldest input is older than the frames it shows on average. Not compared
        // under a sanitizer: its slow frames each carry many samples, and a median over commits
        // then weighs them as one (17.4 per frame against 16.5 per commit seen under ASan).
        if !Sanitizer.isActive {
            #expect(deadline.sampleMedianMilliseconds < deadline.medianMilliseconds, "\(deadline)")
        }
    }

    /// A compositor that takes frames 6 ms before each vblank (as Weston's repaint window does):
    /// the deadline learns it from the first misses, and most touch frames then make the first
    /// vblank they could.
    @Test(.enabled(if: !Sanitizer.isActive,
                   "how many frames make their vblank is the app's speed, which a sanitizer multiplies"))
    func theCompositorsDeadlineIsLearned() async throws {
        let atTheTick = try await run("deadline")
        let early = try await run("deadline", latchLead: .milliseconds(6))
        print(String(format: "pacing: at the first vblank %.0f %% (deadline at the tick), %.0f %% (6 ms before); "
                     + "touch→glass median %.2f / %.2f ms", atTheTick.atFirstVblank * 100, early.atFirstVblank * 100,
                     atTheTick.truthMedianMilliseconds, early.truthMedianMilliseconds))
        // Nearly as many at the first vblank as with a compositor that takes frames until the
        // tick: the misses that taught it, and a probe or two, in a stroke of a second and a
        // half (87-93 % against 96-98 % quiet since frames are held for late input, which put
        // more at the tick; 84 % against 95 % in a CI run before). Within 20 points of that, or
        // of 95 % where holding does better. Unlearned, a 1 ms margin against a 6 ms deadline
        // would put almost none there.
        #expect(early.atFirstVblank >= min(atTheTick.atFirstVblank, 0.95) - 0.2, "at the tick \(atTheTick), 6 ms before \(early)")
        #expect(early.atFirstVblank >= 0.6, "\(early)")
        #expect(Double(early.commits) <= early.seconds * 60 * 1.3 + 5, "\(early)")
    }

    /// Ten fingers in the canvas scene under the vblank: a frame drawn ahead of its deadline is
    /// held, and input that comes meanwhile is drawn into it as a display frame of its own. The
    /// recording keeps every one of those, so `replay` draws what the compositor was shown,
    /// pixel for pixel; and held frames did take late input (more display frames than commits).
    @Test func framesHeldForLateInputReplayAsShown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-held-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("held.tcrec").path
        let shown = directory.appendingPathComponent("shown.png").path, replayed = directory.appendingPathComponent("replayed.png").path
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--pacing", "deadline", "--record", recording,
                                                 "--save-on-exit", shown], size: (800, 600),
                                     vblank: VblankMode(hertz: 60, scanoutDelay: .zero))
        await h.idle()
        let c = h.compositor
        let commitsBefore = c.commitCount
        func place(_ finger: Int32, _ step: Int) -> (x: Double, y: Double) {
            let angle = Double(step) * 0.02 + Double(finger) * 0.628
            return (400 + 200 * cos(angle), 300 + 200 * sin(angle))
        }
        for finger: Int32 in 0..<10 { c.touchDown(id: finger, x: place(finger, 0).x, y: place(finger, 0).y) }
        c.touchFrame()
        // A second of motion at 200 Hz, each spacing a little different, so touch frames fall
        // on every phase of the refresh.
        for step in 1...200 {
            for finger: Int32 in 0..<10 { c.touchMotion(id: finger, x: place(finger, step).x, y: place(finger, step).y) }
            c.touchFrame()
            await c.pump(for: 0.004 + 0.002 * Double(step % 5) / 4)
        }
        for finger: Int32 in 0..<10 { c.touchUp(id: finger) }
        c.touchFrame()
        await h.idle()
        let commits = c.commitCount - commitsBefore
        c.tapKey(16)  // q
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: c) == 0)

        // Display frames that delivered touch input (a `frame` line since the one before), against
        // the commits that carried input: a frame drawn again for late input is a second such
        // display frame for one commit. Drawing and committing each frame at once gives as many
        // commits as display frames.
        var inputFrames = 0, sinceFrame = false
        for line in try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n") {
            if line.hasSuffix(" frame") { sinceFrame = true }
            if line.contains(" - display-frame"), sinceFrame {
                inputFrames += 1
                sinceFrame = false
            }
        }
        let inputCommits = c.presentations.filter(\.feedbackRequested).count
        print("held frames: \(inputFrames) display frames with input, \(inputCommits) commits with input, \(commits) commits")
        // Not under a sanitizer: whether a drawing of late input fits before the deadline is the
        // app's speed, which a sanitizer multiplies.
        if !Sanitizer.isActive {
            #expect(inputFrames > inputCommits, "no held frame took late input: \(inputFrames) display frames, \(inputCommits) commits")
        }
        let process = try AppHarness.launch(["replay", recording, "--png", replayed], environment: ["PATH": "/usr/bin:/bin"])
        #expect(await process.waitForExit(timeout: AppHarness.patience) == 0, "\(process.standardError)")
        let saw = try PNGReader.read(shown), replay = try PNGReader.read(replayed)
        #expect(saw.width == replay.width && saw.height == replay.height)
        let differing = differences(saw, replay)
        #expect(differing.isEmpty, "pixels differ between the compositor's frame and the replay: \(differing)")
        // Ink was drawn (two blank pictures would agree too).
        #expect(replay.pixel(x: Int(place(0, 100).x), y: Int(place(0, 100).y)) != PixelColor(red: 0xFF, green: 0xFF, blue: 0xFF))
    }
}
