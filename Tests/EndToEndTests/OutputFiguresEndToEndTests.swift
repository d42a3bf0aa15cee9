import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Which screen a touch lands on, and how big a pixel is there: millimetres from the output the
/// window is on, pixels (said once) where it gives no physical size, and `--output` choosing
/// the output fullscreen fills.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct OutputFiguresEndToEndTests {
    /// A short drag, and the contact's summary line once it lifts.
    func summary(_ h: AppHarness) async throws -> [String: Any] {
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        for step in 1...5 {
            h.compositor.touchMotion(id: 0, x: 100 + Double(step) * 10, y: 100)
            h.compositor.touchFrame()
        }
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        #expect(await h.waitForLog { $0.contains { $0["summary"] != nil } })
        return try #require(h.logLines.first { $0["summary"] != nil })
    }

    @Test(arguments: [Int32(1), 2])
    func anOutputWithAPhysicalSizeGivesMillimetres(scale: Int32) async throws {
        // The scripted output: 344 × 194 mm over 1920 × 1080 pixels; a logical pixel at scale 2
        // covers two of them each way.
        let h = try await AppHarness(outputScale: scale)
        let line = try await summary(h)
        let mm = try #require(line["mmPerPx"] as? [Double], "\(line)")
        #expect(mm.count == 2)
        #expect(abs(mm[0] - 344.0 / 1920 * Double(scale)) < 1e-4 && abs(mm[1] - 194.0 / 1080 * Double(scale)) < 1e-4, "\(mm)")
        #expect(!h.app.standardError.contains("no physical size"), "\(h.app.standardError)")
    }

    @Test func anOutputOfUnknownSizeKeepsPixelsAndSaysSoOnce() async throws {
        let h = try await AppHarness(beforeLaunch: { $0.outputPhysicalSize = (0, 0) })
        let line = try await summary(h)
        #expect(line["mmPerPx"] == nil, "\(line)")
        #expect(line["dx"] as? Double == 50)
        // A scale change (the outputs told again) says nothing more.
        h.compositor.setOutputScale(2)
        await h.roundtrip()
        let said = h.app.standardError.components(separatedBy: "gives no physical size (0 × 0 mm)").count - 1
        #expect(said == 1, "\(h.app.standardError)")
        #expect(h.app.standardError.contains("SCRIPTED-1 gives no physical size (0 × 0 mm): distances and speeds are in logical pixels"))
    }

    @Test(arguments: ["SCRIPTED-2", "scripted-2", "TouchCanvas Scripted extra", "TouchCanvas scripted output SCRIPTED-2"])
    func fullscreenGoesOnTheNamedOutput(name: String) async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--fullscreen", "--output", name], size: nil,
                                     beforeLaunch: { $0.addOutput(named: "SCRIPTED-2", scale: 1) })
        #expect(h.compositor.fullscreenOutputs == ["SCRIPTED-2"], "by its name, make and model, or description")
    }

    @Test func withoutOutputTheCompositorChooses() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--fullscreen"], size: nil,
                                     beforeLaunch: { $0.addOutput(named: "SCRIPTED-2", scale: 1) })
        #expect(h.compositor.fullscreenOutputs == [""])
    }

    /// The exit status of `touchcanvas` run with `arguments` under `compositor`, and its stderr.
    func run(_ arguments: [String], under compositor: ScriptedCompositor) async throws -> (Int32?, String) {
        let app = try AppHarness.launch(arguments, environment: compositor.environmentForClient)
        _ = await compositor.waitUntil(timeout: AppHarness.patience) { app.exitStatus != nil }
        if app.exitStatus == nil { _ = app.terminate() }
        return (app.exitStatus, app.standardError)
    }

    @Test func anUnknownOutputExits64ListingTheOutputs() async throws {
        let compositor = try ScriptedCompositor()
        compositor.addOutput(named: "SCRIPTED-2", scale: 2)
        let (status, stderr) = try await run(["--fullscreen", "--output", "HDMI-A-9"], under: compositor)
        #expect(status == 64, "\(stderr)")
        #expect(stderr.contains("--output: no output is named \"HDMI-A-9\""), "\(stderr)")
        #expect(stderr.contains("SCRIPTED-1 \"TouchCanvas scripted output\" · TouchCanvas Scripted · 1920×1080 @ 60.00 Hz · scale 1 · normal · 344×194 mm"), "\(stderr)")
        #expect(stderr.contains("SCRIPTED-2 \"TouchCanvas scripted output SCRIPTED-2\" · TouchCanvas Scripted extra"), "\(stderr)")
        #expect(compositor.toplevel == nil, "no window was opened")
    }

    @Test func twoOutputsOfOneModelNeedTheirNames() async throws {
        let compositor = try ScriptedCompositor()
        compositor.addOutput(named: "SCRIPTED-2", scale: 1)
        compositor.addOutput(named: "SCRIPTED-3", scale: 1)
        let (status, stderr) = try await run(["--fullscreen", "--output", "TouchCanvas Scripted extra"], under: compositor)
        #expect(status == 64, "\(stderr)")
        #expect(stderr.contains("2 outputs match \"TouchCanvas Scripted extra\"; name one by its name"), "\(stderr)")
    }

    @Test func outputWithoutFullscreenIsAUsageError() async throws {
        let app = try AppHarness.launch(["--output", "DP-1"])
        let status = await app.waitForExit(timeout: AppHarness.patience)
        #expect(status == 64, "\(app.standardError)")
        #expect(app.standardError.contains("add --fullscreen"), "\(app.standardError)")
    }
}
