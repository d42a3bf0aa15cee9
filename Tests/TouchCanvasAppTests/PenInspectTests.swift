import AllocationCounting
import Rendering
import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The pen in the inspector: the HUD's tool rows, and the inspect scene's tilt line and
/// pressure graph, fed through the session as the app feeds it.
@MainActor
@Suite struct PenInspectTests {
    static let tool = TabletToolID(7)
    static let tablet = TabletID(3)
    static let orange = PixelColor(rgb: 0xE66100)

    /// A harness with a pen described as a Wacom pen with serial 42 (tilt, pressure, distance).
    func harness(scale: Double = 1) throws -> SceneHarness {
        let h = try SceneHarness(.inspect, scale: scale, showsOverlays: true)
        h.session.tabletToolAdded(Self.tool, description: TabletToolDescription(
            type: .pen, hardwareSerial: 42, capabilities: [.tilt, .pressure, .distance]), seat: h.seat)
        return h
    }

    func pen(_ h: SceneHarness, _ events: RawTabletToolInput...) {
        for event in events { h.session.handle(event, tool: Self.tool, seat: h.seat) }
        h.time += 5
        h.session.handle(.frame(time: h.time), tool: Self.tool, seat: h.seat)
    }

    /// In range at `point`, then down there with `pressure` (0…65535) and `tilt`.
    func penDown(_ h: SceneHarness, at point: Point, pressure: UInt32, tilt: (Double, Double)) {
        pen(h, .proximityIn(tablet: Self.tablet), .motion(location: point))
        pen(h, .down, .pressure(pressure), .tilt(x: tilt.0, y: tilt.1))
    }

    func toolLine(_ h: SceneHarness) -> String? {
        InspectorHUDText.lines(for: h.session.inspector).first { $0.hasPrefix(InspectorHUDText.pad("7", 5) + "  ") }
    }

    func orangePixels(_ h: SceneHarness, in box: Rect) -> Int {
        var n = 0
        for y in stride(from: box.minY, to: box.maxY, by: 1) {
            for x in stride(from: box.minX, to: box.maxX, by: 1) where (h.pixel(x, y)?.distance(to: Self.orange) ?? 999) < 80 {
                n += 1
            }
        }
        return n
    }

    @Test func theHUDHasARowPerToolWithEveryAxis() throws {
        let h = try harness()
        let lines0 = InspectorHUDText.lines(for: h.session.inspector)
        #expect(!lines0.contains(InspectorHUDText.toolHeader), "no tool seen, no tool table: the finger HUD as before")
        penDown(h, at: Point(x: 300, y: 300), pressure: 39321, tilt: (30, -10))
        pen(h, .button(code: TabletToolButton.stylus, pressed: true), .motion(location: Point(x: 310, y: 300)))
        let lines = InspectorHUDText.lines(for: h.session.inspector)
        #expect(lines.contains(InspectorHUDText.toolHeader))
        let row = try #require(toolLine(h), "\(lines)")
        let row0 = try #require(h.session.inspector.toolRows.first)
        #expect(row0.state == .down && row0.serial == 42 && row0.type == .pen && row0.rotation == nil)
        // 39321 / 65535 = 0.6; altitude of tilt (30°, −10°) ≈ 58°, the top leaning right and up.
        for part in ["pen", "42", "down", "39321 0.600", "30°", "-10°", "0.00", "1"] {
            #expect(row.contains(part), "\(part) in \(row)")
        }
        let altitude = Int((row0.altitude * 180 / .pi).rounded()), azimuth = Int((InspectorHUDText.compassDegrees(row0.azimuth)).rounded())
        #expect(row.contains(" \(altitude)°") && row.contains(" \(azimuth)°"), "\(row)")
        #expect(azimuth > 270 && azimuth < 360, "up and to the right is between 270° and 360° on screen")
        #expect(row.hasSuffix("  1"), "the lower barrel button: \(row)")
        #expect(row.count == InspectorHUDText.toolHeader.count + 1 - 3, "columns line up: \(row) / \(InspectorHUDText.toolHeader)")
        #expect(!lines.contains("(no touch down)"), "the pen is a touch down")

        // Lifted: `up` from the delivery alone, `hover` once the session forwards the machine's
        // hover to the inspector (then out of range is `out`).
        pen(h, .up)
        let lifted = h.session.inspector.toolRows.first?.state
        #expect(lifted == .up || lifted == .hover)
        #expect(toolLine(h)?.contains(lifted?.rawValue ?? "?") == true)
    }

