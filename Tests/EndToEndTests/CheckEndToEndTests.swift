import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasConstants
import TouchCanvasTesting

/// `touchcanvas check` against a compositor that cancels the fingers a system gesture takes,
/// and against one that lets them up as ordinary touches.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct CheckEndToEndTests {
    func threeFingersDownAndMoving(_ h: AppHarness) async { await CheckSuiteDriver.threeFingersDownAndMoving(h) }

    func report(_ h: AppHarness) -> String {
        h.app.drainOutput()
        return h.app.standardOutput
    }

    @Test func aCompositorThatCancelsPasses() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        await threeFingersDownAndMoving(h)
        h.compositor.touchCancel()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)\n\(h.app.standardError)")
        #expect(text.contains("cancel: arrived"))
        #expect(text.contains("covering touch 1 (id 0), touch 2 (id 1), touch 3 (id 2)"))
        #expect(text.contains("fingers held: touch 1 (id 0), touch 2 (id 1), touch 3 (id 2)"))
        #expect(text.contains("\ntouchcanvas version: \(TouchCanvasVersion.current)\n"))
        #expect(text.contains("seat \"seat0\": wl_seat v"))
        #expect(text.contains("wl_touch v"))
        #expect(text.contains("anomalies: none"))
        #expect(text.contains("result: the compositor behaved"))
        // The prompts were shown as the check went on.
        #expect(h.app.standardError.contains("Put 3 fingers"))
        #expect(h.app.standardError.contains("Now do a system gesture"))
    }

    /// The report ends with touch→glass over the strokes, where the compositor offers
    /// wp_presentation (60 Hz, 5 ms scanout here), and says so where it does not.
    @Test(arguments: [true, false])
    func theReportMeasuresTouchToGlass(offered: Bool) async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "30"], presentation: offered,
                               vblank: VblankMode(hertz: 60, scanoutDelay: .milliseconds(5)))
        await threeFingersDownAndMoving(h)
        h.compositor.touchCancel()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)")
        if offered {
            #expect(text.contains("latency: touch→glass over "), "\(text)")
            #expect(text.contains("latency: refresh 16.67 ms (60.0 Hz); at the first vblank after the input: "), "\(text)")
            #expect(text.contains("latency: flags vsync, hw_clock, hw_completion\n"), "\(text)")
        } else {
            #expect(text.contains("latency: the compositor offers no wp_presentation; touch→glass not measured\n"), "\(text)")
        }
    }

    @Test func aCompositorThatLetsTheFingersUpFails() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        await threeFingersDownAndMoving(h)
        for id: Int32 in 0..<3 { h.compositor.touchUp(id: id) }
        h.compositor.touchFrame()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1, "\(text)")
        #expect(text.contains("cancel: none arrived"))
        #expect(text.contains("lifted with up: touch 1 (id 0), touch 2 (id 1), touch 3 (id 2)"))
        #expect(text.contains("ups: 3, followed by a frame: 3"))
        #expect(text.contains("result: the compositor did not behave: no wl_touch.cancel arrived"))
    }

    @Test func gnomesMissingFrameIsToleratedButReported() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        await threeFingersDownAndMoving(h)
        h.compositor.touchUp(id: 2)
        h.compositor.touchFrame()
        h.compositor.touchCancel()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)")
        #expect(text.contains("covering touch 1 (id 0), touch 2 (id 1)"))
        #expect(text.contains("lifted with up: touch 3 (id 2)"))
    }

    @Test func runningOutOfTimeFailsWithTheReason() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "1"], size: (600, 400))
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1)
        #expect(text.contains("result: the compositor did not behave: timed out waiting for 3 fingers"))
    }

    @Test func aBadProtocolStreamFailsTheCheck() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400))
        await threeFingersDownAndMoving(h)
        h.compositor.repeatedTouchDown(id: 1, x: 300, y: 300)  // id 1 is already down
        h.compositor.touchFrame()
        h.compositor.touchCancel()
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1, "\(text)")
        #expect(text.contains("anomaly: duplicate-down"))
        #expect(text.contains("result: the compositor did not behave: the compositor sent duplicate-down ×1"))
    }
}

/// The pen part: after the fingers, when the compositor announced a tablet tool.
extension CheckEndToEndTests {
    struct Pen {
        let tablet: TabletHandle
        let tool: TabletToolHandle
    }

    /// Waits until the app prints `prompt` on stderr (each stage's prompt goes there).
    func waitForPrompt(_ h: AppHarness, _ prompt: String, timeout: Double = AppHarness.patience) async -> Bool {
        await h.compositor.waitUntil(timeout: timeout) {
            h.app.drainOutput()
            return h.app.standardError.contains(prompt)
        }
    }

