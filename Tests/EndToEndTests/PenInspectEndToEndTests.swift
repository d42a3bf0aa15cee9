import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The pen in the inspector of the real binary under the scripted compositor: the pencil
/// fields of `--log phases`, the HUD's tool row and the inspect scene's tilt line.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct PenInspectEndToEndTests {
    static let orange: (UInt8, UInt8, UInt8) = (0xE6, 0x61, 0x00)

    func orangePixels(_ frame: Frame, x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        var n = 0
        for py in y { for px in x where Colors.matches(frame.logicalPixel(Double(px), Double(py)), Self.orange, tolerance: 50) {
            n += 1
        } }
        return n
    }

    @Test(arguments: [1, 2] as [Int32])
    func aTiltedPenShowsInTheLogTheHUDAndTheScene(scale: Int32) async throws {
        let h = try await AppHarness(arguments: ["--scene", "inspect", "--log", "phases"], outputScale: scale, size: (800, 600))
        let c = h.compositor
        _ = await c.waitUntil(timeout: AppHarness.patience) { c.tabletSeatCount == 1 }
        let tablet = try #require(c.addTablet(name: "Test Tablet"))
        let tool = try #require(c.addTabletTool(.pen, hardwareSerial: 42, capabilities: .pen))
        await h.roundtrip()  // the app knows the tablet and the tool
        let before = try #require(await h.frame { $0.inkedPixels(x: 10...300, y: 10...60) > 200 })
        // The HUD below its finger table: the rows a pen adds (empty before it).
        let toolRows = (x: 10...600, y: 100...135)
        let hudBefore = before.inkedPixels(x: toolRows.x, y: toolRows.y)

        // In range, down leaning right (tilt 45°, 0°) with rising pressure, held down.
        c.tabletToolProximityIn(tool, tablet: tablet, x: 200, y: 400)
        c.tabletToolTilt(tool, x: 45, y: 0)
        c.tabletToolFrame(tool)
        c.tabletToolDown(tool)
        c.tabletToolPressure(tool, 20000)
        c.tabletToolFrame(tool)
        for i in 1...30 {
            c.tabletToolMotion(tool, x: 200 + Double(i) * 5, y: 400)
            c.tabletToolPressure(tool, UInt32(20000 + i * 1000))
            c.tabletToolFrame(tool)
            await c.pump(for: 0.005)
        }
        #expect(await h.waitForLog { $0.contains { $0["type"] as? String == "pencil" && ($0["x"] as? Double ?? 0) >= 350 } })
        // Touch lines only (a hover line, with no phase, comes first as the pen nears).
        let pencil = h.logLines.filter { $0["type"] as? String == "pencil" && $0["phase"] != nil }
        let began = try #require(pencil.first)
        let last = try #require(pencil.last)
        #expect(began["phase"] as? String == "began")
        #expect(last["tool"] as? Int != nil && last["tool"] as? Int == began["tool"] as? Int && last["id"] as? Int == last["tool"] as? Int)
        #expect(last["toolType"] as? String == "pen" && last["serial"] as? Int == 42)
        #expect(abs((last["pressure"] as? Double ?? -1) - 50000.0 / 65535) < 1e-6, "\(last)")
        #expect(abs((last["force"] as? Double ?? -1) - 2 * 50000.0 / 65535) < 1e-6)
        #expect(abs((last["altitude"] as? Double ?? -1) - .pi / 4) < 1e-6 && (last["azimuth"] as? Double).map { abs($0) < 1e-9 } == true)
        #expect(last["tiltX"] as? Double == 45 && last["tiltY"] as? Double == 0 && last["distance"] as? Double == 0)
        #expect(last["rotation"] == nil, "the pen has no rotation sensor")

        // The HUD gains the tool's rows; the tilt line runs ~42 px right of the tip at (350, 400).
        let during = try #require(await h.frame { f in
            orangePixels(f, x: 362...388, y: 396...404) >= 15 && f.inkedPixels(x: toolRows.x, y: toolRows.y) > hudBefore + 300
        })
        during.keep(as: "pen-inspect-\(scale)")
        #expect(during.inkedPixels(x: toolRows.x, y: toolRows.y) > hudBefore + 300, "the tool's rows in the HUD")
        #expect(orangePixels(during, x: 362...388, y: 396...404) >= 15, "the tilt line to the right of the tip")
        #expect(orangePixels(during, x: 300...340, y: 380...395) == 0, "and only there")
        // The pressure graph above-left of the tip.
        #expect(orangePixels(during, x: 194...326, y: 330...376) > 10, "the pressure curve")

        c.tabletToolUp(tool)
        c.tabletToolFrame(tool)
        c.tabletToolProximityOut(tool)
        c.tabletToolFrame(tool)
        #expect(await h.waitForLog { $0.contains { $0["type"] as? String == "pencil" && $0["phase"] as? String == "ended" } })
        let lifted = try #require(await h.frame { orangePixels($0, x: 300...400, y: 330...410) == 0 })
        #expect(orangePixels(lifted, x: 362...388, y: 396...404) == 0, "the line goes when the pen lifts")
        #expect(orangePixels(lifted, x: 194...326, y: 330...376) == 0, "and the graph fades away")
    }
}
