import Rendering
import Foundation
import Testing
import TouchCanvasTesting

/// The screenshots in `docs/screenshots` (the README's and the AppStream metadata's) are what
/// the app draws today: each is made again, as `make screenshots` makes it, and compared with
/// the file kept in the repository. After a change to what the app draws, `make screenshots`
/// writes them anew (and a person looks at them before committing).
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct ScreenshotEndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let folder = repository.appendingPathComponent("docs/screenshots")

    /// The lines of `screenshots.list`: a file name, then the app's arguments.
    static var entries: [(name: String, arguments: [String])] {
        let list = (try? String(contentsOf: folder.appendingPathComponent("screenshots.list"), encoding: .utf8)) ?? ""
        return list.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let name = words.first, !name.hasPrefix("#") else { return nil }
            return (name, Array(words.dropFirst()))
        }
    }

    @Test func theListNamesEveryScreenshot() {
        #expect(Self.entries.map(\.name) == ["canvas.png", "inspector.png", "gestures.png", "targets-course.png", "targets-result.png", "latency.png"])
    }

    @Test(arguments: entries.map(\.name))
    func theScreenshotIsWhatTheAppDraws(name: String) async throws {
        let entry = try #require(Self.entries.first { $0.name == name })
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tc-shot-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent(name).path
        // Paths in the list are the repository's, as make runs them from its top.
        let arguments = entry.arguments.map { $0.hasPrefix("Recordings/") ? Self.repository.appendingPathComponent($0).path : $0 }
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let app = try AppHarness.launch(arguments + ["--png", png], environment: environment)
        #expect(await app.waitForExit(timeout: 60) == 0, "\(app.standardError)")

        let drawn = try PNGReader.read(png)
        let kept = try PNGReader.read(Self.folder.appendingPathComponent(name).path)
        try #require(drawn.width == kept.width && drawn.height == kept.height,
                     "\(name) is \(kept.width)×\(kept.height), the app draws \(drawn.width)×\(drawn.height): run make screenshots")
        // The whole picture, the live one's too: `demo` runs the app on the embedded
        // compositor's clock, so its inspector's timing figures and every animation are the
        // same on any machine. A pixel may differ by a rounding of the rasteriser's (pixman's
        // paths for one processor or another), not by a changed colour, glyph or stroke.
        var differing = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                guard let a = drawn.pixel(x: x, y: y), let b = kept.pixel(x: x, y: y) else { continue }
                if a.distance(to: b) > 32 { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) pixels of \(name) differ from what the app draws: run make screenshots")
    }
}
