import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The app's tablet-v2 binding in the real binary: a tablet seat per seat, the tablets, tools
/// and pads as announced, and every tool event in `--log raw`, numbered per tool.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct TabletBindingEndToEndTests {
    func raw(_ h: AppHarness, _ interface: String, _ event: String) -> [[String: Any]] {
        h.logLines.filter { $0["interface"] as? String == interface && $0["event"] as? String == event }
    }

    @Test func aPenStrokeIsInTheRawLogWithItsToolAndValues() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--log", "raw"])
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.tabletSeatCount == 1 }, "one tablet seat for seat0")
        let tablet = try #require(h.compositor.addTablet(name: "Test Tablet", id: (0x56a, 0x358), path: "/dev/input/event9"))
        let pen = try #require(h.compositor.addTabletTool(.pen, hardwareSerial: 0x1234_5678_9abc, capabilities: .pen))
        _ = h.compositor.addTabletPad(path: "/dev/input/event10", buttons: 4)
        #expect(h.compositor.tabletToolProximityIn(pen, tablet: tablet, x: 100, y: 80))
        #expect(h.compositor.tabletToolFrame(pen))
        #expect(h.compositor.tabletToolDown(pen))
        #expect(h.compositor.tabletToolPressure(pen, 32768))
        #expect(h.compositor.tabletToolTilt(pen, x: 30, y: -15))
        #expect(h.compositor.tabletToolFrame(pen))
        #expect(h.compositor.tabletToolMotion(pen, x: 140, y: 90))
        #expect(h.compositor.tabletToolFrame(pen))
        #expect(h.compositor.tabletToolUp(pen))
        #expect(h.compositor.tabletToolFrame(pen))
        #expect(h.compositor.tabletToolProximityOut(pen))
        #expect(h.compositor.tabletToolFrame(pen))
        #expect(h.compositor.removeTabletTool(pen))
        #expect(await h.waitForLog { lines in lines.contains { $0["interface"] as? String == "zwp_tablet_tool_v2" && $0["event"] as? String == "removed" } })

        let named = raw(h, "zwp_tablet_v2", "name")
        #expect(named.first?["name"] as? String == "Test Tablet")
        #expect(raw(h, "zwp_tablet_v2", "id").first?["vid"] as? Int == 0x56a)
        let tool = try #require(raw(h, "zwp_tablet_tool_v2", "type").first)
        #expect(tool["tool_type"] as? String == "pen")
        let number = tool["tool"] as? Int
        #expect(raw(h, "zwp_tablet_tool_v2", "hardware_serial").first?["hardware_serial_lo"] as? Int == 0x5678_9abc)
        #expect(Set(raw(h, "zwp_tablet_tool_v2", "capability").compactMap { $0["capability"] as? String })
                == ["tilt", "pressure", "distance"])
        let proximity = try #require(raw(h, "zwp_tablet_tool_v2", "proximity_in").first)
        #expect(proximity["surface"] as? String == "ours" && proximity["tool"] as? Int == number)
        #expect(raw(h, "zwp_tablet_tool_v2", "pressure").first?["pressure"] as? Int == 32768)
        let tilt = try #require(raw(h, "zwp_tablet_tool_v2", "tilt").first)
        #expect(tilt["tilt_x"] as? Double == 30 && tilt["tilt_y"] as? Double == -15)
        let motions = raw(h, "zwp_tablet_tool_v2", "motion").compactMap { $0["x"] as? Double }
        #expect(motions.contains(140))
        #expect(raw(h, "zwp_tablet_tool_v2", "down").count == 1 && raw(h, "zwp_tablet_tool_v2", "up").count == 1)
        #expect(raw(h, "zwp_tablet_tool_v2", "frame").count == 5)
        #expect(raw(h, "zwp_tablet_pad_v2", "buttons").first?["buttons"] as? Int == 4)
        #expect(h.app.isRunning, "the app goes on")
    }

    /// Where the compositor offers no tablet-v2 (Weston 10), the app runs as before.
    @Test func noTabletManagerIsNoTabletSeat() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"], tabletManager: false)
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        let spot = try #require(await h.frame { $0.isSpot(at: 100, 100) })
        #expect(spot.isSpot(at: 100, 100))
        #expect(h.compositor.tabletSeatCount == 0)
    }
}
