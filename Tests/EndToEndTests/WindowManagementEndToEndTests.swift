import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// Decorations, fullscreen and the minimum size, as the compositor sees them.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct WindowManagementEndToEndTests {
    static let serverSide: UInt32 = 2
    static let keyF11: UInt32 = 87

    @Test func asksForServerSideDecorationsWhenOffered() async throws {
        let h = try await AppHarness()
        let toplevel = try #require(h.compositor.toplevel)
        #expect(toplevel.hasDecorationObject)
        #expect(toplevel.requestedDecorationMode == Self.serverSide)
        #expect(toplevel.configuredDecorationMode == Self.serverSide)
        #expect(h.compositor.protocolErrors.isEmpty)
        #expect(!h.app.standardError.contains("decoration"), "no note when the compositor draws the frame")
    }

    /// The compositor may answer the server-side request with client-side: the app then draws
    /// its own frame from the next configure on.
    @Test func aClientSideAnswerBringsTheAppsOwnFrame() async throws {
        let h = try await AppHarness()
        h.compositor.changeDecorationMode(1)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            guard let t = h.compositor.toplevel else { return false }
            return t.configuredDecorationMode == 1 && t.lastAckedSerial == t.lastConfigureSerial
        })
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            h.compositor.otherSurfaces.contains { $0.role == .subsurface && $0.hasBuffer }
        }, "no frame subsurface: \(h.compositor.otherSurfaces); stderr: \(h.app.standardError)")
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.toplevel?.windowGeometry.map { $0.y == -40 } == true })
        #expect(h.compositor.toplevel?.minSize.height == 280)
        #expect(h.compositor.protocolErrors.isEmpty)
    }

    @Test func setsItsMinimumSize() async throws {
        let h = try await AppHarness()
        let toplevel = try #require(h.compositor.toplevel)
        #expect(toplevel.minSize.width == 320 && toplevel.minSize.height == 240)
    }

    @Test func noDecorationsAskedForWhenToldNone() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--decorations", "none"])
        let toplevel = try #require(h.compositor.toplevel)
        #expect(!toplevel.hasDecorationObject)
        #expect(toplevel.minSize.width == 320 && toplevel.minSize.height == 240)
    }

    @Test func forcingServerSideWithoutAManagerIsANoteAndABareWindow() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--decorations", "server"], decorationManager: false)
        let toplevel = try #require(h.compositor.toplevel)
        #expect(!toplevel.hasDecorationObject)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.app.standardError.contains("no server-side decorations") })
    }

    @Test func f11TogglesFullscreenFollowingTheConfigures() async throws {
        let h = try await AppHarness()
        h.compositor.tapKey(Self.keyF11)
        let full = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            guard let t = h.compositor.toplevel else { return false }
            return t.fullscreenRequested && t.configuredFullscreen && t.bufferSize.map { $0 == (1920, 1080) } == true
        }
        #expect(full, "fullscreen at the output's size: \(String(describing: h.compositor.toplevel?.bufferSize))")
        h.compositor.tapKey(Self.keyF11)
        let back = await h.compositor.waitUntil(timeout: AppHarness.patience) {
            guard let t = h.compositor.toplevel else { return false }
            return !t.fullscreenRequested && !t.configuredFullscreen && t.bufferSize.map { $0 == (400, 300) } == true
        }
        #expect(back, "back to the floating size: \(String(describing: h.compositor.toplevel?.bufferSize))")
        #expect(h.compositor.protocolErrors.isEmpty)
    }

    /// A compositor that leaves fullscreen on its own (a configure without the state): the next
    /// F11 asks to enter it again rather than to leave it.
    @Test func fullscreenStateComesFromTheConfigure() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--fullscreen"], size: nil)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.toplevel?.configuredFullscreen == true })
        h.compositor.configure(width: 500, height: 400, fullscreen: false)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.toplevel?.bufferSize.map { $0 == (500, 400) } == true })
        h.compositor.tapKey(Self.keyF11)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.toplevel?.configuredFullscreen == true })
    }
}

