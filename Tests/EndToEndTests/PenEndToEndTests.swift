import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The pen in the real binary under the scripted compositor's tablet-v2: pressure ink, the
/// eraser, hover and the ways a pen's touch is cancelled.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct PenEndToEndTests {
    static let ink: (UInt8, UInt8, UInt8) = (0x34, 0x32, 0x9C)

    struct Pen {
        let tablet: TabletHandle
        let tool: TabletToolHandle
    }

    func pen(_ h: AppHarness, _ type: TabletToolType = .pen) async throws -> Pen {
        _ = await h.compositor.waitUntil(timeout: AppHarness.patience) { h.compositor.tabletSeatCount == 1 }
        let tablet = try #require(h.compositor.addTablet(name: "Test Tablet"))
        let tool = try #require(h.compositor.addTabletTool(type, hardwareSerial: 42, capabilities: .pen))
        await h.roundtrip()  // the app knows the tablet and the tool
        return Pen(tablet: tablet, tool: tool)
    }

    /// In range at the first point, down, through the points with their pressures (0…1), and
    /// (unless told not to) up and out of range; a frame after each step, 5 ms apart.
    func stroke(_ h: AppHarness, _ pen: Pen, _ points: [(x: Double, y: Double, pressure: Double)], lift: Bool = true) async {
        guard let first = points.first else { return }
        let c = h.compositor
        c.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: first.x, y: first.y)
        c.tabletToolFrame(pen.tool)
        c.tabletToolDown(pen.tool)
        c.tabletToolPressure(pen.tool, UInt32(first.pressure * 65535))
        c.tabletToolFrame(pen.tool)
        for point in points.dropFirst() {
            c.tabletToolMotion(pen.tool, x: point.x, y: point.y)
            c.tabletToolPressure(pen.tool, UInt32(point.pressure * 65535))
            c.tabletToolFrame(pen.tool)
            await c.pump(for: 0.005)
        }
        guard lift else { return }
        c.tabletToolUp(pen.tool)
        c.tabletToolFrame(pen.tool)
        c.tabletToolProximityOut(pen.tool)
        c.tabletToolFrame(pen.tool)
    }

    /// Buffer rows at logical column `x` that are not white, within `rows`.
    func inked(_ f: Frame, x: Double, rows: ClosedRange<Int>) -> Int {
        rows.filter { !f.isWhite(at: x, Double($0)) }.count
    }

    @Test func aPressureStrokeWidensWithoutGaps() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases"], size: (800, 600))
        let pen = try await pen(h)
        let points = (0...60).map { (i: Int) -> (x: Double, y: Double, pressure: Double) in
            let t = Double(i)
            return (100 + t * 10, 300, 0.1 + 0.9 * t / 60)
        }
        await stroke(h, pen, points)
        let frame = try #require(await h.frame { f in inked(f, x: 680, rows: 280...320) >= 6 && Colors.matches(f.logicalPixel(400, 300), Self.ink) })
        let start = inked(frame, x: 105, rows: 280...320), end = inked(frame, x: 690, rows: 280...320)
        #expect(end >= 3 * start, "start \(start) rows, end \(end) rows")
        for x in stride(from: 100.0, through: 700, by: 5) {
            #expect(inked(frame, x: x, rows: 280...320) > 0, "a gap at x = \(x)")
        }
        #expect(await h.waitForLog { $0.contains { $0["type"] as? String == "pencil" && $0["phase"] as? String == "ended" } })
    }

    @Test func theEraserTakesAFingersStrokeAndUndoBringsItBack() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace"], size: (800, 600))
        h.compositor.touchDown(id: 0, x: 100, y: 200)
        h.compositor.touchFrame()
        for x in stride(from: 120.0, through: 600, by: 20) {
            h.compositor.touchMotion(id: 0, x: x, y: 200)
            h.compositor.touchFrame()
            await h.compositor.pump(for: 0.005)
        }
        h.compositor.touchUp(id: 0)
        h.compositor.touchFrame()
        let drawn = try #require(await h.frame { Colors.matches($0.logicalPixel(500, 200), Self.ink) })
        #expect(Colors.matches(drawn.logicalPixel(500, 200), Self.ink), "the finger's stroke")
        let eraser = try await pen(h, .eraser)
        await stroke(h, eraser, [(300, 150, 0.5), (300, 190, 0.5), (300, 250, 0.5)])
        let erased = try #require(await h.frame { $0.isWhite(at: 500, 200) && $0.isWhite(at: 150, 200) })
        #expect(erased.isWhite(at: 500, 200) && erased.isWhite(at: 150, 200), "the whole stroke erased")
        #expect(erased.isWhite(at: 300, 150) && erased.isWhite(at: 300, 250), "and the eraser drew nothing")
        h.compositor.tapKey(22)  // u
        let undone = try #require(await h.frame { Colors.matches($0.logicalPixel(500, 200), Self.ink) })
        #expect(Colors.matches(undone.logicalPixel(500, 200), Self.ink), "undo brings it back")
    }

    /// A pen drawing at y = 300 while two fingers draw at y = 150 and 450: with palm rejection
    /// off all three draw; on (the default) the fingers, down while the pen is in range, do not.
    @Test(arguments: [true, false])
    func fingersNearAPenDrawOnlyWithPalmRejectionOff(rejecting: Bool) async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases"], size: (800, 600))
        let pen = try await pen(h)
        if !rejecting { h.compositor.tapKey(25) }  // p
        let c = h.compositor
        c.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 100, y: 300)
        c.tabletToolFrame(pen.tool)
        c.tabletToolDown(pen.tool)
        c.tabletToolPressure(pen.tool, 32768)
        c.tabletToolFrame(pen.tool)
        c.touchDown(id: 0, x: 100, y: 150)
        c.touchDown(id: 1, x: 100, y: 450)
        c.touchFrame()
        for step in 1...50 {
            let x = 100 + Double(step) * 10
            c.tabletToolMotion(pen.tool, x: x, y: 300)
            c.tabletToolFrame(pen.tool)
            c.touchMotion(id: 0, x: x, y: 150)
            c.touchMotion(id: 1, x: x, y: 450)
            c.touchFrame()
            await c.pump(for: 0.005)
        }
        c.touchUp(id: 0)
        c.touchUp(id: 1)
        c.touchFrame()
        c.tabletToolUp(pen.tool)
        c.tabletToolFrame(pen.tool)
        let drawn = try #require(await h.frame { f in
            Colors.matches(f.logicalPixel(400, 300), Self.ink) && (Colors.matches(f.logicalPixel(400, 150), Self.ink) != rejecting)
        })
        #expect(Colors.matches(drawn.logicalPixel(400, 300), Self.ink), "the pen draws")
        for y in [150.0, 450] {
            #expect(Colors.matches(drawn.logicalPixel(400, y), Self.ink) != rejecting, "finger at y = \(y)")
        }
        // Rejected or not, the fingers are delivered and logged.
        #expect(await h.waitForLog { $0.filter { $0["type"] as? String == "touch" && $0["phase"] as? String == "ended" }.count == 2 })
    }

    @Test func hoverShowsARingAndDrawsNothing() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace"], size: (800, 600))
        let pen = try await pen(h)
        h.compositor.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 300, y: 300)
        h.compositor.tabletToolDistance(pen.tool, 65535)
        h.compositor.tabletToolFrame(pen.tool)
        h.compositor.tabletToolMotion(pen.tool, x: 400, y: 300)
        h.compositor.tabletToolFrame(pen.tool)
        // The ring at the edge of range: 40 px across, grey, hollow, around (400, 300).
        let ring = try #require(await h.frame { f in !f.isWhite(at: 420, 300) && f.isWhite(at: 400, 300) })
        #expect(!ring.isWhite(at: 420, 300) && ring.isWhite(at: 400, 300))
        #expect(!ring.isWhite(at: 380, 300) && ring.isWhite(at: 300, 300), "the ring follows the pen, drawing nothing behind")
        h.compositor.tabletToolProximityOut(pen.tool)
        h.compositor.tabletToolFrame(pen.tool)
        let left = try #require(await h.frame { $0.isWhite(at: 420, 300) && $0.isWhite(at: 380, 300) })
        #expect(left.isWhite(at: 420, 300) && left.isWhite(at: 380, 300), "gone when the pen leaves")
    }

    /// `--log phases` has a line when a pen hovers and when it stops.
    @Test func hoverIsInThePhasesLog() async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases"], size: (800, 600))
        let pen = try await pen(h)
        h.compositor.tabletToolProximityIn(pen.tool, tablet: pen.tablet, x: 300, y: 200)
        h.compositor.tabletToolDistance(pen.tool, 32768)
        h.compositor.tabletToolFrame(pen.tool)
        h.compositor.tabletToolProximityOut(pen.tool)
        h.compositor.tabletToolFrame(pen.tool)
        #expect(await h.waitForLog { $0.contains { $0["hover"] as? Bool == false } })
        let hovers = h.logLines.filter { $0["hover"] != nil }
        let first = try #require(hovers.first)
        #expect(first["type"] as? String == "pencil" && first["hover"] as? Bool == true && first["seat"] as? String == "seat0")
        #expect(first["x"] as? Double == 300 && first["y"] as? Double == 200)
        #expect(abs((first["distance"] as? Double ?? -1) - 0.5) < 0.001)
        #expect(hovers.last?["hover"] as? Bool == false)
    }

    @Test(arguments: ["proximity-out", "tool-removed", "tablet-removed"])
    func aPenLostWhileDownIsCancelled(_ how: String) async throws {
        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases"], size: (800, 600))
        let pen = try await pen(h)
        let points = (0...20).map { (i: Int) -> (x: Double, y: Double, pressure: Double) in (100 + Double(i) * 10, 300, 0.5) }
        await stroke(h, pen, points, lift: false)
        #expect(await h.waitForLog { $0.contains { $0["type"] as? String == "pencil" && $0["phase"] as? String == "moved" } })
        switch how {
        case "proximity-out": h.compositor.tabletToolProximityOut(pen.tool); h.compositor.tabletToolFrame(pen.tool)
        case "tool-removed": h.compositor.removeTabletTool(pen.tool)
        default: h.compositor.removeTablet(pen.tablet)
        }
        #expect(await h.waitForLog { $0.contains { $0["type"] as? String == "pencil" && $0["phase"] as? String == "cancelled" } })
        let expected = how == "proximity-out" ? "proximity-out-while-down" : "removed-while-down"
        #expect(await h.waitForLog { $0.contains { $0["anomaly"] as? String == expected } }, "\(h.anomalies())")
        // Nothing of the cancelled stroke stays, and nothing is left stuck.
        let after = try #require(await h.frame { f in stride(from: 120.0, through: 280, by: 20).allSatisfy { f.isWhite(at: $0, 300) } })
        #expect(stride(from: 120.0, through: 280, by: 20).allSatisfy { after.isWhite(at: $0, 300) })
        #expect(h.entries(phase: "ended").isEmpty)
    }
}