    /// Without the session's hover hook the inspector still tells down from lifted, and the
    /// hook alone moves a row between hovering and out of range.
    @Test func hoverReportsMoveARowBetweenHoverAndOut() throws {
        let h = try harness()
        penDown(h, at: Point(x: 100, y: 100), pressure: 1000, tilt: (0, 0))
        let inspector = h.session.inspector
        inspector.notePencilHover(Self.tool, seat: h.seat, location: nil, distance: nil)
        #expect(inspector.toolRows.first?.state == .down, "the tip going down ends the hover; the row stays down")
        inspector.notePencilHover(Self.tool, seat: h.seat, location: Point(x: 120, y: 90), distance: 0.25)
        #expect(inspector.toolRows.first?.state == .hover && inspector.toolRows.first?.distance == 0.25)
        inspector.notePencilHover(Self.tool, seat: h.seat, location: nil, distance: nil)
        #expect(inspector.toolRows.first?.state == .out)
        inspector.notePencilHover(TabletToolID(99), seat: h.seat, location: Point(x: 1, y: 1), distance: nil)
        #expect(inspector.toolRows.count == 1, "a hover alone does not say what a tool is")
    }

    @Test func oddValuesNeitherTrapNorBreakTheRow() throws {
        let h = try harness()
        penDown(h, at: Point(x: 100, y: 100), pressure: .max, tilt: (.nan, 1e300))
        let row = try #require(toolLine(h))
        #expect(row.contains("65535 1.000"), "\(row)")
        let view = try #require(h.root as? InspectView)
        h.render()
        #expect(view.tiltLines.count == 1)
        #expect(view.tiltLines.first.map { $0.frame.width <= PenTiltView.maximumLength + 6 && $0.frame.height <= PenTiltView.maximumLength + 6 } == true)
    }

    /// Tilt (45°, 0°): altitude π/4, leaning right, so a line 60 × cos 45° ≈ 42 px long to the
    /// right of the tip; upright, no line. The graph sits above-left of the tip.
    @Test(arguments: [1.0, 2.0])
    func theTiltLineAndPressureGraphAreDrawnAndCleared(scale: Double) throws {
        let h = try harness(scale: scale)
        let view = try #require(h.root as? InspectView)
        h.render()
        penDown(h, at: Point(x: 300, y: 300), pressure: 20000, tilt: (45, 0))
        for (i, p) in [30000, 40000, 50000, 60000].enumerated() {
            h.clock.now += 0.05
            pen(h, .motion(location: Point(x: 300, y: 300 + Double(i + 1))), .pressure(UInt32(p)))
        }
        h.render()
        #expect(differences(h.buffer, try h.fullRender()).isEmpty, "incremental frames match a full render")
        let tilt = try #require(view.tiltLines.first)
        #expect(abs(tilt.tip.x - (300 + 60 * cos(Double.pi / 4))) < 0.01 && abs(tilt.tip.y - 304) < 0.01)
        #expect(orangePixels(h, in: Rect(x: 315, y: 300, width: 25, height: 8)) >= 20, "the line to the right")
        #expect(orangePixels(h, in: Rect(x: 250, y: 290, width: 40, height: 30)) == 0, "nothing to the left")
        let graph = try #require(view.pressureGraphs.first)
        #expect(graph.frame == Rect(x: 300 - 24 - 132, y: 304 - 24 - 46, width: 132, height: 46))
        #expect(graph.recentSamples.map(\.pressure).last.map { abs($0 - 60000.0 / 65535) < 1e-9 } == true)
        #expect(graph.recentSamples.count == 5)
        // The curve rises to the right: orange low on the left of the plot, high on the right.
        let plot = graph.frame
        #expect(orangePixels(h, in: Rect(x: plot.maxX - 12, y: plot.minY + 15, width: 8, height: 12)) > 0, "near 0.9 at the right")
        #expect(orangePixels(h, in: plot) > 20)

        // Upright: the line shrinks to nothing. With the HUD hidden (it repaints itself for
        // every event) what is left to repaint is the line's and the graph's boxes.
        h.session.setHUDVisible(false)
        h.render()
        pen(h, .tilt(x: 0, y: 0))
        let damage = h.render()
        #expect(orangePixels(h, in: Rect(x: 315, y: 295, width: 30, height: 14)) == 0)
        #expect(Double(damage.area) < 0.05 * Double(h.bufferArea), "a small repaint: \(damage)")
        h.session.setHUDVisible(true)

        // Lifted: the line goes at once; the graph fades and goes.
        pen(h, .tilt(x: 45, y: 0))
        pen(h, .up)
        h.render()
        #expect(view.tiltLines.isEmpty)
        #expect(orangePixels(h, in: Rect(x: 315, y: 295, width: 30, height: 14)) == 0)
        h.advanceClock(to: h.clock.now + 2)
        h.render()
        #expect(view.pressureGraphs.isEmpty)
        #expect(orangePixels(h, in: plot) == 0)
        #expect(differences(h.buffer, try h.fullRender()).isEmpty)
    }

