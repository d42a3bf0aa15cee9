import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Strokes: the trace, draw and canvas scenes as a person sees them in the committed buffer.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct InkEndToEndTests {
    static let completed: (UInt8, UInt8, UInt8) = (0x34, 0x32, 0x9C)
    /// #34329C at 50 % alpha over white.
    static let inProgress: (UInt8, UInt8, UInt8) = (0x9A, 0x99, 0xCE)

    /// A horizontal finger path from x0 to x1 at y, one motion frame per 10 px.
    func drag(_ h: AppHarness, id: Int32, y: Double, from x0: Double, to x1: Double, lift: Bool = true) async {
        h.compositor.touchDown(id: id, x: x0, y: y)
        h.compositor.touchFrame()
        await h.compositor.pump(for: 0.02)
        var x = x0
        while x < x1 {
            x = min(x + 10, x1)
            h.compositor.touchMotion(id: id, x: x, y: y)
            h.compositor.touchFrame()
            await h.compositor.pump(for: 0.005)
        }
        await h.idle()
        if lift {
            h.compositor.touchUp(id: id)
            h.compositor.touchFrame()
            await h.idle()
        }
    }

    @Test func traceStrokeIsLighterInProgressAndDarkWhenDone() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace"])
        await drag(h, id: 0, y: 150, from: 40, to: 360, lift: false)
        let during = try #require(await h.frame { Colors.matches($0.logicalPixel(200, 150), Self.inProgress, tolerance: 6) })
        #expect(Colors.matches(during.logicalPixel(200, 150), Self.inProgress, tolerance: 6))
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        let after = try #require(await h.frame { f in
            stride(from: 60.0, through: 340, by: 40).allSatisfy { Colors.matches(f.logicalPixel($0, 150), Self.completed, tolerance: 3) }
                && f.isWhite(at: 200, 154) && f.isWhite(at: 200, 146) && f.isWhite(at: 200, 100)
        })
        for x in stride(from: 60.0, through: 340, by: 40) {
            #expect(Colors.matches(after.logicalPixel(x, 150), Self.completed, tolerance: 3))
        }
        // 4 px wide in a window whose shorter side is under 768: white 4 px off the line.
        #expect(after.isWhite(at: 200, 154) && after.isWhite(at: 200, 146))
        #expect(after.isWhite(at: 200, 100))
    }

    @Test func cancelledInProgressStrokeIsGone() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace"])
        await drag(h, id: 0, y: 100, from: 40, to: 360)            // completed, stays
        await drag(h, id: 1, y: 200, from: 40, to: 360, lift: false)
        h.compositor.touchCancel()
        let frame = try #require(await h.frame { f in
            Colors.matches(f.logicalPixel(200, 100), Self.completed)
                && stride(from: 60.0, through: 340, by: 40).allSatisfy { f.isWhite(at: $0, 200) }
        })
        #expect(Colors.matches(frame.logicalPixel(200, 100), Self.completed))
        for x in stride(from: 60.0, through: 340, by: 40) { #expect(frame.isWhite(at: x, 200)) }
    }

    @Test func undoRemovesTheLastStrokeEachTime() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace"])
        await drag(h, id: 0, y: 80, from: 40, to: 360)
        await drag(h, id: 0, y: 160, from: 40, to: 360)
        await drag(h, id: 0, y: 240, from: 40, to: 360)
        h.compositor.tapKey(22)  // KEY_U
        var frame = try #require(await h.frame {
            Colors.matches($0.logicalPixel(200, 80), Self.completed) && Colors.matches($0.logicalPixel(200, 160), Self.completed)
                && $0.isWhite(at: 200, 240)
        })
        #expect(Colors.matches(frame.logicalPixel(200, 80), Self.completed))
        #expect(Colors.matches(frame.logicalPixel(200, 160), Self.completed))
        #expect(frame.isWhite(at: 200, 240))
        h.compositor.tapKey(22)
        frame = try #require(await h.frame { Colors.matches($0.logicalPixel(200, 80), Self.completed) && $0.isWhite(at: 200, 160) })
        #expect(Colors.matches(frame.logicalPixel(200, 80), Self.completed))
        #expect(frame.isWhite(at: 200, 160))
    }

    @Test func canvasSceneShowsSpotsOverStrokes() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas"])
        await drag(h, id: 0, y: 150, from: 40, to: 250, lift: false)
        let frame = try #require(await h.frame {
            $0.isSpot(at: 250, 150) && $0.isSpot(at: 250, 105) && $0.isSpot(at: 210, 150)
                && $0.isWhite(at: 250, 94) && $0.isWhite(at: 250, 206)
                && Colors.matches($0.logicalPixel(120, 150), Self.inProgress, tolerance: 6)
        })
        // The finger's spot sits on top of its own stroke; the stroke shows behind it elsewhere.
        #expect(frame.isSpot(at: 250, 150) && frame.isSpot(at: 250, 105) && frame.isSpot(at: 210, 150))
        #expect(frame.isWhite(at: 250, 94) && frame.isWhite(at: 250, 206))
        #expect(Colors.matches(frame.logicalPixel(120, 150), Self.inProgress, tolerance: 6))
    }

    @Test func drawSceneStrokeIsBlackAndClearButtonClearsIt() async throws {
        let h = try await AppHarness(arguments: ["--scene", "draw"])
        await drag(h, id: 0, y: 200, from: 40, to: 260)
        var frame = try #require(await h.frame { f in
            stride(from: 60.0, through: 240, by: 45).allSatisfy { Colors.matches(f.logicalPixel($0, 200), (0, 0, 0), tolerance: 40) }
                && f.isWhite(at: 150, 205)
        })
        for x in stride(from: 60.0, through: 240, by: 45) {
            #expect(Colors.matches(frame.logicalPixel(x, 200), (0, 0, 0), tolerance: 40))
        }
        #expect(frame.isWhite(at: 150, 205))  // 3 px wide
        // The Clear button sits at the top right (80×36, 16 px in): touch it.
        h.compositor.touchDown(id: 5, x: 344, y: 34)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 5)
        h.compositor.touchFrame()
        frame = try #require(await h.frame { f in stride(from: 60.0, through: 240, by: 45).allSatisfy { f.isWhite(at: $0, 200) } })
        for x in stride(from: 60.0, through: 240, by: 45) { #expect(frame.isWhite(at: x, 200)) }
    }

    @Test func cKeyClearsAndSKeySavesTheStrokesAsSVGToo() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-ink-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = try await AppHarness(arguments: ["--scene", "trace"], extraEnvironment: ["XDG_PICTURES_DIR": directory.path])
        await drag(h, id: 0, y: 100, from: 40, to: 360)
        await drag(h, id: 0, y: 200, from: 40, to: 360)
        h.compositor.tapKey(31)  // KEY_S
        // Written atomically, the PNG first, so the SVG's being there means both are complete.
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("touchcanvas-1.svg").path)
        }
        let svg = try String(contentsOfFile: directory.appendingPathComponent("touchcanvas-1.svg").path, encoding: .utf8)
        #expect(svg.components(separatedBy: "<path").count - 1 == 2)
        #expect(svg.lowercased().contains("#34329c"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("touchcanvas-1.png").path))
        h.compositor.tapKey(46)  // KEY_C
        let frame = try #require(await h.frame { $0.isWhite(at: 200, 100) && $0.isWhite(at: 200, 200) })
        #expect(frame.isWhite(at: 200, 100) && frame.isWhite(at: 200, 200))
    }

    @Test func singleTouchDrawsOnlyTheFirstFinger() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--single-touch"])
        h.compositor.touchDown(id: 0, x: 40, y: 100)
        h.compositor.touchDown(id: 1, x: 40, y: 200)
        h.compositor.touchFrame()
        await h.compositor.pump(for: 0.02)
        var x = 40.0
        while x < 360 {
            x += 10
            h.compositor.touchMotion(id: 0, x: x, y: 100)
            h.compositor.touchMotion(id: 1, x: x, y: 200)
            h.compositor.touchFrame()
            await h.compositor.pump(for: 0.005)
        }
        h.compositor.touchUp(id: 0)
        h.compositor.touchUp(id: 1)
        h.compositor.touchFrame()
        // The second finger moved in the same frames as the first: had it drawn, it would show
        // by the time the first stroke is completed.
        let frame = try #require(await h.frame { Colors.matches($0.logicalPixel(200, 100), Self.completed) })
        #expect(Colors.matches(frame.logicalPixel(200, 100), Self.completed))
        #expect(frame.isWhite(at: 200, 200))
    }

    @Test func strokesSurviveScaleChangeAndResize() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace"])
        await drag(h, id: 0, y: 150, from: 40, to: 360)
        h.compositor.setOutputScale(2)
        var frame = try #require(await h.frame {
            $0.scale == 2 && Colors.matches($0.logicalPixel(200, 150), Self.completed)
                && $0.isWhite(at: 200, 154) && $0.isWhite(at: 200, 146)
        })
        #expect(frame.scale == 2)
        // Rebuilt from the stroke data at the new scale: dark on the line, white 4 px off it.
        #expect(Colors.matches(frame.logicalPixel(200, 150), Self.completed))
        #expect(frame.isWhite(at: 200, 154) && frame.isWhite(at: 200, 146))
        h.compositor.configure(width: 600, height: 400)
        frame = try #require(await h.frame {
            $0.width == 1200 && $0.height == 800 && Colors.matches($0.logicalPixel(200, 150), Self.completed)
                && $0.isWhite(at: 500, 300)
        })
        #expect(frame.width == 1200 && frame.height == 800)
        #expect(Colors.matches(frame.logicalPixel(200, 150), Self.completed))
        #expect(frame.isWhite(at: 500, 300))
    }
}
