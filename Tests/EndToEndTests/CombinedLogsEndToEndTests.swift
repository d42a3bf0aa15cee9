import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// `--log` with several modes: one stdout, every kind of line in it, each telling what it is by
/// a key of its own, and each as full as when its mode runs alone.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct CombinedLogsEndToEndTests {
    @Test func phasesPresentAndGesturesShareOneStream() async throws {
        let h = try await AppHarness(arguments: ["--scene", "gestures", "--log", "phases,present,gestures"], size: (800, 600),
                                     vblank: VblankMode(hertz: 60, scanoutDelay: .milliseconds(5)))
        await h.idle()
        let c = h.compositor
        // A drag across the empty part of the scene: phases, a pan's state changes, and commits
        // that carried the finger.
        c.touchDown(id: 0, x: 150, y: 150)
        c.touchFrame()
        for step in 1...12 {
            c.touchMotion(id: 0, x: 150 + Double(step) * 10, y: 150)
            c.touchFrame()
            await c.pump(for: 0.016)
        }
        c.touchUp(id: 0)
        c.touchFrame()
        await h.roundtrip()

        func phases(_ lines: [[String: Any]]) -> [String] { lines.compactMap { $0["phase"] as? String } }
        func gestures(_ lines: [[String: Any]]) -> [[String: Any]] { lines.filter { $0["recognizer"] != nil } }
        func presents(_ lines: [[String: Any]]) -> [[String: Any]] { lines.filter { $0["present"] != nil } }
        let allIn = await h.waitForLog { lines in
            phases(lines).contains("ended") && !gestures(lines).isEmpty && !presents(lines).isEmpty
        }
        let lines = h.logLines
        #expect(allIn, "every kind of line arrives: \(lines.count) lines")

        // Phases: one whole life of the finger, in order.
        let finger = phases(lines)
        #expect(finger.first == "began" && finger.last == "ended", "\(finger)")
        #expect(finger.filter { $0 == "moved" }.count >= 1)
        // Gestures: a recognizer's states, with the fields `--log gestures` writes alone.
        for line in gestures(lines) {
            #expect(line["state"] is String && line["t"] != nil && line["phase"] == nil && line["present"] == nil)
        }
        // Present: each shown commit with its touch→glass and the touch it carried.
        for line in presents(lines) {
            #expect(line["input_to_present_us"] != nil && line["phase"] == nil && line["recognizer"] == nil)
        }
        #expect(presents(lines).contains { ($0["touches"] as? [Any])?.isEmpty == false })
        // The finger's life closes with its summary: 13 samples (the down and 12 motions),
        // 120 px right, measured from the compositor's event times.
        let summaries = lines.filter { $0["summary"] != nil }
        #expect(summaries.count == 1, "\(summaries)")
        if let summary = summaries.first {
            #expect(summary["summary"] as? String == "ended" && summary["samples"] as? Int == 13)
            #expect(summary["dx"] as? Double == 120 && summary["dy"] as? Double == 0 && summary["path"] as? Double == 120)
            #expect(summary["hz"] is Double && summary["hzLowest"] is Double && summary["gapMs"] is Double)
            #expect(summary["mostInGesture"] as? Int == 1 && summary["phase"] == nil)
        }
        // Every line is one of the kinds (anomalies would say "anomaly"; none here).
        let unknown = lines.filter {
            $0["phase"] == nil && $0["summary"] == nil && $0["recognizer"] == nil && $0["present"] == nil && $0["discarded"] == nil
        }
        #expect(unknown.isEmpty, "\(unknown)")
    }

}
