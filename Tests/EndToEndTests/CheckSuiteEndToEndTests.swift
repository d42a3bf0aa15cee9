import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasApp
import TouchCanvasTesting

/// Scripted input for each step of `check --all`, as a person would give it.
enum CheckSuiteDriver {
    static func waitForStep(_ h: AppHarness, _ number: Int, of total: Int) async throws {
        let began = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            h.app.standardError.contains("Step \(number) of \(total)")
        }
        try #require(began, "step \(number) never began: \(h.app.standardError)")
    }

    /// Three fingers down and moving (the cancel check's first stage), as `steps` frames.
    static func threeFingersDownAndMoving(_ h: AppHarness, steps: Int = 10) async {
        let c = h.compositor
        for id: Int32 in 0..<3 { c.touchDown(id: id, x: 100 + Double(id) * 100, y: 200) }
        c.touchFrame()
        await c.pump(for: 0.05)
        for step in 1...steps {
            for id: Int32 in 0..<3 { c.touchMotion(id: id, x: 100 + Double(id) * 100, y: 200 - Double(step) * 8) }
            c.touchFrame()
            await c.pump(for: 0.01)
        }
    }

    /// Three fingers down and moving, then the compositor takes them for a gesture.
    static func cancel(_ h: AppHarness) async {
        await threeFingersDownAndMoving(h, steps: 5)
        h.compositor.touchCancel()
    }

    /// `count` fingers down at once, a move, then lifted; with `losing`, the compositor cancels
    /// them instead of lifting them.
    static func fingers(_ h: AppHarness, count: Int32 = 4, losing: Bool = false) async {
        let c = h.compositor
        for id in 0..<count { c.touchDown(id: id, x: 80 + Double(id) * 60, y: 300) }
        c.touchFrame()
        await c.pump(for: 0.05)
        for id in 0..<count { c.touchMotion(id: id, x: 82 + Double(id) * 60, y: 302) }
        c.touchFrame()
        await c.pump(for: 0.05)
        if losing {
            c.touchCancel()
        } else {
            for id in 0..<count { c.touchUp(id: id) }
            c.touchFrame()
        }
    }

    /// One finger held for a little over two seconds, wandering `wander` pixels.
    static func still(_ h: AppHarness, wander: Double = 0.2) async {
        let c = h.compositor
        c.touchDown(id: 0, x: 300, y: 300)
        c.touchFrame()
        for step in 0..<8 {
            await c.pump(for: 0.28)
            c.touchMotion(id: 0, x: 300 + (step % 2 == 0 ? wander : -wander), y: 300)
            c.touchFrame()
        }
        c.touchUp(id: 0)
        c.touchFrame()
    }

    static func touchpad(_ h: AppHarness, pinch: Bool = true) async throws {
        let c = h.compositor
        try #require(await c.waitUntil(timeout: AppHarness.patience) { c.pointerGestureObjectCount == 3 })
        c.pointerEnter(x: 200, y: 150)
        c.pointerFrame()
        #expect(c.swipeBegin(fingers: 4))
        #expect(c.swipeUpdate(dx: 30, dy: 0))
        #expect(c.swipeEnd())
        guard pinch else { return }
        #expect(c.pinchBegin(fingers: 2))
        #expect(c.pinchUpdate(scale: 1.3))
        #expect(c.pinchEnd())
    }

    /// A stroke of 1.4 s at 50 Hz.
    static func glass(_ h: AppHarness) async {
        let c = h.compositor
        c.touchDown(id: 0, x: 100, y: 100)
        c.touchFrame()
        for step in 1...70 {
            await c.pump(for: 0.02)
            c.touchMotion(id: 0, x: 100 + Double(step) * 5, y: 100 + Double(step) * 2)
            c.touchFrame()
        }
        c.touchUp(id: 0)
        c.touchFrame()
    }

    /// Every step of `check --all` done as asked, the pen's skipped (no tablet); the glass step
    /// too unless `glassSkipped` (no wp_presentation).
    static func passEveryStep(_ h: AppHarness, total: Int, glassSkipped: Bool = false) async throws {
        try await waitForStep(h, 1, of: total)
        await cancel(h)
        try await waitForStep(h, 2, of: total)
        await fingers(h)
        try await waitForStep(h, 3, of: total)
        await still(h)
        try await waitForStep(h, 5, of: total)
        try await touchpad(h)
        guard !glassSkipped else { return }
        try await waitForStep(h, 6, of: total)
        await glass(h)
    }
}

