import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The pointer's cursor through the real binary: which image of the user's theme the app shows
/// (`XCURSOR_THEME`, `XCURSOR_SIZE`), at what scale, with what hotspot, over the content and over
/// the app's own frame. The expected images are read from the theme's files, so the tests say
/// "the crosshair at 32 px" rather than repeat numbers from Adwaita.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct CursorEndToEndTests {
    static let themeDirectory = "/usr/share/icons/Adwaita/cursors"

    func harness(size: String, outputScale: Int32 = 1, ownChrome: Bool = false,
                 seats: [String] = ["seat0"]) async throws -> AppHarness {
        #expect(FileManager.default.fileExists(atPath: Self.themeDirectory),
                "the Adwaita cursor theme is missing: scripts/install-deps.sh --test installs it")
        return try await AppHarness(outputScale: outputScale, seats: seats,
                              extraEnvironment: ["XCURSOR_THEME": "Adwaita", "XCURSOR_SIZE": size],
                              decorationManager: !ownChrome)
    }

    /// The image the theme has for `name` at `size` pixels.
    func themeImage(_ name: String, size: Int) throws -> XcursorImage {
        let path = "\(Self.themeDirectory)/\(name)"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(XcursorImage.images(in: data).first { $0.nominalSize == size },
                            "\(path) has no \(size) px image")
    }

    /// The last cursor the app set, once there are `count` of them, with its surface.
    func cursor(_ h: AppHarness, count: Int) async throws -> (request: CursorRequest, surface: OtherSurface) {
        let c = h.compositor
        _ = await c.waitUntil(timeout: AppHarness.patience) {
            c.cursorRequests.count >= count
                && c.otherSurfaces.contains { $0.role == .cursor && $0.hasBuffer }
        }
        let request = try #require(c.cursorRequests.count >= count ? c.cursorRequests.last : nil,
                                   "\(c.cursorRequests.count) set_cursor requests; stderr: \(h.app.standardError)")
        let surface = try #require(c.otherSurfaces.first { $0.objectID == request.surfaceID })
        return (request, surface)
    }

    /// What `set_cursor` and the cursor surface should say for `image` at buffer scale `scale`.
    func expect(_ shown: (request: CursorRequest, surface: OtherSurface), is image: XcursorImage, scale: Int32,
                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(shown.request.obeyed, "set_cursor quoted serial \(shown.request.serial), not the enter's",
                sourceLocation: sourceLocation)
        #expect(shown.surface.role == .cursor, sourceLocation: sourceLocation)
        #expect(shown.surface.bufferSize == BufferSize(width: image.width, height: image.height),
                "\(String(describing: shown.surface.bufferSize))", sourceLocation: sourceLocation)
        #expect(shown.surface.bufferScale == scale, sourceLocation: sourceLocation)
        // The hotspot is in the surface's logical coordinates: the image's, divided by its scale.
        #expect(shown.request.hotspotX == Int32(image.hotspotX) / scale
                    && shown.request.hotspotY == Int32(image.hotspotY) / scale,
                "hotspot \(shown.request.hotspotX),\(shown.request.hotspotY) for \(image)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [("32", 32), ("48", 48), ("9999", 24), ("big", 24)])
    func theContentShowsTheThemesCrosshairAtTheAskedSize(asked: String, pixels: Int) async throws {
        let h = try await harness(size: asked)
        h.compositor.pointerEnter(x: 100, y: 100)
        h.compositor.pointerFrame()
        expect(try await cursor(h, count: 1), is: try themeImage("crosshair", size: pixels), scale: 1)
        #expect(h.compositor.protocolErrors.isEmpty, "\(h.compositor.protocolErrors)")
    }

    @Test func atScaleTwoTheCursorIsLoadedAtTwiceTheSizeAndShownAtScaleTwo() async throws {
        let h = try await harness(size: "32", outputScale: 2)
        // Let the app see the output's scale before the pointer comes.
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.toplevel?.bufferSize.map { $0 == (800, 600) } == true }
        h.compositor.pointerEnter(x: 100, y: 100)
        h.compositor.pointerFrame()
        expect(try await cursor(h, count: 1), is: try themeImage("crosshair", size: 64), scale: 2)
    }

    @Test func theFrameShowsResizeArrowsOnItsMarginAndTheArrowOnItsTitleBar() async throws {
        let h = try await harness(size: "32", ownChrome: true)
        let c = h.compositor
        _ = await c.waitUntil(timeout: AppHarness.patience) { c.shownChromeParts.count == 5 }
        let right = try #require(c.chromePart(.right), "\(c.otherSurfaces)")
        let titleBar = try #require(c.chromePart(.titleBar), "\(c.otherSurfaces)")
        let bottom = try #require(c.chromePart(.bottom), "\(c.otherSurfaces)")

        #expect(c.pointerEnter(on: right, x: ChromeEndToEndTests.rightMargin.x, y: ChromeEndToEndTests.rightMargin.y))
        c.pointerFrame()
        expect(try await cursor(h, count: 1), is: try themeImage("right_side", size: 32), scale: 1)

        // From the right strip onto the title bar: another surface of the frame.
        #expect(c.pointerEnter(on: titleBar, x: ChromeEndToEndTests.titleBar.x, y: ChromeEndToEndTests.titleBar.y))
        c.pointerFrame()
        expect(try await cursor(h, count: 2), is: try themeImage("left_ptr", size: 32), scale: 1)

        // Moving within the title bar keeps the arrow: no new request for the same image.
        c.pointerMotion(x: ChromeEndToEndTests.titleBar.x + 30, y: ChromeEndToEndTests.titleBar.y)
        c.pointerFrame()
        await h.idle()  // a new request would have come by now
        #expect(c.cursorRequests.count == 2, "\(c.cursorRequests)")

        // Bottom-right corner of the 400×300 window: the right end of the 424-wide bottom strip.
        #expect(c.pointerEnter(on: bottom, x: 12 + 400 + 6, y: 6))
        c.pointerFrame()
        expect(try await cursor(h, count: 3), is: try themeImage("bottom_right_corner", size: 32), scale: 1)

        // Leaving and coming back to the same spot: the cursor is set again, as after any enter.
        c.pointerLeave()
        #expect(c.pointerEnter(on: bottom, x: 12 + 400 + 6, y: 6))
        c.pointerFrame()
        expect(try await cursor(h, count: 4), is: try themeImage("bottom_right_corner", size: 32), scale: 1)

        // Back on the canvas: the crosshair again.
        c.pointerEnter(x: 200, y: 150)
        c.pointerFrame()
        expect(try await cursor(h, count: 5), is: try themeImage("crosshair", size: 32), scale: 1)
        #expect(c.protocolErrors.isEmpty, "\(c.protocolErrors)")
    }

    /// A cursor surface shows one image: two mice sharing one, the second reaching the frame's
    /// edge would turn the first one's crosshair into a resize arrow. Each seat has its own.
    @Test func eachSeatsPointerHasItsOwnCursor() async throws {
        let h = try await harness(size: "32", ownChrome: true, seats: ["seat0", "seat1"])
        let c = h.compositor
        _ = await c.waitUntil(timeout: AppHarness.patience) { c.shownChromeParts.count == 5 }
        let right = try #require(c.chromePart(.right), "\(c.otherSurfaces)")

        c.pointerEnter(x: 200, y: 150, seat: "seat1")
        c.pointerFrame(seat: "seat1")
        let crosshair = try await cursor(h, count: 1)
        expect(crosshair, is: try themeImage("crosshair", size: 32), scale: 1)
        #expect(c.pointerEnter(on: right, x: ChromeEndToEndTests.rightMargin.x,
                               y: ChromeEndToEndTests.rightMargin.y, seat: "seat0"))
        c.pointerFrame(seat: "seat0")
        let arrow = try await cursor(h, count: 2)
        expect(arrow, is: try themeImage("right_side", size: 32), scale: 1)
        #expect(crosshair.request.seat == "seat1" && arrow.request.seat == "seat0")
        #expect(arrow.request.surfaceID != crosshair.request.surfaceID,
                "seat0's arrow went on seat1's cursor surface: \(c.cursorRequests)")
        #expect(c.protocolErrors.isEmpty, "\(c.protocolErrors)")
    }
}

/// One image of an Xcursor file (the format of cursor themes): its nominal size, pixel size and
/// hotspot, read from the file's table of contents and image headers (little-endian).
struct XcursorImage: CustomStringConvertible {
    let nominalSize: Int
    let width: Int
    let height: Int
    let hotspotX: Int
    let hotspotY: Int

    var description: String { "\(width)×\(height) hotspot \(hotspotX),\(hotspotY)" }

    static func images(in data: Data) -> [XcursorImage] {
        let bytes = [UInt8](data)
        func word(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        guard bytes.starts(with: Array("Xcur".utf8)), let count = word(12) else { return [] }
        let imageType = 0xfffd_0002
        return (0..<count).compactMap { entry in
            let toc = 16 + entry * 12
            guard word(toc) == imageType, let position = word(toc + 8),
                  let size = word(position + 8), let width = word(position + 16), let height = word(position + 20),
                  let x = word(position + 24), let y = word(position + 28) else { return nil }
            return XcursorImage(nominalSize: size, width: width, height: height, hotspotX: x, hotspotY: y)
        }
    }
}
