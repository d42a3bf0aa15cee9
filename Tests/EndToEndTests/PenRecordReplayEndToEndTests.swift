import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// A pen session recorded by the real binary (`--record`) under the scripted compositor's
/// tablet-v2, then `touchcanvas replay` with no compositor: the replay is the picture the
/// window showed, pixel for pixel, pressure widths and all, so a pen bug seen live can be
/// replayed from its file.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
final class PenRecordReplayEndToEndTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tc-pen-replay-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    struct Pen {
        let tablet: TabletHandle
        let tool: TabletToolHandle
    }

    /// A tablet and a pen with pressure and tilt, announced to the app (as PenEndToEndTests).
    func pen(_ h: AppHarness) async throws -> Pen {
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.tabletSeatCount == 1 }
        let tablet = try #require(h.compositor.addTablet(name: "Test Tablet"))
        let tool = try #require(h.compositor.addTabletTool(.pen, hardwareSerial: 42, capabilities: .pen))
        await h.roundtrip()  // the app knows the tablet and the tool
        return Pen(tablet: tablet, tool: tool)
    }

    /// In range, down, along row `y` from x 100 to 700 with the pressure rising from 0.1 to
    /// 1.0 and the pen leaning more as it goes; then lifted and out of range, or (when `cancel`)
    /// taken out of range while still down, which cancels the stroke.
    func penStroke(_ h: AppHarness, _ pen: Pen, y: Double, cancel: Bool = false) async {
        let c = h.compositor
        c.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 100, y: y)
        c.tabletToolFrame(pen.tool)
        c.tabletToolDown(pen.tool)
        c.tabletToolPressure(pen.tool, UInt32(0.1 * 65535))
        c.tabletToolFrame(pen.tool)
        for step in 1...40 {
            let t = Double(step) / 40
            c.tabletToolMotion(pen.tool, x: 100 + t * 600, y: y)
            c.tabletToolPressure(pen.tool, UInt32((0.1 + 0.9 * t) * 65535))
            c.tabletToolTilt(pen.tool, x: 30 * t, y: -10 * t)
            c.tabletToolFrame(pen.tool)
            await c.pump(for: 0.006)
        }
        if !cancel {
            c.tabletToolUp(pen.tool)
            c.tabletToolFrame(pen.tool)
        }
        c.tabletToolProximityOut(pen.tool)
        c.tabletToolFrame(pen.tool)
        await h.idle()
    }

    /// A finger along row `y`, a little wavy, so the picture holds a finger's ink beside the pen's.
    func fingerStroke(_ h: AppHarness, y: Double) async {
        let c = h.compositor
        c.touchDown(id: 0, x: 100, y: y)
        c.touchFrame()
        for step in 1...30 {
            c.touchMotion(id: 0, x: 100 + Double(step) * 20, y: y + Double(step % 4))
            c.touchFrame()
            await c.pump(for: 0.008)
        }
        c.touchUp(id: 0)
        c.touchFrame()
        await h.idle()
    }

    /// Runs `touchcanvas replay …` with no Wayland display and returns its status and stderr.
    func replay(_ arguments: [String]) async throws -> (status: Int32?, stderr: String) {
        let process = try AppHarness.launch(["replay"] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        let status = await process.waitForExit(timeout: 60)
        if status == nil { _ = process.terminate() }
        return (status, process.standardError)
    }

    /// Records `session` in `scene`, quits, replays the file and returns what the window showed
    /// (its saved picture), the replay, and the file's lines, having checked they match.
    func recordAndReplay(_ scene: String, _ session: (AppHarness) async throws -> Void) async throws
        -> (shown: PixelBuffer, replayed: PixelBuffer, lines: [String]) {
        let recording = path("pen.tcrec"), shown = path("shown.png"), replayed = path("replayed.png")
        let h = try await AppHarness(arguments: ["--scene", scene, "--record", recording, "--save-on-exit", shown],
                               size: (800, 600))
        try await session(h)
        await h.idle()
        h.compositor.tapKey(16)  // q
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor) == 0)
        #expect(h.app.standardError.contains("recorded \(recording)"), "\(h.app.standardError)")

        let result = try await replay([recording, "--png", replayed])
        #expect(result.status == 0, "\(result.stderr)")
        let saw = try PNGReader.read(shown), replay = try PNGReader.read(replayed)
        #expect(saw.width == replay.width && saw.height == replay.height)
        let differing = differences(saw, replay)
        #expect(differing.isEmpty, "pixels differ between the window and the replay: \(differing)")
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        return (saw, replay, lines)
    }

    static let white = PixelColor(red: 0xFF, green: 0xFF, blue: 0xFF)

    /// Rows of column `x` with ink, between rows `rows`.
    func inkedRows(_ image: PixelBuffer, x: Int, rows: ClosedRange<Int>) -> Int {
        rows.filter { image.pixel(x: x, y: $0) != Self.white }.count
    }

    @Test(arguments: ["trace", "canvas"])
    func aRecordedPenSessionReplaysPixelForPixel(_ scene: String) async throws {
        let (_, replayed, lines) = try await recordAndReplay(scene) { h in
            let pen = try await pen(h)
            await penStroke(h, pen, y: 200)
            await fingerStroke(h, y: 420)
        }
        #expect(lines.first == "touchcanvas-recording 3")
        for kind in ["tool-added", "tool-proximity-in", "tool-down", "tool-motion", "tool-pressure", "tool-tilt",
                     "tool-frame", "tool-up", "tool-proximity-out"] {
            #expect(lines.contains { $0.split(separator: " ").dropFirst(2).first.map(String.init) == kind }, "no \(kind) line")
        }
        // Not two blank pictures: the pen's stroke widens with its pressure, the finger's is there.
        let start = inkedRows(replayed, x: 110, rows: 170...230), end = inkedRows(replayed, x: 690, rows: 170...230)
        #expect(start > 0 && end >= 3 * start, "pen stroke: start \(start) rows, end \(end) rows")
        #expect(inkedRows(replayed, x: 400, rows: 410...430) > 0, "the finger's stroke")
    }

    /// Palm rejection turned off with `p`, then a finger drawing while the pen hovers: the file
    /// keeps the toggle, so the replay draws the finger too.
    @Test func palmRejectionTurnedOffIsReplayed() async throws {
        let (_, replayed, lines) = try await recordAndReplay("trace") { h in
            let pen = try await pen(h)
            h.compositor.tapKey(25)  // p: off
            h.compositor.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 700, y: 100)
            h.compositor.tabletToolFrame(pen.tool)
            await fingerStroke(h, y: 420)
            h.compositor.tabletToolProximityOut(pen.tool)
            h.compositor.tabletToolFrame(pen.tool)
        }
        #expect(lines.contains { $0.hasSuffix(" - palm-rejection off") })
        #expect(inkedRows(replayed, x: 400, rows: 410...430) > 0, "the finger drew with the pen near")
    }

    @Test func aPenStrokeCancelledByProximityOutReplaysWithNoInkOfIt() async throws {
        let (_, replayed, lines) = try await recordAndReplay("trace") { h in
            let pen = try await pen(h)
            await penStroke(h, pen, y: 200, cancel: true)
            await fingerStroke(h, y: 420)
        }
        #expect(!lines.contains { $0.contains(" tool-up ") }, "the pen never lifted")
        #expect(lines.contains { $0.contains(" tool-proximity-out ") })
        #expect(stride(from: 110, through: 690, by: 20).allSatisfy { inkedRows(replayed, x: $0, rows: 170...230) == 0 },
                "nothing of the cancelled stroke")
        #expect(inkedRows(replayed, x: 400, rows: 410...430) > 0, "the finger's stroke after it")
    }
}
