import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasApp
import TouchCanvasTesting

/// `check glass` under a 60 Hz vblank, on the held clock (``ManualClock``, which the app reads
/// too): every move of the stroke is on the glass at the first vblank after it, plus the 5 ms
/// of scanout, so the step passes on any machine, sanitized or not, with the figures it shows.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct GlassStepEndToEndTests {
    struct Results: Decodable { let result: CheckSuiteResult }

    @Test func aStrokeUnderA60HzVblankPassesWithItsFigures() async throws {
        let h = try await AppHarness(arguments: ["check", "glass", "--json", "--timeout", "30"], size: (800, 600),
                                     vblank: VblankMode(hertz: 60, scanoutDelay: .milliseconds(5)), clock: ManualClock())
        try await CheckSuiteDriver.waitForStep(h, 1, of: 1)
        await CheckSuiteDriver.glass(h)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        h.app.drainOutput()
        let result = try JSONDecoder().decode(Results.self, from: Data(h.app.standardOutput.utf8)).result
        let step = try #require(result.steps.first)
        #expect(status == 0 && step.outcome == .passed, "\(step)")
        #expect(step.findings.first?.hasPrefix("latency: touch→glass over ") == true, "\(step.findings)")
        #expect(step.findings.contains("latency: flags vsync, hw_clock, hw_completion"))
        #expect(abs(result.refreshMilliseconds - 16.667) < 0.01)
        let figures = result.touchToGlassMilliseconds
        #expect(figures.count >= 60, "\(figures.count) figures for 70 moves")
        // The first ten moves (0.2 s) come while the pacer learns the display's phase from the
        // first presentations (before that it waits for frame callbacks, a refresh later); from
        // then on each move is at its first vblank, plus the scanout.
        #expect(figures.allSatisfy { $0 > 5 && $0 <= 3 * 16.667 }, "\(figures)")
        #expect(figures.dropFirst(10).allSatisfy { $0 > 5 && $0 <= 16.667 + 5 }, "\(figures)")
    }

    @Test func withoutPresentationTheGlassStepIsSkippedAndTheStatusIs2() async throws {
        // Nothing to run: the app may end before its window is shown.
        let c = try ScriptedCompositor(offersPresentation: false)
        let app = try AppHarness.launch(["check", "glass"], environment: c.environmentForClient)
        let status = await app.waitForExit(timeout: AppHarness.patience, pumping: c)
        app.drainOutput()
        #expect(status == 2, "nothing could run")
        #expect(app.standardOutput.contains("step 1 glass (touch→glass): skipped: the compositor offers no wp_presentation"))
    }
}