    @Test func aPenLeavingWhileDownClearsItsMarks() throws {
        let h = try harness()
        let view = try #require(h.root as? InspectView)
        penDown(h, at: Point(x: 400, y: 50), pressure: 30000, tilt: (0, 60))
        h.render()
        #expect(view.tiltLines.count == 1 && view.pressureGraphs.count == 1)
        // Near the top: the graph goes below the tip instead of off the window.
        #expect(view.pressureGraphs.first?.frame.minY == 74)
        pen(h, .proximityOut)
        h.render()
        #expect(view.tiltLines.isEmpty)
        #expect(h.session.inspector.toolRows.first?.state == .out)
    }

    /// The inspector and the pen's marks are fed on every event: once a stroke is under way
    /// they add no allocation to what the machine itself does.
    @Test(.needsAllocationCounter) func aMovingPenAllocatesNothingInTheInspectorOrItsMarks() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let machine = TouchInputMachine(window: window)
        let seat = SeatID(1)
        let inspector = InputInspector()
        var feedsInspector = false
        machine.onDeliver = { if feedsInspector { inspector.noteDelivery($0) } }
        machine.tabletToolAdded(Self.tool, description: TabletToolDescription(type: .pen, hardwareSerial: 42,
                                                                             capabilities: [.tilt, .pressure]), seat: seat)
        var time: UInt32 = 0, step = 0
        func frame(_ events: RawTabletToolInput...) {
            for event in events { machine.handle(event, tool: Self.tool, seat: seat) }
            time &+= 5
            machine.handle(.frame(time: time), tool: Self.tool, seat: seat)
        }
        func move() {
            step += 1
            frame(.motion(location: Point(x: 100 + Double(step % 50), y: 200)), .pressure(UInt32(step * 100 % 65535)),
                  .tilt(x: Double(step % 40), y: 10))
        }
        frame(.proximityIn(tablet: Self.tablet), .motion(location: Point(x: 100, y: 200)))
        frame(.down, .pressure(100))
        for _ in 0..<60 { move() }
        let machineAlone = try #require(AllocationCounter.swiftAllocations { for _ in 0..<40 { move() } })
        feedsInspector = true
        for _ in 0..<10 { move() }
        let withInspector = try #require(AllocationCounter.swiftAllocations { for _ in 0..<40 { move() } })
        #expect(withInspector <= machineAlone, "the inspector added \(withInspector - machineAlone) allocations over 40 events")

        let tilt = PenTiltView(), graph = PressureGraphView()
        let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        var i = 0.0
        func mark() {
            i += 1
            tilt.update(contact: Point(x: 100 + i, y: 200), altitude: 0.5, azimuth: i / 10)
            graph.add(pressure: i.truncatingRemainder(dividingBy: 1), time: i / 200, contact: Point(x: 200 + i, y: 200), in: bounds)
        }
        for _ in 0..<10 { mark() }
        let marks = try #require(AllocationCounter.swiftAllocations { for _ in 0..<2000 { mark() } })
        #expect(marks == 0, "the tilt line and the graph over 2000 samples (past the graph's ring)")
    }
}
