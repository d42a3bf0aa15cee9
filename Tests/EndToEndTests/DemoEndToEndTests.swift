import Canvas
import Foundation
import ScriptedCompositor
import Testing

/// `touchcanvas demo`, as `make run` uses it without a Wayland session.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DemoEndToEndTests {
    @Test func demoSavesFourFullSpots() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tc-demo-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("demo.png").path
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = nil
        let demo = try ClientProcess(executable: AppHarness.executablePath, arguments: ["demo", "--png", png],
                                     environment: environment)
        #expect(demo.waitForExit(timeout: 40) == 0)
        #expect(demo.standardError.contains("saved \(png)"))
        let image = try PNGReader.read(png)
        #expect(image.width == 800 && image.height == 500)
        var grey = 0
        var other = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y) else { continue }
                if p == PixelColor(rgb: 0xAAAAAA) { grey += 1 } else if p != PixelColor(rgb: 0xFFFFFF) { other += 1 }
            }
        }
        // Four 100 px discs: 4 · π · 50² ≈ 31 416 solid grey pixels, minus their antialiased rims.
        #expect(grey > 29_500 && grey < 31_500)
        // Only the rims are neither white nor grey.
        #expect(other < 4 * 2 * 320)
    }
}
