import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Saving: what the compositor was shown is what lands on disk, atomically, never over an
/// earlier drawing, and a failure is one line.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct SaveEndToEndTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-save-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// The PNG equals the last committed buffer, pixel for pixel.
    func expectSame(_ png: String, as frame: Frame) throws {
        let image = try PNGReader.read(png)
        #expect(image.width == frame.width && image.height == frame.height)
        var mismatches = 0
        for y in stride(from: 0, to: frame.height, by: 3) {
            for x in stride(from: 0, to: frame.width, by: 3) {
                let p = frame.pixel(x: x, y: y)
                if image.pixel(x: x, y: y) != PixelColor(red: p.r, green: p.g, blue: p.b) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: ["q", "close", "SIGTERM", "SIGINT"])
    func saveOnExitMatchesTheLastCommit(_ ending: String) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("exit.png").path
        let h = try await AppHarness(arguments: ["--scene", "spots", "--save-on-exit", png])
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchDown(id: 1, x: 260, y: 180)
        h.compositor.touchFrame()
        _ = await h.frame { $0.hasFullSpot(at: 100, 100) }
        await h.idle()  // the growth's last frames: `shown` must be the last commit
        let shown = try #require(h.frame)
        #expect(shown.hasFullSpot(at: 100, 100))
        switch ending {
        case "q": h.compositor.tapKey(16)
        case "close": h.compositor.close()
        case "SIGTERM": kill(h.app.pid, SIGTERM)
        default: kill(h.app.pid, SIGINT)
        }
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        #expect(status == 0)
        #expect(h.app.standardError.contains("saved \(png)"))
        try expectSame(png, as: shown)
        #expect(!files().contains { $0.hasSuffix(".tmp") })
    }

    @Test func sKeySavesNumberedFilesAndNeverOverwrites() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = [String: String]()
        environment["XDG_PICTURES_DIR"] = directory.path
        let h = try await AppHarness(extraEnvironment: environment)
        // An earlier drawing with the first name must survive.
        let earlier = directory.appendingPathComponent("touchcanvas-1.png").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: earlier))
        h.compositor.tapKey(31)  // KEY_S
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { files().contains("touchcanvas-2.png") }
        h.compositor.tapKey(31)
        // Written atomically, one after the other.
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { files().contains("touchcanvas-3.png") }
        #expect(files().contains("touchcanvas-2.png"))
        #expect(files().contains("touchcanvas-3.png"))
        #expect(try String(contentsOfFile: earlier, encoding: .utf8) == "earlier")
        #expect(h.app.standardError.contains("saved \(directory.path)/touchcanvas-2.png"))
        try expectSame(directory.appendingPathComponent("touchcanvas-3.png").path, as: try #require(h.frame))
    }

    /// Desktops keep the pictures folder in user-dirs.dirs, not in the environment: a German
    /// desktop's `~/Bilder` is where `s` saves.
    @Test func sKeySavesInThePicturesFolderOfUserDirs() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let home = directory.appendingPathComponent("home")
        let config = home.appendingPathComponent("conf")
        let bilder = home.appendingPathComponent("Bilder mit \"Anführung\"")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bilder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
        try """
            # written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Schreibtisch"
            XDG_PICTURES_DIR="$HOME/Bilder mit \\"Anführung\\""

            """.write(to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
        let h = try await AppHarness(extraEnvironment: ["HOME": home.path, "XDG_CONFIG_HOME": config.path])
        h.compositor.tapKey(31)  // KEY_S
        let saved = bilder.appendingPathComponent("touchcanvas-1.png").path
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { FileManager.default.fileExists(atPath: saved) }
        #expect(FileManager.default.fileExists(atPath: saved), "stderr: \(h.app.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("Pictures").path).isEmpty)
    }

    /// The hover ring marks the pointer on screen; the saved drawing is the window without it.
    @Test func theSavedPictureLeavesOutTheHoverRing() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("hovered.png").path
        let h = try await AppHarness(arguments: ["--scene", "trace", "--save-on-exit", png])
        let c = h.compositor
        await h.drawLine(fromX: 40, y: 120, step: 30, pause: 0.008)
        c.pointerEnter(x: 200, y: 200)
        c.pointerFrame()
        // On screen: the stroke and the ring (its line 11 to 13 px right of the pointer).
        let shown = try #require(await h.frame { $0.logicalPixel(212, 200).r < 0xC0 && !$0.isWhite(at: 200, 120) })
        #expect(shown.logicalPixel(212, 200).r < 0xC0, "no ring on screen")
        c.tapKey(16)  // q
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: c) == 0)
        let image = try PNGReader.read(png)
        let white = PixelColor(red: 0xFF, green: 0xFF, blue: 0xFF)
        #expect(image.pixel(x: 212, y: 200) == white, "the ring is in the saved drawing")
        // Everything else is the window as shown, the stroke included.
        var mismatches = 0
        for y in 0..<shown.height {
            for x in 0..<shown.width where abs(x - 200) > 14 || abs(y - 200) > 14 {
                let p = shown.pixel(x: x, y: y)
                if image.pixel(x: x, y: y) != PixelColor(red: p.r, green: p.g, blue: p.b) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(image.pixel(x: 200, y: 120) != white, "the stroke is saved")
    }

    @Test func unwritableFolderIsOneClearLineAndNoFile() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("missing/folder/out.png").path
        let h = try await AppHarness(arguments: ["--scene", "spots", "--save-on-exit", png])
        h.compositor.tapKey(16)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        #expect(status == 1)
        let lines = h.app.standardError.split(separator: "\n").filter { $0.hasPrefix("touchcanvas:") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("missing/folder") == true)
        #expect(files().isEmpty)
    }
}
