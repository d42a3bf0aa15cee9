import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The app's own frame shown in parts sized to what they show: what their buffers cost on a
/// 3840×2160 window, what they show, and the pointer crossing from one part to another.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct ChromePartsEndToEndTests {
    func harness(outputScale: Int32 = 1) async throws -> AppHarness {
        try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"], outputScale: outputScale, decorationManager: false)
    }

    /// One frame-sized buffer round a 3840×2160 window was 3864×2184 pixels: 34 MB, 67 MB with
    /// the second one a compositor that holds the first makes the app draw. The parts show
    /// 1.2 MB in all: a 3840×40 title bar and 12 px strips.
    @Test func atThreeEightyFortyByTwentyOneSixtyTheFramesBuffersTakeAboutOneMegabyte() async throws {
        let h = try await harness()
        let c = h.compositor
        // Two 1920×1080 outputs: room for a 3840×2160 window.
        c.addOutput(named: "SCRIPTED-2", scale: 1)
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.chromePart(.titleBar) != nil },
                "no title bar: \(c.otherSurfaces); stderr: \(h.app.standardError)")
        // The app hears of the second output (the global), binds it, then reads its description:
        // two round trips.
        await h.roundtrip()
        await h.roundtrip()
        c.configure(width: 3840, height: 2160)
        let content = (width: 3840, height: 2120)
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            c.toplevel?.bufferSize.map { $0 == content } == true
                && ChromeSurfacePart.allCases.allSatisfy { c.chromePart($0, width: content.width, height: content.height) != nil }
        }, "\(String(describing: c.toplevel?.bufferSize)) \(c.otherSurfaces); stderr: \(h.app.standardError)")
        for name in ChromeSurfacePart.allCases {
            let part = c.chromePart(name, width: content.width, height: content.height)
            #expect(part?.bufferSize == name.size(width: content.width, height: content.height), "\(name): \(String(describing: part))")
        }
        #expect(c.chromePart(.titleBar, width: content.width, height: content.height)?.bufferSize
                == BufferSize(width: 3840, height: 40))
        let bytes = c.chromeBufferBytes
        #expect(bytes == 3840 * 40 * 4 + 2 * 3864 * 12 * 4 + 2 * 12 * 2160 * 4, "\(bytes) bytes")
        let bound = 2_000_000
        let oneFrameSizedBuffer = 3864 * 2184 * 4
        #expect(bytes < bound && oneFrameSizedBuffer > 16 * bound, "\(bytes) bytes against \(oneFrameSizedBuffer)")
        #expect(c.protocolErrors.isEmpty, "\(c.protocolErrors)")
    }

    /// What a person sees: the bar's colour, the close cross, the separator under the bar, and
    /// the hairline round the window in the strips, as the frame-sized surface showed them.
    @Test(arguments: [Int32(1), 2])
    func thePartsShowTheTitleBarAndTheHairline(scale: Int32) async throws {
        let h = try await harness(outputScale: scale)
        let c = h.compositor
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            c.shownChromeParts.count == 5 && c.shownChromeParts.allSatisfy { $0.bufferScale == scale }
        }, "\(c.otherSurfaces)")
        let s = Int(scale)
        let bar = try #require(c.chromePart(.titleBar).flatMap { c.pixels(of: $0) })
        #expect(bar.width == 400 * s && bar.height == 40 * s)
        #expect(Colors.matches(bar.pixel(x: 18 * s, y: 8 * s), (0xEB, 0xEB, 0xED), tolerance: 0), "the bar's colour")
        #expect(bar.pixel(x: 18 * s, y: 8 * s).a == 255)
        #expect(Colors.matches(bar.pixel(x: 18 * s, y: 40 * s - 1), (0xD6, 0xD6, 0xD1), tolerance: 0), "the separator")
        var dark = 0
        for y in 0..<(40 * s) { for x in (360 * s)..<(400 * s) where bar.pixel(x: x, y: y).r < 0x80 { dark += 1 } }
        #expect(dark >= 20 * s * s, "the close cross: \(dark) dark pixels")
        var titleInk = 0
        for x in (150 * s)..<(280 * s) where bar.pixel(x: x, y: 20 * s).r < 0x80 { titleInk += 1 }
        #expect(titleInk > 0, "no title across the bar's middle")

        // The strips: the hairline just outside the window, and nothing at the margin's outer edge.
        let left = try #require(c.chromePart(.left).flatMap { c.pixels(of: $0) })
        #expect(left.width == 12 * s && left.height == 300 * s)
        #expect(left.pixel(x: 12 * s - 1, y: 150 * s).a > 60, "the hairline left of the window")
        #expect(left.pixel(x: 0, y: 150 * s).a == 0)
        let top = try #require(c.chromePart(.top).flatMap { c.pixels(of: $0) })
        #expect(top.pixel(x: 200 * s, y: 12 * s - 1).a > 60, "the hairline above the title bar")
        #expect(top.pixel(x: 0, y: 0).a == 0)
    }

    /// The pointer crossing from the title bar onto a strip leaves one surface and enters the
    /// other: the cursor follows the spot on the frame, and a press there resizes.
    @Test func thePointerCrossesFromPartToPart() async throws {
        let h = try await harness()
        let c = h.compositor
        _ = await c.waitUntil(timeout: AppHarness.patience) { c.shownChromeParts.count == 5 }
        let titleBar = try #require(c.chromePart(.titleBar), "\(c.otherSurfaces)")
        let top = try #require(c.chromePart(.top), "\(c.otherSurfaces)")
        #expect(c.pointerEnter(on: titleBar, x: 5, y: 5))
        c.pointerFrame()
        c.pointerMotion(x: 100, y: 2)
        c.pointerFrame()
        // Upwards off the bar, at its left end: the top strip's corner reach.
        #expect(c.pointerEnter(on: top, x: 20, y: 6))
        c.pointerFrame()
        c.pointerButton(pressed: true)
        c.pointerFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.resizeRequests.map(\.edge) == [5] }, "top left: \(c.resizeRequests)")
        c.pointerButton(pressed: false)
        c.pointerFrame()
        #expect(c.pointerEnter(on: top, x: 200, y: 6))
        c.pointerFrame()
        c.pointerButton(pressed: true)
        c.pointerFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.resizeRequests.map(\.edge) == [5, 1] }, "top: \(c.resizeRequests)")
        #expect(c.moveRequests.isEmpty)
        await h.idle()  // a wrong began would be logged by now
        #expect(h.entries(phase: "began").isEmpty, "the frame's pointer reached the canvas")
        #expect(c.protocolErrors.isEmpty, "\(c.protocolErrors)")
    }
}
