import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// `touchcanvas demo`, as `make run` uses it without a Wayland session.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct DemoEndToEndTests {
    @Test func demoSavesFourFullSpotsOverTheirStrokes() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tc-demo-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("demo.png").path
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let demo = try AppHarness.launch(["demo", "--png", png], environment: environment)
        #expect(await demo.waitForExit(timeout: 40) == 0)
        #expect(demo.standardError.contains("saved \(png)"))
        let image = try PNGReader.read(png)
        #expect(image.width == 800 && image.height == 500)
        var grey = 0
        var stroke = 0
        let inProgress = PixelColor(red: 0x9A, green: 0x99, blue: 0xCE)
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y) else { continue }
                if p == PixelColor(rgb: 0xAAAAAA) { grey += 1 }
                if p.distance(to: inProgress) <= 6 { stroke += 1 }
            }
        }
        // Four 100 px discs that do not overlap: 4 · π · 50² ≈ 31 416 solid grey pixels, minus rims.
        #expect(grey > 29_500 && grey < 31_500)
        // Four arcs of about 225 px, 4 px wide, half of each hidden under its spot at most.
        #expect(stroke > 4 * 100 * 3)
    }
}

/// `make run`'s demo without a session: a shipped recording played through the compositor.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct RecordingDemoEndToEndTests {
    @Test func theTenFingerRecordingDrawsTenStrokes() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tc-demo-rec-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("demo.png").path
        let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Recordings/ten-fingers.tcrec").standardized.path
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let demo = try AppHarness.launch(["demo", "--recording", recording, "--png", png], environment: environment)
        #expect(await demo.waitForExit(timeout: 40) == 0, "\(demo.standardError)")
        let image = try PNGReader.read(png)
        #expect(image.width == 800 && image.height == 600)
        // Along the row y = 300, ten separate runs of completed ink (#34329C), one per finger.
        let ink = PixelColor(red: 0x34, green: 0x32, blue: 0x9C)
        var runs = 0, inRun = false
        for x in 0..<image.width {
            let isInk = image.pixel(x: x, y: 300).map { $0.distance(to: ink) <= 40 } ?? false
            if isInk && !inRun { runs += 1 }
            inRun = isInk
        }
        #expect(runs == 10)
    }
}

/// What a person gets wrong on the command line is said at once.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct DemoOptionEndToEndTests {
    @Test func anUnknownSceneIsAUsageErrorAtOnce() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let demo = try AppHarness.launch(["demo", "--scene", "bogus"], environment: environment)
        // It used to wait 30 s for a window that the child, refusing the option, never opened.
        #expect(await demo.waitForExit(timeout: AppHarness.patience) == 64)
        #expect(demo.standardError.contains("'bogus' is invalid for '--scene"), "\(demo.standardError)")
    }

    /// A recording's key lines are played as keys: here a stroke, `clear`, another stroke.
    @Test func aRecordingsClearLineIsPlayedAsTheKey() async throws {
        func stroke(y: Int, id: Int, at time: Int) -> String {
            (0...10).map { i in "\(time + i * 10) 1 \(i == 0 ? "down" : "motion") \(id) \(100 + i * 40) \(y)\n\(time + i * 10) 1 frame\n" }
                .joined() + "\(time + 110) 1 up \(id)\n\(time + 110) 1 frame\n"
        }
        let text = "touchcanvas-recording 2\nsize 600 400\nscale 1\nscene trace\n"
            + stroke(y: 100, id: 0, at: 0) + "300 - clear\n" + stroke(y: 250, id: 1, at: 400)
        let image = try await demoPicture(of: text, named: "keys")
        let ink = PixelColor(red: 0x34, green: 0x32, blue: 0x9C)
        #expect(image.pixel(x: 300, y: 250) == ink, "the stroke after the clear")
        #expect(image.pixel(x: 300, y: 100) == PixelColor(rgb: 0xFFFFFF), "the stroke before it, cleared")
    }

    /// Runs `demo` on a recording made of `text`, and returns its picture.
    private func demoPicture(of text: String, named name: String) async throws -> PixelBuffer {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tc-demo-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let recording = dir.appendingPathComponent("\(name).tcrec").path
        try text.write(toFile: recording, atomically: true, encoding: .utf8)
        let png = dir.appendingPathComponent("demo.png").path
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let demo = try AppHarness.launch(["demo", "--recording", recording, "--png", png], environment: environment)
        #expect(await demo.waitForExit(timeout: 40) == 0, "\(demo.standardError)")
        return try PNGReader.read(png)
    }

    /// A pen's lines reach the app as a pen: here a stroke across the middle, lifted, in the
    /// trace scene's completed colour.
    @Test func aRecordingsPenStrokeIsPlayed() async throws {
        var text = "touchcanvas-recording 3\nsize 600 400\nscale 1\nscene trace\n"
            + "0 1 tool-added 1 pen 42 - tilt,pressure,distance\n10 1 tool-proximity-in 1 1\n"
            + "10 1 tool-motion 1 100 200\n10 1 tool-frame 1\n20 1 tool-down 1\n20 1 tool-pressure 1 30000\n20 1 tool-frame 1\n"
        for i in 1...20 { text += "\(20 + i * 10) 1 tool-motion 1 \(100 + i * 20) 200\n\(20 + i * 10) 1 tool-frame 1\n" }
        text += "240 1 tool-up 1\n240 1 tool-frame 1\n250 1 tool-proximity-out 1\n250 1 tool-frame 1\n"
        let image = try await demoPicture(of: text, named: "pen")
        let ink = PixelColor(red: 0x34, green: 0x32, blue: 0x9C)
        for x in [150, 300, 450] {
            #expect(image.pixel(x: x, y: 200).map { $0.distance(to: ink) <= 40 } == true, "pen ink at x = \(x)")
        }
        #expect(image.pixel(x: 300, y: 230) == PixelColor(rgb: 0xFFFFFF))
    }

    /// A touchpad pinch over the gestures scene's square scales it: the square's orange reaches
    /// where it did not before.
    @Test func aRecordingsTouchpadPinchIsPlayed() async throws {
        // At 600×400 the square's panel is 136 px from (448, 224): its centre is (516, 292), and
        // the orange square inside it 54 px wide.
        var text = "touchcanvas-recording 3\nsize 600 400\nscale 1\nscene gestures\n"
            + "0 1 pointer-enter 516 292\n0 1 pointer-frame\n20 1 touchpad pinch began 2\n"
        for i in 1...20 { text += "\(20 + i * 10) 1 touchpad pinch changed 2 0 0 \(1 + Double(i) / 20) 0\n" }
        text += "240 1 touchpad pinch ended 2\n"
        let image = try await demoPicture(of: text, named: "touchpad")
        let orange = try #require(image.pixel(x: 516, y: 292))
        #expect(image.pixel(x: 516 + 45, y: 292) == orange, "the square, twice as wide, reaches 45 px right of its centre")
    }
}
