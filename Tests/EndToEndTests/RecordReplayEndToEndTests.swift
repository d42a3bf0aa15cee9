import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting
import TouchCanvasConstants

/// `--record` under the scripted compositor, then `touchcanvas replay` with no compositor at
/// all: the replayed picture is the one the compositor was shown, and the same every time.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
final class RecordReplayEndToEndTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-replay-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Every test's scratch folder goes with it (some tests left theirs in /tmp).
    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs `touchcanvas replay …` with no Wayland display and returns its status and stderr.
    func replay(_ arguments: [String]) async throws -> (status: Int32?, stderr: String) {
        let process = try AppHarness.launch(["replay"] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        let status = await process.waitForExit(timeout: 60)
        if status == nil { _ = process.terminate() }
        return (status, process.standardError)
    }

    /// Two fingers draw, one lifts, the other is cancelled mid-stroke, a third draws after.
    func drawSession(_ h: AppHarness) async {
        let c = h.compositor
        c.touchDown(id: 0, x: 60, y: 80)
        c.touchDown(id: 1, x: 60, y: 200)
        c.touchFrame()
        await c.pump(for: 0.03)
        for step in 1...30 {
            let x = 60 + Double(step) * 9.5
            c.touchMotion(id: 0, x: x, y: 80 + Double(step % 5))
            c.touchMotion(id: 1, x: x, y: 200 - Double(step))
            c.touchFrame()
            await c.pump(for: 0.008)
        }
        c.touchUp(id: 0)
        c.touchFrame()
        await c.pump(for: 0.05)
        c.touchCancel()
        await c.pump(for: 0.05)
        c.touchDown(id: 0, x: 200, y: 40)
        c.touchFrame()
        for step in 1...20 {
            c.touchMotion(id: 0, x: 200 + Double(step) * 3, y: 40 + Double(step) * 10)
            c.touchFrame()
            await c.pump(for: 0.008)
        }
        c.touchUp(id: 0)
        // No frame after the last up, as GNOME does: the app's flush is recorded too.
        await h.idle()
    }

    @Test(arguments: ["trace", "canvas", "draw"])
    func replayGivesThePixelsTheCompositorSaw(_ scene: String) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = path("session.tcrec"), shown = path("shown.png")
        let h = try await AppHarness(arguments: ["--scene", scene, "--record", recording, "--save-on-exit", shown])
        await drawSession(h)
        h.compositor.tapKey(16)  // q
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor) == 0)
        #expect(h.app.standardError.contains("recorded \(recording)"))

        let first = path("first.png"), second = path("second.png")
        let one = try await replay([recording, "--png", first])
        #expect(one.status == 0, "\(one.stderr)")
        let two = try await replay([recording, "--png", second])
        #expect(two.status == 0, "\(two.stderr)")

        let replayed = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(replayed == (try Data(contentsOf: URL(fileURLWithPath: second))), "two replays differ")
        // The saved PNG is the last committed buffer (SaveEndToEndTests): the replay equals it.
        let sawImage = try PNGReader.read(shown), replayImage = try PNGReader.read(first)
        #expect(sawImage.width == replayImage.width && sawImage.height == replayImage.height)
        let differing = differences(sawImage, replayImage)
        #expect(differing.isEmpty, "pixels differ between the compositor's frame and the replay: \(differing)")
        // And the picture has the strokes in it (the test would pass on two blank images otherwise).
        #expect(replayImage.pixel(x: 150, y: 82) != PixelColor(red: 0xFF, green: 0xFF, blue: 0xFF))
    }

    /// A long press on the gestures scene's placard with nothing after it: the placard turns
    /// plum when the app's timer fires the recognizer's time-out, and the recording keeps that
    /// moment (`gesture-timeout`), so the replay turns it plum too, pixel for pixel, though no
    /// input follows that would move the recognizers' clock.
    @Test func aLongPressWithNoInputAfterItReplaysAsShown() async throws {
        let recording = path("press.tcrec"), shown = path("press-shown.png"), replayed = path("press-replayed.png")
        let h = try await AppHarness(arguments: ["--scene", "gestures", "--record", recording, "--save-on-exit", shown],
                                     size: (600, 400))
        await h.idle()
        h.compositor.touchDown(id: 0, x: 300, y: 200)
        h.compositor.touchFrame()
        // Plum: the long press began, by the app's timer alone.
        let plum = PixelColor(rgb: 0x8C2E5E)
        let pressed = await h.frame { frame in
            let p = frame.logicalPixel(200, 200)
            return PixelColor(red: p.r, green: p.g, blue: p.b).distance(to: plum) < 40
        }
        #expect(pressed != nil, "the placard turned plum")
        await h.idle()
        h.compositor.tapKey(16)  // q, the finger still down
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor) == 0)
        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix(" - gesture-timeout") }, "the time-out is in the file")
        let result = try await replay([recording, "--png", replayed])
        #expect(result.status == 0, "\(result.stderr)")
        let saw = try PNGReader.read(shown), replay = try PNGReader.read(replayed)
        let differing = differences(saw, replay)
        #expect(differing.isEmpty, "pixels differ between the window and the replay: \(differing)")
        #expect(replay.pixel(x: 200, y: 200).map { $0.distance(to: plum) < 40 } == true, "the replay's placard is plum")
    }

    /// A finger drawing along row `y` from x 40 to 360.
    func stroke(_ h: AppHarness, id: Int32, y: Double) async {
        let c = h.compositor
        c.touchDown(id: id, x: 40, y: y)
        c.touchFrame()
        for step in 1...16 {
            c.touchMotion(id: id, x: 40 + Double(step) * 20, y: y)
            c.touchFrame()
            await c.pump(for: 0.008)
        }
        c.touchUp(id: id)
        c.touchFrame()
        await h.idle()
    }

    /// What the keys did to the drawing is in the file, and the replay shows it as the window did
    /// (and as the app saved it: without the hover ring).
    @Test func undoClearAndSceneKeysAreRecordedAndReplayed() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = path("keys.tcrec"), shown = path("shown.png"), replayed = path("replayed.png")
        let h = try await AppHarness(arguments: ["--scene", "trace", "--record", recording, "--save-on-exit", shown])
        let c = h.compositor
        await stroke(h, id: 0, y: 40)
        await stroke(h, id: 1, y: 80)
        c.tapKey(22)  // u: the stroke at 80 goes
        await stroke(h, id: 2, y: 120)
        c.tapKey(46)  // c: everything goes
        await stroke(h, id: 3, y: 160)
        c.tapKey(4)   // 3: the draw scene, empty
        await stroke(h, id: 4, y: 200)
        // The mouse hovering at the end: its ring is on screen, in neither picture.
        c.pointerEnter(x: 300, y: 250)
        c.pointerFrame()
        _ = await h.frame { $0.logicalPixel(312, 250).r < 0xC0 }
        c.tapKey(16)  // q
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: c) == 0)

        let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "touchcanvas-recording 3")
        let commands = lines.filter { $0.hasSuffix(" - undo") || $0.hasSuffix(" - clear") || $0.contains(" - scene ") }
        #expect(commands.map { $0.split(separator: " ").dropFirst(2).joined(separator: " ") } == ["undo", "clear", "scene draw"],
                "\(commands)")

        let result = try await replay([recording, "--png", replayed])
        #expect(result.status == 0, "\(result.stderr)")
        let saw = try PNGReader.read(shown), replay = try PNGReader.read(replayed)
        #expect(saw.width == replay.width && saw.height == replay.height)
        var differing = 0
        for y in 0..<min(saw.height, replay.height) {
            for x in 0..<min(saw.width, replay.width) where saw.pixel(x: x, y: y) != replay.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ between the window and the replay")
        let white = PixelColor(red: 0xFF, green: 0xFF, blue: 0xFF)
        #expect([40, 80, 120, 160].allSatisfy { replay.pixel(x: 200, y: $0) == white }, "undone, cleared, or left behind in trace")
        #expect(replay.pixel(x: 200, y: 200) != white, "the stroke drawn in the draw scene")
    }

    @Test func theRecordingNamesTheSessionAndItsEvents() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = path("session.tcrec")
        let h = try await AppHarness(arguments: ["--scene", "trace", "--record", recording], seats: ["seat0"])
        await drawSession(h)
        #expect(h.app.terminate() == 0)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "touchcanvas-recording 3")
        #expect(lines.dropFirst().first == "writer touchcanvas \(TouchCanvasVersion.current)", "the build that recorded it")
        #expect(lines.contains("scene trace"))
        #expect(lines.contains { $0.hasPrefix("size ") })
        // The seat is known before the first event, so it is in the header.
        #expect(lines.contains { $0.hasPrefix("seat ") && $0.hasSuffix(" seat0") })
        #expect(lines.contains { $0.hasSuffix(" cancel") })
        #expect(lines.contains { $0.hasSuffix(" - flush") }, "the missing frame after the last up is recorded")
        #expect(lines.contains { $0.contains(" - display-frame") })
        // The compositor's size, in the header or as the configure that brought it.
        #expect(lines.contains("size 400 300") || lines.contains { $0.hasSuffix(" - configure 400 300") })
    }

    @Test(arguments: [
        ("bad event", "touchcanvas-recording 1\nsize 100 100\nscale 1\n0 1 down 0 1 1\n1 1 mtion 0 2 2\n", ":5:"),
        ("future version", "touchcanvas-recording 9\nsize 100 100\nscale 1\n", ":1:"),
        ("cut short", "touchcanvas-recording 1\nsize 100 100\nscale 1\n0 1 down 0 1", ":4:"),
    ])
    func aBadFileIsOneLineAndExitStatus2(_ name: String, _ text: String, _ lineMark: String) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = path("bad.tcrec"), png = path("bad.png")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await replay([file, "--png", png])
        #expect(result.status == 2, "\(name): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(name): \(result.stderr)")
        #expect(result.stderr.contains("bad.tcrec\(lineMark)"), "\(name): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test func aMissingFileIsExitStatus2() async throws {
        let result = try await replay([path("nothing-here.tcrec"), "--png", path("x.png")])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func recordingToAnUnwritablePlaceIsOneLineAndStatus1() async throws {
        let compositor = try ScriptedCompositor()
        let app = try AppHarness.launch(["--record", "/proc/touchcanvas-cannot-write-here.tcrec"],
                                        environment: compositor.environmentForClient)
        let status = await app.waitForExit(timeout: AppHarness.patience, pumping: compositor)
        if status == nil { _ = app.terminate() }
        #expect(status == 1)
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.count == 1 && app.standardError.contains("cannot write recording"), "\(app.standardError)")
    }
}
