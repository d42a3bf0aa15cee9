import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Touch→glass from `wp_presentation`, against the scripted compositor's vblank mode, whose
/// presentation times are the truth: 60 Hz, 5 ms of scanout.
///
/// On the held clock (``ManualClock``, which the app reads too): drawing takes no time, so each
/// figure the app logs is exact and the same on any machine. How these figures come out on the
/// machine's clock is a benchmark's question (`RealClockFigures`, BENCHMARKS.md).
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct PresentationEndToEndTests {
    static let vblank = VblankMode(hertz: 60, scanoutDelay: .milliseconds(5))

    func presentLines(_ h: AppHarness) -> [[String: Any]] { h.logLines.filter { $0["present"] != nil || $0["discarded"] != nil } }

    /// Waits until the app has read all input, every commit that asked for feedback has had its
    /// answer, and the app has logged each: the figures are all in.
    func waitForFigures(_ h: AppHarness) async {
        let c = h.compositor
        func allIn(_ lines: [[String: Any]]) -> Bool {
            let asked = c.presentations.filter(\.feedbackRequested)
            return asked.allSatisfy { $0.outcome != .pending }
                && lines.filter { $0["present"] != nil || $0["discarded"] != nil }.count == asked.count
        }
        await h.roundtrip()
        await h.waitForLog(allIn)
    }

    /// One finger across the window at 200 Hz (the compositor runs for 5 ms between moves);
    /// returns the compositor's stamp of every touch event it sent, in nanoseconds.
    @discardableResult
    func stroke(_ h: AppHarness, steps: Int = 30, figures: Bool = true) async -> [UInt64] {
        let c = h.compositor
        var sent: [UInt64] = []
        c.touchDown(id: 0, x: 100, y: 200)
        sent.append(c.lastEventNanoseconds ?? 0)
        c.touchFrame()
        for step in 1...steps {
            c.touchMotion(id: 0, x: 100 + Double(step % 40) * 15, y: 200 + Double(step / 40) * 20)
            sent.append(c.lastEventNanoseconds ?? 0)
            c.touchFrame()
            await c.pump(for: 0.005)
        }
        c.touchUp(id: 0)
        sent.append(c.lastEventNanoseconds ?? 0)
        c.touchFrame()
        if figures { await waitForFigures(h) } else { await h.roundtrip() }
        return sent
    }

    func number(_ line: [String: Any], _ key: String) -> Double { (line[key] as? NSNumber)?.doubleValue ?? -1 }

    @Test func eachCommitWithInputLogsWhenItReachedTheGlass() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present"], size: (800, 600), vblank: Self.vblank, clock: ManualClock())
        await h.observe(for: 0.3)  // an idle spell: no input, so no feedback asked in it
        #expect(presentLines(h).isEmpty, "a window with no input asks for no feedback")
        let c = h.compositor
        let sent = await stroke(h)
        let lines = presentLines(h)
        let presented = lines.filter { $0["present"] != nil }
        #expect(presented.count >= 3, "\(lines)")
        // Every presented time is one the compositor presented a commit at (tick + 5 ms).
        let truth = Set(c.presentations.compactMap { record -> UInt64? in
            if case let .presented(nanoseconds, _) = record.outcome { return nanoseconds } else { return nil }
        })
        var touchNumbers = Set<Int>()
        for line in presented {
            let present = (line["present"] as? NSNumber)?.uint64Value ?? 0
            #expect(truth.contains(present), "\(line)")
            // The input is one the compositor stamped (zwp_input_timestamps_v1, to the nanosecond).
            let input = (line["input"] as? NSNumber)?.uint64Value ?? 0
            #expect(sent.contains(input), "\(line)")
            #expect(line["refresh_ns"] as? Int == 16_666_667)
            #expect((line["flags"] as? [String]) == ["vsync", "hw_clock", "hw_completion"])
            let commitToPresent = number(line, "commit_to_present_us")
            // Latched at the first tick after the commit, then 5 ms of scanout.
            #expect(commitToPresent > 5_000 && commitToPresent <= 16_667 + 5_000, "\(line)")
            let inputToPresent = number(line, "input_to_present_us")
            #expect(inputToPresent >= commitToPresent && inputToPresent < 200_000, "\(line)")
            #expect(abs(inputToPresent - Double(present - min(input, present)) / 1000) < 1, "\(line)")
            let touches = line["touches"] as? [Int] ?? []
            #expect(touches.count == 1, "one finger moved: \(line)")
            touchNumbers.formUnion(touches)
        }
        #expect(touchNumbers.count == 1, "every commit carried the one finger: \(touchNumbers)")
        // Discarded commits are counted exactly: as many lines as the compositor discarded
        // commits that asked for feedback.
        let discarded = c.presentations.filter { $0.feedbackRequested && $0.outcome == .discarded }.count
        #expect(lines.filter { $0["discarded"] != nil }.count == discarded)
    }

    /// The truth, from the compositor's side: a finger that moves every 45 ms (less often than
    /// the display refreshes, so each move has a commit of its own) reaches the glass at the
    /// presentation of the first commit after it. Each logged touch→glass must lie within 1 ms of
    /// the truth for the event it names, whether the app has nanosecond event times or only the
    /// core milliseconds (then the event is placed in the middle of its millisecond).
    @Test(arguments: [true, false])
    func touchToGlassIsTheTruth(nanosecondTimes: Bool) async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present"], size: (800, 600),
                               inputTimestamps: nanosecondTimes, vblank: Self.vblank, clock: ManualClock())
        await h.idle()
        let c = h.compositor
        var sent: [UInt64] = []
        c.touchDown(id: 0, x: 100, y: 200)
        sent.append(c.lastEventNanoseconds ?? 0)
        c.touchFrame()
        await c.pump(for: 0.045)
        for step in 1...24 {
            c.touchMotion(id: 0, x: 100 + Double(step) * 20, y: 200)
            sent.append(c.lastEventNanoseconds ?? 0)
            c.touchFrame()
            await c.pump(for: 0.045)
        }
        await waitForFigures(h)
        let commits = c.presentations.filter(\.feedbackRequested).sorted { $0.commitSequence < $1.commitSequence }
        func distance(_ a: UInt64, _ b: UInt64) -> UInt64 { a > b ? a - b : b - a }
        func presented(_ record: PresentationRecord) -> UInt64? {
            if case let .presented(nanoseconds, _) = record.outcome { return nanoseconds } else { return nil }
        }
        var errors: [Double] = [], truths: [Double] = [], atFirstCommit = 0
        for line in presentLines(h) where line["present"] != nil {
            let input = (line["input"] as? NSNumber)?.uint64Value ?? 0
            let present = (line["present"] as? NSNumber)?.uint64Value ?? 0
            guard let moved = sent.min(by: { distance($0, input) < distance($1, input) }), distance(moved, input) < 1_000_000 else {
                Issue.record("no event sent at \(line)")
                continue
            }
            // Shown by the first commit made at or after the move (drawing takes no time on
            // the held clock, so a commit may come at the instant of the move).
            let later = commits.filter { $0.committedNanoseconds >= moved }
            #expect(later.contains { presented($0) == present }, "\(line)")
            if later.first.flatMap(presented) == present { atFirstCommit += 1 }
            let truth = Double(present - moved) / 1000
            truths.append(truth)
            errors.append(abs(number(line, "input_to_present_us") - truth))
        }
        #expect(errors.count == 25, "the down and 24 moves, each presented: \(errors.count) lines")
        #expect(atFirstCommit == errors.count, "each move is shown by the first commit after it: \(atFirstCommit) of \(errors.count)")
        // To the microsecond with nanosecond times; within half a millisecond with milliseconds.
        #expect(errors.allSatisfy { $0 <= (nanosecondTimes ? 1 : 501) }, "errors (µs): \(errors)")
        // Each move found the display ready: it reached the glass at the first vblank after it,
        // plus the scanout.
        #expect(truths.allSatisfy { $0 > 5_000 && $0 <= 16_667 + 5_000 }, "\(truths)")
    }

    /// Event times on another clock than the presentation clock (ahead by three minutes, or ten
    /// minutes behind): the app says so once and times input by its arrival, so no figure is off
    /// by the clocks' difference.
    @Test(arguments: [(180_000, true), (-600_000, false)])
    func eventTimesOnAnotherClockAreNotUsed(offsetMilliseconds: Int, nanosecondTimes: Bool) async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present"], size: (800, 600),
                               inputTimestamps: nanosecondTimes, vblank: Self.vblank, clock: ManualClock()) { c in
            c.eventTime = UInt32(truncatingIfNeeded: Int(c.eventTime) + offsetMilliseconds)
        }
        await h.roundtrip()
        await stroke(h)
        await stroke(h)
        let warnings = h.app.standardError.components(separatedBy: "not on the presentation clock").count - 1
        #expect(warnings == 1, "said once: \(h.app.standardError)")
        let presented = presentLines(h).filter { $0["present"] != nil }
        #expect(presented.count >= 5)
        for line in presented {
            let inputToPresent = number(line, "input_to_present_us")
            #expect(inputToPresent >= number(line, "commit_to_present_us") && inputToPresent < 200_000, "\(line)")
        }
    }

    /// Without `wp_presentation` the app asks for nothing, logs nothing and still draws.
    @Test func noPresentationNoFigures() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present"], size: (800, 600), presentation: false, clock: ManualClock())
        await h.roundtrip()
        let before = h.compositor.commitCount
        await stroke(h)
        #expect(h.compositor.commitCount > before + 10, "the stroke was drawn")
        #expect(presentLines(h).isEmpty)
        #expect(h.compositor.presentations.allSatisfy { !$0.feedbackRequested })
    }

    /// A compositor that never answers (as Sway 1.7 headless): the app stops asking after 64
    /// unanswered requests, says so once, and asks again once an answer comes.
    @Test func unansweredFeedbackIsBounded() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "present"], size: (800, 600), clock: ManualClock()) {
            $0.answersPresentationFeedback = false
        }
        await h.roundtrip()
        await stroke(h, steps: 120, figures: false)
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.app.standardError.contains("answered none of 64") }
        let asked = h.compositor.presentations.filter(\.feedbackRequested).count
        #expect(asked == 64, "feedback asked for \(asked) commits")
        #expect(h.app.standardError.components(separatedBy: "answered none of 64").count == 2, "\(h.app.standardError)")
        #expect(presentLines(h).isEmpty)
    }
}