    /// A tablet and a pen announced once the check is running, as a pen brought near the
    /// screen is announced by libinput-based compositors.
    func penAnnounced(_ h: AppHarness, capabilities: TabletToolCapabilities = .pen) async throws -> Pen {
        #expect(await waitForPrompt(h, "Put 3 fingers"))
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.tabletSeatCount == 1 }
        let tablet = try #require(h.compositor.addTablet(name: "Test Tablet"))
        let tool = try #require(h.compositor.addTabletTool(.pen, hardwareSerial: 42, capabilities: capabilities))
        await h.roundtrip()  // the app knows the tablet and the tool
        return Pen(tablet: tablet, tool: tool)
    }

    /// The fingers held and cancelled: the touch part passes and the pen part begins.
    func fingersCancelled(_ h: AppHarness) async {
        await threeFingersDownAndMoving(h)
        h.compositor.touchCancel()
    }

    /// A stroke from pressure 0.1 to 1.0 tilting from 0° to 30°, lifted and out of range.
    func penStroke(_ h: AppHarness, _ pen: Pen, pressure: Bool = true, tilt: Bool = true) async {
        let c = h.compositor
        c.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 100, y: 200)
        c.tabletToolFrame(pen.tool)
        c.tabletToolDown(pen.tool)
        for i in 0...20 {
            if i > 0 { c.tabletToolMotion(pen.tool, x: 100 + Double(i) * 10, y: 200) }
            if pressure { c.tabletToolPressure(pen.tool, UInt32((0.1 + 0.9 * Double(i) / 20) * 65535)) }
            if tilt { c.tabletToolTilt(pen.tool, x: Double(i) * 1.5, y: 0) }
            c.tabletToolFrame(pen.tool)
            await c.pump(for: 0.005)
        }
        c.tabletToolUp(pen.tool)
        c.tabletToolFrame(pen.tool)
        c.tabletToolProximityOut(pen.tool)
        c.tabletToolFrame(pen.tool)
    }

    /// The pen down and moving, left down (the caller decides how it goes).
    func penDown(_ h: AppHarness, _ pen: Pen) async {
        let c = h.compositor
        c.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 300, y: 200)
        c.tabletToolFrame(pen.tool)
        c.tabletToolDown(pen.tool)
        c.tabletToolPressure(pen.tool, 30000)
        c.tabletToolTilt(pen.tool, x: 10, y: 10)
        c.tabletToolFrame(pen.tool)
        for i in 1...5 {
            c.tabletToolMotion(pen.tool, x: 300 + Double(i) * 10, y: 200)
            c.tabletToolFrame(pen.tool)
            await c.pump(for: 0.005)
        }
    }

    @Test func aPenThatBehavesPassesWithItsReport() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "30"], size: (600, 400))
        let pen = try await penAnnounced(h)
        _ = try await throughThePenStroke(h) { pen }
        // Lifted the ordinary way: up, then out of range; nothing is left down.
        h.compositor.tabletToolUp(pen.tool)
        h.compositor.tabletToolFrame(pen.tool)
        h.compositor.tabletToolProximityOut(pen.tool)
        h.compositor.tabletToolFrame(pen.tool)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)\n\(h.app.standardError)")
        #expect(text.contains("cancel: arrived"))
        #expect(text.contains("pen tool: tool@"))
        #expect(text.contains(" pen serial 42, announces tilt, pressure, distance\n"))
        #expect(text.contains(", ended with up; 22 frames over "))
        #expect(text.contains(" Hz)\n"))
        #expect(text.contains("pen pressure: arrived, raw 6553–65535 (0.10–1.00), varied\n"))
        #expect(text.contains("pen tilt: arrived, x 0.0…30.0°, y 0.0…0.0°\n"))
        #expect(text.contains("pen taken away while down: ended with up before the pen left (nothing left down)\n"))
        #expect(text.contains("anomalies: none"))
        #expect(text.contains("result: the compositor behaved"))
    }

    /// The fingers cancelled, the pen's stroke when the check asks for it, and the pen put
    /// down again when it asks for that (left down: the caller takes it away).
    func throughThePenStroke(_ h: AppHarness, _ pen: () async throws -> Pen, pressure: Bool = true) async throws -> Pen {
        await fingersCancelled(h)
        #expect(await waitForPrompt(h, "Now the pen: draw a stroke"))
        let pen = try await pen()
        await penStroke(h, pen, pressure: pressure)
        #expect(await waitForPrompt(h, "with its tip still down"))
        await penDown(h, pen)
        return pen
    }

    /// The fingers cancelled, then the pen part through to the end with `pen` (made once the
    /// pen part asks for it): a stroke, then taken out of range with its tip down. Passes.
    func penPartPasses(_ h: AppHarness, serial: Int, pen: () async throws -> Pen) async throws {
        let pen = try await throughThePenStroke(h, pen)
        h.compositor.tabletToolProximityOut(pen.tool)
        h.compositor.tabletToolFrame(pen.tool)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)\n\(h.app.standardError)")
        #expect(text.contains(" pen serial \(serial), announces tilt, pressure, distance\n"))
    }

    /// A pen the compositor announced as the app started (before the check began) still gets
    /// its part of the check.
    @Test func aPenKnownBeforeTheCheckBeganIsChecked() async throws {
        var handles: (TabletHandle?, TabletToolHandle?) = (nil, nil)
        let h = try await AppHarness(arguments: ["check", "--timeout", "30"], size: (600, 400)) { compositor in
            handles = (compositor.addTablet(name: "Test Tablet"), compositor.addTabletTool(.pen, hardwareSerial: 7, capabilities: .pen))
        }
        try await penPartPasses(h, serial: 7) { Pen(tablet: try #require(handles.0), tool: try #require(handles.1)) }
    }

    /// A tablet present with its pen never yet near it (libinput announces a tool only then):
    /// the check still asks for the pen, and the pen announced then is checked.
    @Test func aTabletWhosePenWasNeverNearStillGetsItsPart() async throws {
        var tablet: TabletHandle?
        let h = try await AppHarness(arguments: ["check", "--timeout", "30"], size: (600, 400)) { compositor in
            tablet = compositor.addTablet(name: "Test Tablet")
        }
        try await penPartPasses(h, serial: 9) {
            let tool = try #require(h.compositor.addTabletTool(.pen, hardwareSerial: 9, capabilities: .pen))
            await h.roundtrip()  // the app knows the tool
            return Pen(tablet: try #require(tablet), tool: tool)
        }
    }

    /// The compositor sends proximity_out with the tip down and nothing more: the app cancels
    /// the pen's touch itself, and that is what the check wants to see.
    @Test func aPenLeavingWhileDownIsCancelledAndPasses() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "30"], size: (600, 400))
        let pen = try await penAnnounced(h)
        _ = try await throughThePenStroke(h) { pen }
        h.compositor.tabletToolProximityOut(pen.tool)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 0, "\(text)\n\(h.app.standardError)")
        #expect(text.contains("pen taken away while down: cancelled (proximity_out with the tip down; the app cancelled the touch)\n"))
        #expect(text.contains("anomaly: proximity-out-while-down"), "listed, and forgiven: the check asked for it")
        #expect(text.contains("result: the compositor behaved"))
    }

    @Test func aPenWhosePressureNeverArrivesFails() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "30"], size: (600, 400))
        let pen = try await penAnnounced(h)
        _ = try await throughThePenStroke(h, { pen }, pressure: false)
        h.compositor.tabletToolProximityOut(pen.tool)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1, "\(text)")
        #expect(text.contains("pen pressure: none arrived though announced: fails"))
        #expect(text.contains("announced pressure but none arrived during the stroke"))
    }

    @Test func runningOutOfTimeInThePenPartFailsWithWhatWasGathered() async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", Sanitizer.choose("4", sanitized: "20")], size: (600, 400))
        _ = try await penAnnounced(h)
        await fingersCancelled(h)
        #expect(await waitForPrompt(h, "Now the pen: draw a stroke"))
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == 1, "\(text)")
        #expect(text.contains("cancel: arrived"))
        #expect(text.contains("pen stroke: none drawn"))
        #expect(text.contains("result: the compositor did not behave: timed out waiting for a pen stroke"))
    }

    /// No tablet (here, no tablet-v2 at all): the pen part is skipped and the fingers decide.
    @Test(arguments: [true, false])
    func withNoTabletThePenPartIsSkipped(fingersCancelled cancelled: Bool) async throws {
        let h = try await AppHarness(arguments: ["check", "--timeout", "20"], size: (600, 400), tabletManager: cancelled)
        await threeFingersDownAndMoving(h)
        if cancelled {
            h.compositor.touchCancel()
        } else {
            for id: Int32 in 0..<3 { h.compositor.touchUp(id: id) }
            h.compositor.touchFrame()
        }
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        let text = report(h)
        #expect(status == (cancelled ? 0 : 1), "\(text)")
        #expect(text.contains("pen: no tablet tool announced; skipped\n"))
        #expect(!h.app.standardError.contains("Now the pen"))
    }
}
