import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The app's own chrome (title bar, buttons, edges) through the real binary, on a compositor without a decoration manager
/// (as Mutter and Weston): where it sits, what the compositor is told, and what fingers and the
/// mouse on it ask for. The harness configures 400×300: the window geometry, title bar included.
/// The chrome is five subsurfaces (``ChromeSurfacePart``): points here are in the named part's own
/// coordinates.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct ChromeEndToEndTests {
    /// On the 400×40 title bar of a 400×260 canvas.
    static let titleBar = (x: 88.0, y: 18.0)
    static let closeButton = (x: 400.0 - 20, y: 20.0)
    static let maximizeButton = (x: 400.0 - 60, y: 20.0)
    static let minimizeButton = (x: 400.0 - 100, y: 20.0)
    /// On the right strip (12×300), at the canvas's y 98.
    static let rightMargin = (x: 6.0, y: 138.0)

    func harness(_ extra: [String] = [], outputScale: Int32 = 1) async throws -> AppHarness {
        try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"] + extra, outputScale: outputScale,
                       decorationManager: false)
    }

    /// The frame's part, once it shows a buffer, around the canvas of `width`×`height`.
    func part(_ h: AppHarness, _ part: ChromeSurfacePart, width: Int = 400, height: Int = 260) async throws -> OtherSurface {
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.chromePart(part, width: width, height: height) != nil }
        return try #require(h.compositor.chromePart(part, width: width, height: height),
                            "no \(part): \(h.compositor.otherSurfaces); stderr: \(h.app.standardError)")
    }

    /// The frame's title bar, once it has a buffer.
    func frame(_ h: AppHarness) async throws -> OtherSurface { try await part(h, .titleBar) }

    func tap(_ h: AppHarness, on frame: OtherSurface, _ point: (x: Double, y: Double), id: Int32) {
        #expect(h.compositor.touchDownOnOtherSurface(frame, id: id, x: point.x, y: point.y))
        h.compositor.touchFrame()
        h.compositor.touchUp(id: id)
        h.compositor.touchFrame()
    }

    @Test func framesTheWindowItselfBelowTheContentInPartsSizedToWhatTheyShow() async throws {
        let h = try await harness()
        for name in ChromeSurfacePart.allCases {
            let part = try await part(h, name)
            #expect(part.placedBelowParent, "the canvas must stay on top of its frame's \(name)")
            #expect(part.bufferSize == name.size(width: 400, height: 260) && part.bufferScale == 1, "\(name): \(part)")
        }
        #expect(h.compositor.otherSurfaces.filter { $0.role == .subsurface }.count == 5, "\(h.compositor.otherSurfaces)")
        // 400×40, two 424×12 and two 12×300, where one frame-sized buffer was 424×324.
        #expect(h.compositor.chromeBufferBytes == (400 * 40 + 2 * 424 * 12 + 2 * 12 * 300) * 4)
        let toplevel = try #require(h.compositor.toplevel)
        #expect(toplevel.bufferSize.map { $0 == (400, 260) } == true, "the canvas is the window less its title bar")
        #expect(toplevel.windowGeometry.map { $0 == (0, -40, 400, 300) } == true,
                "\(String(describing: toplevel.windowGeometry))")
        #expect(toplevel.minSize.width == 320 && toplevel.minSize.height == 280, "the scenes' minimum plus the title bar")
        #expect(toplevel.title == "TouchCanvas — spots")
        #expect(!toplevel.hasDecorationObject)
        #expect(h.compositor.protocolErrors.isEmpty, "\(h.compositor.protocolErrors)")
    }

    @Test func aFingerOnTheContentStillLandsUnderItself() async throws {
        let h = try await harness()
        _ = try await frame(h)
        // Window coordinates: the canvas starts under the 40 px title bar.
        h.compositor.touchDown(id: 1, x: 100, y: 140)
        h.compositor.touchFrame()
        await h.waitForLog { !$0.entries(phase: "began").isEmpty }
        let began = try #require(h.entries(phase: "began").first)
        #expect(began["x"] as? Double == 100 && began["y"] as? Double == 100)
    }

    @Test func aFingerDraggingTheTitleBarMovesTheWindowAndDrawsNothing() async throws {
        let h = try await harness()
        let frame = try await frame(h)
        h.compositor.cancelsTouchesOnMove = true  // as Mutter answers a move
        #expect(h.compositor.touchDownOnOtherSurface(frame, id: 7, x: Self.titleBar.x, y: Self.titleBar.y))
        h.compositor.touchFrame()
        await h.idle()
        #expect(h.compositor.moveRequests.isEmpty, "a press alone is no move: it may be a tap")
        h.compositor.touchMotion(id: 7, x: Self.titleBar.x + 30, y: Self.titleBar.y + 5)
        h.compositor.touchFrame()
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !h.compositor.moveRequests.isEmpty })
        #expect(h.compositor.moveRequests.map(\.touchID) == [7], "the move quotes that finger's down")
        await h.idle()  // a wrong began or anomaly would show by now
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.app.standardError.contains("frame: move requested for touch 1 (touch id 7") }
        #expect(h.entries(phase: "began").isEmpty, "the frame's touch reached the canvas")
        #expect(h.anomalies().isEmpty, "the move's cancel is the frame's, not a cancel of nothing: \(h.anomalies())")
        #expect(h.app.standardError.contains("frame: move requested for touch 1 (touch id 7"))
    }

    @Test func aFingerOnTheMarginResizesFromThatEdge() async throws {
        let h = try await harness()
        let right = try await part(h, .right)
        #expect(h.compositor.touchDownOnOtherSurface(right, id: 3, x: Self.rightMargin.x, y: Self.rightMargin.y))
        h.compositor.touchFrame()
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !h.compositor.resizeRequests.isEmpty })
        #expect(h.compositor.resizeRequests.map(\.edge) == [8], "xdg_toplevel.resize_edge right")
        #expect(h.compositor.resizeRequests.map(\.touchID) == [3])
        // The bottom strip's right end is the bottom-right corner: the strip's point is the
        // frame's (420, 358), as on the one frame-sized surface before.
        #expect(await h.compositor.touchDownOnOtherSurface(try part(h, .bottom), id: 4, x: 420, y: 6))
        h.compositor.touchFrame()
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.resizeRequests.count == 2 })
        #expect(h.compositor.resizeRequests.last?.edge == 10, "bottom right")
    }

    /// Every strip and both ends of each: xdg_toplevel.resize_edge top 1, bottom 2, left 4,
    /// top-left 5, bottom-left 6, right 8, top-right 9, bottom-right 10.
    @Test func eachStripResizesFromItsEdgeAndItsCornersDiagonally() async throws {
        let h = try await harness()
        let presses: [(ChromeSurfacePart, Double, Double, UInt32)] = [
            (.top, 200, 6, 1), (.top, 5, 5, 5), (.top, 418, 6, 9),
            (.bottom, 200, 6, 2), (.bottom, 5, 6, 6), (.bottom, 420, 6, 10),
            (.left, 6, 150, 4), (.left, 6, 4, 5), (.left, 6, 296, 6),
            (.right, 6, 150, 8), (.right, 6, 4, 9), (.right, 6, 296, 10),
        ]
        for (index, (name, x, y, _)) in presses.enumerated() {
            let id = Int32(index + 1)
            #expect(await h.compositor.touchDownOnOtherSurface(try part(h, name), id: id, x: x, y: y))
            h.compositor.touchFrame()
            #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.resizeRequests.count == index + 1 },
                    "\(name) at \(x), \(y): \(h.compositor.resizeRequests)")
            h.compositor.touchUp(id: id)
            h.compositor.touchFrame()
        }
        #expect(h.compositor.resizeRequests.map(\.edge) == presses.map(\.3))
        #expect(h.compositor.resizeRequests.map(\.touchID) == presses.indices.map { Int32($0 + 1) })
    }

    @Test func theCloseButtonClosesAndSaves() async throws {
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("tc-frame-close-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let h = try await harness(["--save-on-exit", png])
        let frame = try await frame(h)
        tap(h, on: frame, Self.closeButton, id: 2)
        var status: Int32?
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            status = h.app.exitStatus
            return status != nil
        }
        #expect(status == 0, "stderr: \(h.app.standardError)")
        #expect(FileManager.default.fileExists(atPath: png))
    }

    /// Mutter ends a tap with an up and no frame: the button must still hear it.
    @Test func aTapEndedWithoutAFrameStillPressesTheButton() async throws {
        let h = try await harness()
        let frame = try await frame(h)
        #expect(h.compositor.touchDownOnOtherSurface(frame, id: 5, x: Self.closeButton.x, y: Self.closeButton.y))
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 5)
        var status: Int32?
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            status = h.app.exitStatus
            return status != nil
        }
        #expect(status == 0, "stderr: \(h.app.standardError)")
    }

    @Test func theMaximiseButtonMaximisesAndRestores() async throws {
        let h = try await harness()
        let frame = try await frame(h)
        tap(h, on: frame, Self.maximizeButton, id: 1)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.maximizeRequests == [true] })
        // The compositor answers: maximised, the frame loses its margin: the strips go and
        // the title bar is the window's width.
        h.compositor.configure(width: 1000, height: 700, maximized: true)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            h.compositor.shownChromeParts.map(\.bufferSize) == [BufferSize(width: 1000, height: 40)]
        }, "\(h.compositor.otherSurfaces)")
        let maximised = try #require(h.compositor.shownChromeParts.first)
        #expect(maximised.objectID == frame.objectID && maximised.subsurfacePosition == SubsurfacePosition(x: 0, y: -40))
        #expect(h.compositor.toplevel?.bufferSize.map { $0 == (1000, 660) } == true)
        // The button is now at the right of a 1000-wide bar.
        tap(h, on: maximised, (x: 1000 - 60, y: 20), id: 2)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.maximizeRequests == [true, false] })
        // Restored, the strips come back round the floating window.
        h.compositor.configure(width: 400, height: 300)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.shownChromeParts.count == 5 }, "\(h.compositor.otherSurfaces)")
        _ = try await part(h, .right)
    }

    @Test func aDoubleTapOnTheTitleBarMaximisesAndMinimiseAsks() async throws {
        let h = try await harness()
        let frame = try await frame(h)
        tap(h, on: frame, Self.titleBar, id: 1)
        tap(h, on: frame, (x: Self.titleBar.x + 3, y: Self.titleBar.y + 2), id: 2)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.maximizeRequests == [true] })
        #expect(h.compositor.moveRequests.isEmpty)
        tap(h, on: frame, Self.minimizeButton, id: 3)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.minimizeRequests == 1 })
    }

    @Test func theMouseMovesAndResizesThroughTheFrame() async throws {
        let h = try await harness()
        let frame = try await frame(h)
        let c = h.compositor
        #expect(c.pointerEnter(on: frame, x: Self.titleBar.x, y: Self.titleBar.y))
        c.pointerFrame()
        c.pointerButton(pressed: true)
        c.pointerFrame()
        c.pointerMotion(x: Self.titleBar.x + 20, y: Self.titleBar.y + 10)
        c.pointerFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.moveRequests.count == 1 })
        #expect(c.moveRequests.first?.touchID == nil, "a button's serial, not a touch's")
        c.pointerButton(pressed: false)
        c.pointerFrame()
        #expect(await c.pointerEnter(on: try part(h, .left), x: 5, y: 138))
        c.pointerFrame()
        c.pointerButton(pressed: true)
        c.pointerFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.resizeRequests.map(\.edge) == [4] }, "left edge: \(c.resizeRequests)")
        await h.idle()
        #expect(h.entries(phase: "began").isEmpty, "the frame's pointer reached the canvas")
    }

    @Test func fullscreenHidesTheChromeAndGivesTheContentTheWholeOutput() async throws {
        let h = try await harness()
        _ = try await frame(h)
        h.compositor.tapKey(WindowManagementEndToEndTests.keyF11)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            guard let t = h.compositor.toplevel, t.configuredFullscreen else { return false }
            return t.bufferSize.map { $0 == (1920, 1080) } == true && h.compositor.shownChromeParts.isEmpty
        }, "\(String(describing: h.compositor.toplevel?.bufferSize)) \(h.compositor.otherSurfaces)")
        #expect(h.compositor.toplevel?.windowGeometry.map { $0 == (0, 0, 1920, 1080) } == true)
        h.compositor.tapKey(WindowManagementEndToEndTests.keyF11)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            h.compositor.shownChromeParts.count == 5 && h.compositor.toplevel?.windowGeometry.map { $0.y == -40 } == true
        }, "\(h.compositor.otherSurfaces)")
        #expect(h.compositor.protocolErrors.isEmpty, "\(h.compositor.protocolErrors)")
    }

    /// At a fractional 1.5 each part is drawn at 1.5 times its logical size and shown at that
    /// size through its viewport, like the canvas.
    @Test func atAFractionalScaleTheFrameUsesItsViewport() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots"], fractionalScale: 1.5, decorationManager: false)
        for name in ChromeSurfacePart.allCases {
            let logical = name.size(width: 400, height: 260)
            let drawn = BufferSize(width: logical.width * 3 / 2, height: logical.height * 3 / 2)
            #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.chromePart(name)?.bufferSize == drawn },
                    "\(name): \(h.compositor.otherSurfaces)")
            let scaled = try await part(h, name)
            #expect(scaled.viewportDestination == logical && scaled.bufferScale == 1, "\(name): \(scaled)")
        }
        #expect(h.compositor.toplevel?.viewportDestination.map { $0 == (400, 260) } == true)
    }

    /// At scale 2 the title bar is 800×80 pixels, the strips twice as thick.
    @Test func atScaleTwoTheFrameIsDrawnAtTwice() async throws {
        let h = try await harness(outputScale: 2)
        for name in ChromeSurfacePart.allCases {
            let logical = name.size(width: 400, height: 260)
            #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.chromePart(name)?.bufferScale == 2 }, "\(name)")
            let scaled = try await part(h, name)
            #expect(scaled.bufferSize == BufferSize(width: logical.width * 2, height: logical.height * 2), "\(name): \(scaled)")
        }
        #expect(try await part(h, .titleBar).bufferSize == BufferSize(width: 800, height: 80))
    }

    /// A configure wider than the output (1920×1080 pixels, the most logical pixels it shows at
    /// any scale), frame included: the window is held to that, title bar and all, and the app
    /// goes on.
    @Test(arguments: [(Int32(1), Int32(20000)), (2, 9000)])
    func aHugeConfigureIsHeldToTheOutput(scale: Int32, width: Int32) async throws {
        let h = try await harness(outputScale: scale)
        let frame = try await frame(h)
        let c = h.compositor
        c.configure(width: width, height: 400)
        let content = 1920
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.toplevel?.bufferSize.map { $0 == (content * Int(scale), 360 * Int(scale)) } == true },
                "\(String(describing: c.toplevel?.bufferSize)); stderr: \(h.app.standardError)")
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            c.otherSurfaces.first { $0.objectID == frame.objectID }?.bufferSize
                == BufferSize(width: content * Int(scale), height: 40 * Int(scale))
                && c.chromePart(.bottom, width: content, height: 360)?.bufferSize
                == BufferSize(width: (content + 24) * Int(scale), height: 12 * Int(scale))
        }, "\(c.otherSurfaces)")
        #expect(c.toplevel?.windowGeometry.map { $0 == (0, -40, Int32(content), 400) } == true,
                "\(String(describing: c.toplevel?.windowGeometry))")
        // Still drawing: a finger on the canvas begins a touch.
        c.touchDown(id: 1, x: 100, y: 140)
        c.touchFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !h.entries(phase: "began").isEmpty })
        #expect(h.app.isRunning, "stderr: \(h.app.standardError)")
        #expect(c.protocolErrors.isEmpty, "\(c.protocolErrors)")
    }

    /// A compositor slow to hand the frame's buffers back: the change that found none free is
    /// drawn when one comes back, not at the next input.
    @Test func aFrameChangeWaitingForABufferIsDrawnWhenOneComesBack() async throws {
        let h = try await harness()
        let frame = try await frame(h)
        let c = h.compositor
        c.holdsSubsurfaceBuffers = true
        func frameWidth() -> Int? { c.otherSurfaces.first { $0.objectID == frame.objectID }?.bufferSize?.width }
        for width in [410, 420, 430, 440] {
            c.configure(width: Int32(width), height: 300)
            #expect(await c.waitUntil(timeout: AppHarness.patience) { c.toplevel?.bufferSize.map { $0.width == width } == true })
        }
        await h.idle()
        #expect(frameWidth() != 440, "the title bar's buffers were not all held: \(c.otherSurfaces)")
        c.releaseHeldBuffers()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { frameWidth() == 440 }, "\(c.otherSurfaces)")
    }

    /// xdg-decoration lets the compositor take decorations back at any time: then our frame goes,
    /// and the window is the canvas alone again.
    @Test func theCompositorTakingDecorationsBackRemovesTheAppsFrame() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"])
        let c = h.compositor
        c.changeDecorationMode(1)
        _ = try await frame(h)
        #expect(await c.waitUntil(timeout: AppHarness.patience) { c.toplevel?.windowGeometry.map { $0 == (0, -40, 400, 300) } == true })
        c.changeDecorationMode(2)
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !c.otherSurfaces.contains { $0.role == .subsurface } }, "\(c.otherSurfaces)")
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            c.toplevel?.windowGeometry.map { $0 == (0, 0, 400, 300) } == true
                && c.toplevel?.bufferSize.map { $0 == (400, 300) } == true
        }, "\(String(describing: c.toplevel?.windowGeometry)) \(String(describing: c.toplevel?.bufferSize))")
        #expect(c.toplevel?.minSize.height == 240)
        // A finger at window y 100 is at canvas y 100 again.
        c.touchDown(id: 1, x: 100, y: 100)
        c.touchFrame()
        #expect(await c.waitUntil(timeout: AppHarness.patience) { h.entries(phase: "began").first?["y"] as? Double == 100 })
        #expect(c.protocolErrors.isEmpty, "\(c.protocolErrors)")
    }
}
