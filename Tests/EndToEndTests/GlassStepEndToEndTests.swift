import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasApp
import TouchCanvasTesting

/// `check glass` under a 60 Hz vblank: a stroke's commits come back presented well within the
/// step's three refreshes. A figure about real time, so this suite runs alone (the Makefile's
/// REALTIME_SUITES), as the presentation and pacing suites do.
@Suite(.timeLimit(.minutes(2)), .serialized)
struct GlassStepEndToEndTests {
    struct Results: Decodable { let result: CheckSuiteResult }

    @Test func aStrokeUnderA60HzVblankPassesWithItsFigures() async throws {
        let h = try await AppHarness(arguments: ["check", "glass", "--json", "--timeout", "30"], size: (800, 600),
                                     vblank: VblankMode(hertz: 60, scanoutDelay: .milliseconds(5)))
        try await CheckSuiteDriver.waitForStep(h, 1, of: 1)
        await CheckSuiteDriver.glass(h)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        h.app.drainOutput()
        let result = try JSONDecoder().decode(Results.self, from: Data(h.app.standardOutput.utf8)).result
        let step = try #require(result.steps.first)
        if Sanitizer.isActive {
            // A sanitizer slows every frame's drawing several times over: a median past three
            // refreshes is the sanitizer's, and is all the step may fail on here.
            #expect(step.outcome == .passed || step.reasons.first?.hasPrefix("median touch→glass") == true, "\(step)")
        } else {
            #expect(status == 0 && step.outcome == .passed, "\(step)")
        }
        #expect(step.findings.first?.hasPrefix("latency: touch→glass over ") == true, "\(step.findings)")
        #expect(step.findings.contains("latency: flags vsync, hw_clock, hw_completion"))
        #expect(result.touchToGlassMilliseconds.count >= 10 && abs(result.refreshMilliseconds - 16.667) < 0.01)
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
