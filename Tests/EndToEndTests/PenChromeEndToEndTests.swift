import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// A pen on the app's own title bar, edges and buttons, and on the inspect scene's move handle,
/// works the window as a finger does: the move or resize quotes the serial of the tool's `down`,
/// the close button closes, and nothing reaches the canvas. Chrome points are in the named
/// part's own coordinates (``ChromeEndToEndTests`` has the layout: a 400×300 window, a 400×40
/// title bar).
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct PenChromeEndToEndTests {
    struct Pen {
        let tablet: TabletHandle
        let tool: TabletToolHandle
    }

    func harness(_ extra: [String] = []) async throws -> AppHarness {
        try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"] + extra, decorationManager: false)
    }

    func pen(_ h: AppHarness) async throws -> Pen {
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.tabletSeatCount == 1 }
        let tablet = try #require(h.compositor.addTablet(name: "Test Tablet"))
        let tool = try #require(h.compositor.addTabletTool(.pen, hardwareSerial: 7, capabilities: .pen))
        await h.roundtrip()
        return Pen(tablet: tablet, tool: tool)
    }

    func part(_ h: AppHarness, _ part: ChromeSurfacePart) async throws -> OtherSurface {
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.chromePart(part, width: 400, height: 260) != nil }
        return try #require(h.compositor.chromePart(part, width: 400, height: 260), "no \(part): \(h.app.standardError)")
    }

    /// In range over `surface` at `point`, then the tip down: a frame after each.
    func press(_ h: AppHarness, _ pen: Pen, on surface: OtherSurface, at point: (x: Double, y: Double)) {
        let c = h.compositor
        #expect(c.tabletToolProximityIn(pen.tool, tablet: pen.tablet, on: surface, x: point.x, y: point.y))
        c.tabletToolFrame(pen.tool)
        c.tabletToolDown(pen.tool)
        c.tabletToolFrame(pen.tool)
    }

    @Test func aPenDraggingTheTitleBarMovesTheWindowQuotingItsDown() async throws {
        let h = try await harness()
        let pen = try await pen(h)
        let c = h.compositor
        press(h, pen, on: try await part(h, .titleBar), at: ChromeEndToEndTests.titleBar)
        await h.idle()
        #expect(c.moveRequests.isEmpty, "a press alone is no move: it may be a tap")
        c.tabletToolMotion(pen.tool, x: ChromeEndToEndTests.titleBar.x + 30, y: ChromeEndToEndTests.titleBar.y + 5)
        c.tabletToolFrame(pen.tool)
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !c.moveRequests.isEmpty }, "stderr: \(h.app.standardError)")
        let down = try #require(c.tabletToolStatus(pen.tool)?.downSerial)
        #expect(c.moveRequests.map(\.serial) == [down] && c.moveRequests.map(\.seat) == ["seat0"])
        c.tabletToolUp(pen.tool)
        c.tabletToolFrame(pen.tool)
        c.tabletToolProximityOut(pen.tool)
        c.tabletToolFrame(pen.tool)
        await h.idle()
        #expect(h.entries(phase: "began").isEmpty, "the chrome's pen reached the canvas: \(h.logLines)")
        #expect(h.anomalies().isEmpty, "\(h.anomalies())")
    }

    @Test func aPenOnAnEdgeResizesFromIt() async throws {
        let h = try await harness()
        let pen = try await pen(h)
        let c = h.compositor
        press(h, pen, on: try await part(h, .right), at: ChromeEndToEndTests.rightMargin)
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !c.resizeRequests.isEmpty }, "stderr: \(h.app.standardError)")
        let down = try #require(c.tabletToolStatus(pen.tool)?.downSerial)
        #expect(c.resizeRequests.map(\.edge) == [8], "xdg_toplevel.resize_edge right")
        #expect(c.resizeRequests.map(\.serial) == [down])
    }

    @Test func aPenTapOnTheCloseButtonCloses() async throws {
        let h = try await harness()
        let pen = try await pen(h)
        let c = h.compositor
        press(h, pen, on: try await part(h, .titleBar), at: ChromeEndToEndTests.closeButton)
        c.tabletToolUp(pen.tool)
        c.tabletToolFrame(pen.tool)
        var status: Int32?
        _ = await c.waitUntil(timeout: AppHarness.patience) {
            status = h.app.exitStatus
            return status != nil
        }
        #expect(status == 0, "stderr: \(h.app.standardError)")
    }

    /// The inspect scene's handle (140×32 at the top right of a 700×500 window, 8 px in): the
    /// pen's press starts the move, quoting the tool's down.
    @Test func aPenOnTheInspectScenesHandleMovesTheWindow() async throws {
        let h = try await AppHarness(arguments: ["--scene", "inspect"], size: (700, 500))
        let pen = try await pen(h)
        let c = h.compositor
        c.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 700 - 8 - 70, y: 8 + 16)
        c.tabletToolFrame(pen.tool)
        c.tabletToolDown(pen.tool)
        c.tabletToolFrame(pen.tool)
        #expect(await c.waitUntil(timeout: AppHarness.patience) { !c.moveRequests.isEmpty }, "stderr: \(h.app.standardError)")
        let down = try #require(c.tabletToolStatus(pen.tool)?.downSerial)
        #expect(c.moveRequests.map(\.serial) == [down])
        _ = await c.waitUntil(timeout: AppHarness.patience) { h.app.standardError.contains("window move requested") }
        #expect(h.app.standardError.contains("(pencil id"), "\(h.app.standardError)")
    }
}
