import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The app under a compositor that offers `wp_fractional_scale_v1` and `wp_viewporter`: the
/// buffer is drawn at the fractional size and shown at the logical size, touches stay logical
/// and land under the finger, and strokes are as sharp as the output's pixels allow.
@Suite(.compositorSlot) struct HiDPIEndToEndTests {
    @Test(arguments: [1.0, 1.25, 1.5, 2.0])
    func touchLandsUnderTheFingerAtFractionalScale(scale: Double) async throws {
        let h = try await AppHarness(fractionalScale: scale)
        h.compositor.touchDown(id: 0, x: 150, y: 100)
        h.compositor.touchFrame()
        let spotOffsets: [(Double, Double)] = [(0.0, 0.0), (45, 0), (-45, 0), (0, 45), (0, -45)]
        let whiteOffsets: [(Double, Double)] = [(56.0, 0.0), (-56, 0), (0, 56), (0, -56)]
        func pixel(_ frame: Frame, _ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            frame.pixel(x: Int((x * scale).rounded(.down)), y: Int((y * scale).rounded(.down)))
        }
        let frame = try #require(await h.frame { f in
            f.width == Int((400 * scale).rounded()) && f.height == Int((300 * scale).rounded())
                && spotOffsets.allSatisfy { Colors.matches(pixel(f, 150 + $0.0, 100 + $0.1), Colors.spot) }
                && whiteOffsets.allSatisfy { Colors.matches(pixel(f, 150 + $0.0, 100 + $0.1), Colors.white) }
        })
        let info = try #require(h.compositor.toplevel)
        // Buffer at the fractional size (rounded half up), declared at scale 1, shown at 400×300.
        #expect(frame.width == Int((400 * scale).rounded()) && frame.height == Int((300 * scale).rounded()))
        #expect(info.bufferScale == 1)
        #expect(info.viewportDestination?.width == 400 && info.viewportDestination?.height == 300)
        // The log stays in logical coordinates.
        await h.waitForLog { !$0.entries(phase: "began").isEmpty }
        let began = try #require(h.entries(phase: "began").first)
        #expect(began["x"] as? Double == 150 && began["y"] as? Double == 100)
        // The spot (100 logical px across) is centred on the touch in device pixels.
        for (dx, dy) in spotOffsets {
            #expect(Colors.matches(pixel(frame, 150 + dx, 100 + dy), Colors.spot), "spot at offset \(dx), \(dy)")
        }
        for (dx, dy) in whiteOffsets {
            #expect(Colors.matches(pixel(frame, 150 + dx, 100 + dy), Colors.white), "white at offset \(dx), \(dy)")
        }
    }

    /// A 3 px black stroke drawn across a column: at a fractional scale it is 3 × scale device
    /// pixels thick with at most one partly covered pixel on each edge. A stroke drawn at the
    /// next integer scale and shrunk by the compositor would smear over more.
    @Test(arguments: [1.25, 1.5, 2.0])
    func strokesAreDrawnAtDeviceResolution(scale: Double) async throws {
        let h = try await AppHarness(arguments: ["--scene", "draw", "--log", "phases"], fractionalScale: scale)
        h.compositor.pointerEnter(x: 100, y: 150)
        h.compositor.pointerFrame()
        h.compositor.pointerButton(pressed: true)
        h.compositor.pointerFrame()
        for step in 1...10 {
            h.compositor.pointerMotion(x: 100 + Double(step) * 20, y: 150)
            h.compositor.pointerFrame()
            await h.compositor.pump(for: 0.02)
        }
        h.compositor.pointerButton(pressed: false)
        h.compositor.pointerFrame()
        await h.idle()
        let frame = try #require(h.frame)
        let column = Int(200 * scale)
        var dark = 0, partial = 0
        for y in Int(130 * scale)...Int(170 * scale) {
            let p = frame.pixel(x: column, y: y)
            if p.r < 40 { dark += 1 } else if p.r < 215 { partial += 1 }
        }
        let expected = 3 * scale
        #expect(Double(dark) >= expected - 2 && Double(dark) <= expected + 1, "dark \(dark) for \(expected)")
        #expect(partial <= 2, "\(partial) partly covered pixels")
    }

    @Test func aNewPreferredScaleRedrawsAtTheNewSizeKeepingTheDrawing() async throws {
        let h = try await AppHarness(arguments: ["--scene", "draw", "--log", "phases"], fractionalScale: 1.25)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        h.compositor.touchMotion(id: 0, x: 300, y: 100)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        await h.idle()
        #expect(try #require(h.frame).width == 500)
        h.compositor.setFractionalScale(1.5)
        let frame = try #require(await h.frame {
            $0.width == 600 && $0.height == 450 && $0.pixel(x: 300, y: 150).r < 40 && $0.pixel(x: 300, y: 200).r > 215
        })
        #expect(frame.width == 600 && frame.height == 450)
        #expect(frame.pixel(x: 300, y: 150).r < 40, "the stroke at 1.5×")
        #expect(frame.pixel(x: 300, y: 200).r > 215, "white below it")
    }
}
