import Foundation
import ScriptedCompositor
import Testing

/// Touch→glass from `wp_presentation`, against the scripted compositor's vblank mode, whose
/// presentation times are the truth: 60 Hz, 5 ms of scanout.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct PresentationEndToEndTests {
    static let vblank = VblankMode(hertz: 60, scanoutDelay: .milliseconds(5))

    func presentLines(_ h: AppHarness) -> [[String: Any]] { h.logLines.filter { $0["present"] != nil || $0["discarded"] != nil } }

    @Test func eachCommitWithInputLogsWhenItReachedTheGlass() throws {
        let h = try AppHarness(arguments: ["--scene", "trace", "--log", "present"], size: (800, 600), vblank: Self.vblank)
        h.settle(0.3)
        #expect(presentLines(h).isEmpty, "a window with no input asks for no feedback")
        let c = h.compositor
        c.touchDown(id: 0, x: 100, y: 200)
        c.touchFrame()
        for step in 1...30 {
            c.touchMotion(id: 0, x: 100 + Double(step) * 15, y: 200)
            c.touchFrame()
            c.pump(for: 0.005)
        }
        c.touchUp(id: 0)
        c.touchFrame()
        h.settle(0.3)
        let lines = presentLines(h)
        let presented = lines.filter { $0["present"] != nil }
        #expect(presented.count >= 3, "\(lines)")
        // Every presented time is one the compositor presented a commit at (tick + 5 ms).
        let truth = Set(c.presentations.compactMap { record -> UInt64? in
            if case let .presented(nanoseconds, _) = record.outcome { return nanoseconds } else { return nil }
        })
        for line in presented {
            let present = (line["present"] as? NSNumber)?.uint64Value ?? 0
            #expect(truth.contains(present), "\(line)")
            #expect(line["refresh_ns"] as? Int == 16_666_667)
            #expect((line["flags"] as? [String]) == ["vsync", "hw_clock", "hw_completion"])
            let commitToPresent = line["commit_to_present_us"] as? Double ?? -1
            // Latched at the next tick (at most one period away), then 5 ms of scanout.
            #expect(commitToPresent >= 5_000 - 1_000 && commitToPresent <= 16_667 + 5_000 + 1_000, "\(line)")
            let inputToPresent = line["input_to_present_us"] as? Double ?? -1
            #expect(inputToPresent >= commitToPresent && inputToPresent < 200_000, "\(line)")
            #expect((line["frames"] as? Int).map { $0 >= 1 && $0 <= 3 } == true, "\(line)")
        }
        // Discarded commits are counted exactly: as many lines as the compositor discarded
        // commits that asked for feedback.
        let discarded = c.presentations.filter { $0.feedbackRequested && $0.outcome == .discarded }.count
        #expect(lines.filter { $0["discarded"] != nil }.count == discarded)
    }
}