/// `touchcanvas check` as a suite: each step passes, fails or is skipped in the cases made for
/// it, the exit status is 0, 1 or 2, and `--json` gives scripts the same results.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct CheckSuiteEndToEndTests {
    struct Results: Decodable {
        let touchcanvasVersion: String
        let result: CheckSuiteResult
        let exitStatus: Int32
    }

    func results(_ h: AppHarness) throws -> CheckSuiteResult {
        h.app.drainOutput()
        let document = try JSONDecoder().decode(Results.self, from: Data(h.app.standardOutput.utf8))
        #expect(document.exitStatus == document.result.exitStatus)
        return document.result
    }

    /// With no wp_presentation the glass step is skipped, so nothing here depends on how fast
    /// the machine is (the glass step passing is GlassStepEndToEndTests', run on its own).
    @Test func everyStepDoneAsAskedPassesAndTheStatusIs0() async throws {
        let h = try await AppHarness(arguments: ["check", "--all", "--json", "--timeout", "30"], size: (800, 600), presentation: false)
        try await CheckSuiteDriver.passEveryStep(h, total: 6, glassSkipped: true)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let result = try results(h)
        #expect(status == 0, "\(h.app.standardError)")
        #expect(result.steps.map(\.outcome) == [.passed, .passed, .passed, .skipped, .passed, .skipped], "\(result.steps)")
        #expect(result.steps[1].findings.first == "most fingers at once: 4")
        #expect(result.steps[2].findings.contains { $0.hasPrefix("jitter radius 0.") && $0.hasSuffix("mm; the limit is 0.5 mm") },
                "\(result.steps[2].findings)")
        #expect(result.steps[4].findings == ["swipe: 4 fingers, 1 updates, ended", "pinch: 2 fingers, 1 updates, ended"])
        #expect(result.steps[5].reasons.first?.hasPrefix("the compositor offers no wp_presentation") == true)
        // The person's report went to stderr, the JSON alone to stdout.
        #expect(h.app.standardError.contains("step 4 pen (the pen): skipped: no tablet or pen was announced"))
        #expect(h.app.standardError.contains("result: 4 passed, 0 failed, 2 skipped"))
    }

    @Test func fingersTheCompositorCancelsFailTheStepAndTheStatusIs1() async throws {
        let h = try await AppHarness(arguments: ["check", "fingers", "--json", "--timeout", "20"], size: (600, 400))
        try await CheckSuiteDriver.waitForStep(h, 1, of: 1)
        await CheckSuiteDriver.fingers(h, count: 5, losing: true)
        // The step goes on: the fingers are cancelled, none is down, and five were.
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let result = try results(h)
        #expect(status == 1)
        #expect(result.steps.first?.outcome == .failed)
        #expect(result.steps.first?.reasons == ["5 of the fingers were cancelled though no system gesture was asked for: they were lost"])
    }

    /// A time-out long enough that the app is up and the scripted input in before it runs out,
    /// however busy the machine (the time starts as the app starts).
    static let shortTimeout = Sanitizer.choose(6, sanitized: 30)

    @Test func oneFingerAtATimeFailsWhenTheTimeRunsOut() async throws {
        let h = try await AppHarness(arguments: ["check", "fingers", "--timeout", "\(Int(Self.shortTimeout))"], size: (600, 400))
        try await CheckSuiteDriver.waitForStep(h, 1, of: 1)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        h.app.drainOutput()
        #expect(status == 1)
        #expect(h.app.standardOutput.contains("step 1 fingers (the most fingers at once): failed: only one finger at a time arrived"),
                "\(h.app.standardOutput)")
    }

    @Test(arguments: [(0.2, CheckOutcome.passed), (6, .failed)])
    func aStillFingerIsJudgedInMillimetres(wander: Double, outcome: CheckOutcome) async throws {
        let h = try await AppHarness(arguments: ["check", "still", "--json", "--timeout", "20"], size: (600, 400))
        try await CheckSuiteDriver.waitForStep(h, 1, of: 1)
        await CheckSuiteDriver.still(h, wander: wander)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let step = try #require(try results(h).steps.first)
        #expect(step.outcome == outcome, "\(step)")
        #expect(status == (outcome == .passed ? 0 : 1))
        if outcome == .failed { #expect(step.reasons.first?.hasSuffix("mm, over the 0.5 mm limit") == true, "\(step.reasons)") }
    }

    @Test func withoutAPhysicalSizeStillIsSkippedWithThePixels() async throws {
        let h = try await AppHarness(arguments: ["check", "still", "--json", "--timeout", "20"], size: (600, 400),
                                     beforeLaunch: { $0.outputPhysicalSize = (0, 0) })
        try await CheckSuiteDriver.waitForStep(h, 1, of: 1)
        await CheckSuiteDriver.still(h)
        _ = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let step = try #require(try results(h).steps.first)
        #expect(step.outcome == .skipped)
        #expect(step.reasons.first?.hasPrefix("the output gives no physical size, so the jitter (0.") == true, "\(step.reasons)")
    }

    @Test func aTouchpadWithNoPinchFailsNamingWhatWasMissing() async throws {
        let h = try await AppHarness(arguments: ["check", "touchpad", "--timeout", "\(Int(Self.shortTimeout))"], size: (600, 400))
        try await CheckSuiteDriver.waitForStep(h, 1, of: 1)
        try await CheckSuiteDriver.touchpad(h, pinch: false)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        h.app.drainOutput()
        #expect(status == 1)
        #expect(h.app.standardOutput.contains("failed: timed out waiting for a touchpad pinch"), "\(h.app.standardOutput)")
        #expect(h.app.standardOutput.contains("  swipe: 4 fingers, 1 updates, ended"))
    }

    @Test func nothingThatCanRunEndsWith2() async throws {
        // A seat with a keyboard only, no presentation, no tablet protocol: every step is skipped,
        // and the app may end before its window is even shown.
        let c = try ScriptedCompositor(seats: [], offersTabletManager: false, offersPresentation: false)
        c.addSeat("seat0", capabilities: [.keyboard])
        let app = try AppHarness.launch(["check", "--all", "--json"], environment: c.environmentForClient)
        let status = await app.waitForExit(timeout: AppHarness.patience, pumping: c)
        app.drainOutput()
        let document = try JSONDecoder().decode(Results.self, from: Data(app.standardOutput.utf8))
        #expect(status == 2)
        #expect(document.exitStatus == 2)
        #expect(document.result.steps.map(\.outcome) == Array(repeating: .skipped, count: 6))
        #expect(document.result.steps.first?.reasons == ["no seat offers touch: no touchscreen reaches this window"])
    }

    @Test func closingTheWindowMidwayReportsTheStepsDoneAndFailsTheRest() async throws {
        let h = try await AppHarness(arguments: ["check", "fingers", "still", "--json", "--timeout", "20"], size: (600, 400))
        try await CheckSuiteDriver.waitForStep(h, 1, of: 2)
        await CheckSuiteDriver.fingers(h, count: 3)
        try await CheckSuiteDriver.waitForStep(h, 2, of: 2)
        h.compositor.close()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let result = try results(h)
        #expect(status == 1)
        #expect(result.steps.map(\.outcome) == [.passed, .failed])
        #expect(result.steps.last?.reasons == ["the check was stopped before this step finished"])
    }

    @Test func aCheckThatCannotReachTheCompositorEndsWith2() async throws {
        let app = try AppHarness.launch(["check", "--all"], environment: ["WAYLAND_DISPLAY": "tc-nobody-here-\(getpid())"])
        #expect(await app.waitForExit(timeout: AppHarness.patience) == 2)
    }

    @Test func namingStepsAndAllIsAUsageError() async throws {
        let app = try AppHarness.launch(["check", "--all", "fingers"])
        #expect(await app.waitForExit(timeout: AppHarness.patience) == 64)
        app.drainOutput()
        #expect(app.standardError.contains("name steps or give --all, not both"))
    }
}