/// `--decorations libdecor`: libdecor's frame (its cairo plugin draws the title bar on
/// subsurfaces of the canvas surface). Needs libdecor's plugin installed.
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct LibdecorEndToEndTests {
    /// libdecor's subsurfaces, once its plugin has made them.
    static func decorationSurfaces(_ h: AppHarness) -> [OtherSurface] {
        h.compositor.otherSurfaces.filter { $0.role == .subsurface }
    }

    @Test func libdecorFramesTheWindow() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases", "--decorations", "libdecor"], decorationManager: false)
        let toplevel = try #require(h.compositor.toplevel)
        #expect(toplevel.title == "TouchCanvas — spots")
        #expect(toplevel.appID == "touchcanvas")
        #expect(!toplevel.hasDecorationObject)
        // libdecor asks for the content's minimum plus its frame.
        #expect(toplevel.minSize.width >= 320 && toplevel.minSize.height >= 240)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !Self.decorationSurfaces(h).isEmpty },
                "libdecor made no subsurfaces: \(h.compositor.otherSurfaces)")
        #expect(h.compositor.protocolErrors.isEmpty, "\(h.compositor.protocolErrors)")
    }

    /// libdecor 0.1.1 ignores touch on its frame; the app makes a finger there move the window.
    @Test func aTouchOnTheTitleBarMovesTheWindowDrawsNothingAndIsNoAnomaly() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases", "--decorations", "libdecor"], decorationManager: false)
        // As Mutter does: the move takes the touch back with wl_touch.cancel, which must not
        // reach the views as a cancel of nothing.
        h.compositor.cancelsTouchesOnMove = true
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !Self.decorationSurfaces(h).isEmpty })
        let titleBar = try #require(Self.decorationSurfaces(h).first)
        #expect(h.compositor.touchDownOnOtherSurface(titleBar, id: 7, x: 20, y: 10))
        h.compositor.touchFrame()
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !h.compositor.moveRequests.isEmpty })
        #expect(h.compositor.moveRequests.map(\.touchID) == [7], "an interactive move quoting that touch's down")
        h.compositor.touchMotion(id: 7, x: 40, y: 12)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 7)
        h.compositor.touchFrame()
        await h.idle()  // a wrong began or anomaly would be logged by now
        #expect(h.entries(phase: "began").isEmpty, "the title bar's touch reached the views")
        #expect(h.anomalies().isEmpty, "libdecor's own surfaces are not a compositor fault: \(h.anomalies())")
        // The canvas still takes touches.
        h.compositor.touchDown(id: 8, x: 150, y: 120)
        h.compositor.touchFrame()
        h.compositor.touchUp(id: 8)
        h.compositor.touchFrame()
        await h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
        #expect(h.phases(ofTouch: 1) == ["began", "ended"], "the first touch the views saw is the canvas's")
    }

    /// Two quick taps on the frame maximise, as a double click on a title bar does; the second
    /// starts no move. A slow second tap is another move.
    @Test func aDoubleTapOnTheFrameMaximises() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases", "--decorations", "libdecor"], decorationManager: false)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !Self.decorationSurfaces(h).isEmpty })
        let titleBar = try #require(Self.decorationSurfaces(h).first)
        h.compositor.freezesEventTime = true
        for (id, time) in [(Int32(1), UInt32(1000)), (2, 1200)] {
            h.compositor.eventTime = time
            #expect(h.compositor.touchDownOnOtherSurface(titleBar, id: id, x: 60, y: 12))
            h.compositor.touchFrame()
            h.compositor.touchUp(id: id)
            h.compositor.touchFrame()
            await h.roundtrip()  // each tap handled in turn
        }
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !h.compositor.maximizeRequests.isEmpty })
        #expect(h.compositor.maximizeRequests == [true])
        #expect(h.compositor.moveRequests.count == 1, "only the first tap asked for a move")
        h.compositor.eventTime = 3000
        #expect(h.compositor.touchDownOnOtherSurface(titleBar, id: 3, x: 60, y: 12))
        h.compositor.touchFrame()
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.moveRequests.count == 2 })
        #expect(h.compositor.maximizeRequests == [true])
        #expect(h.entries(phase: "began").isEmpty)
    }

    @Test func theRawLogNamesTheFrameAsDecoration() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "raw", "--decorations", "libdecor"], decorationManager: false)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { !Self.decorationSurfaces(h).isEmpty })
        let titleBar = try #require(Self.decorationSurfaces(h).first)
        #expect(h.compositor.touchDownOnOtherSurface(titleBar, id: 3, x: 20, y: 10))
        h.compositor.touchFrame()
        await h.waitForLog { $0.contains { ($0["event"] as? String) == "down" } }
        await h.idle()  // an anomaly would be logged by now
        let downs = h.logLines.filter { ($0["event"] as? String) == "down" }
        #expect(downs.compactMap { $0["surface"] as? String } == ["decoration"])
        #expect(h.anomalies().isEmpty)
    }

    @Test func closeFromTheCompositorEndsTheAppWithStatusZero() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases", "--decorations", "libdecor"], decorationManager: false)
        h.compositor.close()
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.app.exitStatus != nil })
        #expect(h.app.exitStatus == 0)
    }

    /// libdecor 0.1.1 crashes on a fullscreen request before its toplevel exists; the wish is
    /// sent at the first configure instead.
    @Test func fullscreenFromTheStartAndF11() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--fullscreen", "--decorations", "libdecor"], size: nil, decorationManager: false)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            h.compositor.toplevel.map { $0.configuredFullscreen && $0.bufferSize.map { $0 == (1920, 1080) } == true } == true
        }, "\(String(describing: h.compositor.toplevel?.bufferSize)); stderr: \(h.app.standardError)")
        h.compositor.tapKey(WindowManagementEndToEndTests.keyF11)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            h.compositor.toplevel.map { !$0.fullscreenRequested && !$0.configuredFullscreen } == true
        })
        h.compositor.tapKey(WindowManagementEndToEndTests.keyF11)
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.toplevel?.configuredFullscreen == true })
        #expect(h.app.isRunning)
        #expect(h.compositor.protocolErrors.isEmpty, "\(h.compositor.protocolErrors)")
    }
}
