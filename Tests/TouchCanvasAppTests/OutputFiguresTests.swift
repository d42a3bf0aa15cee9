import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The outputs as the HUD names them and figures in millimetres, the figures beside each
/// contact, and the pens' counts: no display, fed through the real input machine.
@MainActor
@Suite struct OutputFiguresTests {
    static func laptop() -> OutputDescription {
        var d = OutputDescription()
        d.name = "eDP-1"
        d.description = "BOE 0x0BCA (eDP-1)"
        d.make = "BOE"
        d.model = "0x0BCA"
        d.mode = (2256, 1504)
        d.refreshMillihertz = 59_999
        d.scale = 2
        d.physicalSize = (285, 190)
        return d
    }

    @Test func millimetresPerPointFollowTheScaleAndATurn() throws {
        var d = Self.laptop()
        let flat = try #require(d.millimetresPerPoint(pixelsPerPoint: 1.5))
        #expect(abs(flat.x - 285.0 / 2256 * 1.5) < 1e-9 && abs(flat.y - 190.0 / 1504 * 1.5) < 1e-9)
        // Turned a quarter, the panel's height runs along the window's x.
        d.transform = .rotated90
        let turned = try #require(d.millimetresPerPoint(pixelsPerPoint: 1.5))
        #expect(turned.x == flat.y && turned.y == flat.x)
        d.transform = .flipped180
        #expect(d.millimetresPerPoint(pixelsPerPoint: 1.5)?.x == flat.x)
        d.physicalSize = (0, 0)
        #expect(d.millimetresPerPoint(pixelsPerPoint: 1) == nil, "unknown size: no millimetres")
        d.physicalSize = (285, 190)
        d.mode = nil
        #expect(d.millimetresPerPoint(pixelsPerPoint: 1) == nil, "no mode yet: no millimetres")
        #expect(Self.laptop().millimetresPerPoint(pixelsPerPoint: .nan) == nil)
    }

    @Test func summariesSayWhatTheCompositorSent() {
        let d = Self.laptop()
        #expect(d.summary == "eDP-1 \"BOE 0x0BCA (eDP-1)\" · BOE 0x0BCA · 2256×1504 @ 60.00 Hz · scale 2 · normal · 285×190 mm")
        #expect(d.shortSummary == "eDP-1 · BOE 0x0BCA · 2256×1504 @ 60 Hz · ×2 · normal · 285×190 mm")
        var old = OutputDescription()  // version 3: no name, no description
        old.make = "Dell Inc."
        old.model = "U2720Q"
        old.transform = .rotated270
        #expect(old.label == "Dell Inc. U2720Q")
        #expect(old.summary == "Dell Inc. U2720Q · scale 1 · 270 · size unknown")
        #expect(OutputDescription().label == "unnamed output")
    }

    @Test func outputsAreFoundByNameFirstThenByModelOrDescription() {
        let laptop = Self.laptop()
        var left = OutputDescription(), right = OutputDescription()
        (left.name, left.make, left.model, left.description) = ("DP-1", "Dell Inc.", "U2720Q", "Dell Inc. U2720Q (DP-1)")
        (right.name, right.make, right.model, right.description) = ("DP-2", "Dell Inc.", "U2720Q", "Dell Inc. U2720Q (DP-2)")
        let all = [laptop, left, right]
        #expect(all.named("DP-2")?.name == "DP-2")
        #expect(all.named(" dp-1 ")?.name == "DP-1", "case and spaces do not matter")
        #expect(all.named("BOE 0x0BCA")?.name == "eDP-1", "by make and model where it names one")
        #expect(all.named("Dell Inc. U2720Q (DP-2)")?.name == "DP-2", "by description")
        #expect(all.named("Dell Inc. U2720Q") == nil, "two of one model: ambiguous")
        #expect(all.named("HDMI-A-1") == nil && all.named("") == nil)
        // A name wins over another output's description that reads the same.
        var tricky = OutputDescription()
        (tricky.name, tricky.description) = ("X", "DP-1")
        #expect(([tricky] + all).named("DP-1")?.name == "DP-1")
    }

    func harness() throws -> SceneHarness {
        let h = try SceneHarness(.inspect, showsOverlays: true)
        h.clock.now = 100
        return h
    }

    func hud(_ h: SceneHarness) -> [String] { InspectorHUDText.lines(for: h.session.inspector) }

    @Test func theHUDNamesTheOutputsAndSaysOnceWhyFiguresAreInPixels() throws {
        let h = try harness()
        #expect(!hud(h).contains { $0.hasPrefix("on ") }, "no output known yet, no line")
        var second = Self.laptop()
        second.name = "DP-3"
        h.session.setOutputs([Self.laptop(), second], pixelsPerPoint: 2)
        let lines = hud(h)
        #expect(lines.contains("on eDP-1 · BOE 0x0BCA · 2256×1504 @ 60 Hz · ×2 · normal · 285×190 mm"))
        #expect(lines.contains { $0.hasPrefix("on DP-3 ·") })
        #expect(!lines.contains { $0.hasPrefix("figures in px") })
        let mm = try #require(h.session.millimetresPerPoint)
        #expect(abs(mm.x - 285.0 / 2256 * 2) < 1e-9)

        var unknown = Self.laptop()
        unknown.physicalSize = (0, 0)
        h.session.setOutputs([unknown, second], pixelsPerPoint: 2)
        #expect(h.session.millimetresPerPoint == nil, "the first output decides, though the second has a size")
        #expect(hud(h).filter { $0 == "figures in px: eDP-1 gives no physical size (0 × 0 mm)" }.count == 1)
    }

    @Test func theFiguresTableGivesEachContactsRateAndDistanceInMillimetres() throws {
        let h = try harness()
        h.session.setOutputs([Self.laptop()], pixelsPerPoint: 1)
        h.down(0, Point(x: 100, y: 100))
        // 8 ms apart (the harness's step): 125 Hz; 10 px a step to the right.
        for step in 1...10 { h.move(0, Point(x: 100 + Double(step) * 10, y: 100)) }
        let lines = hud(h)
        let header = InspectorHUDText.figuresHeader(unit: "mm")
        let index = try #require(lines.firstIndex(of: header), "\(lines)")
        let row = lines[index + 1]
        let columns = row.split(separator: " ").map(String.init)
        #expect(columns.count == 9, "\(row)")
        #expect(row.count == header.count, "columns line up: \(row) / \(header)")
        #expect(columns[0] == "1" && columns[1] == "125" && columns[2] == "125", "\(row)")
        #expect(columns[3] == "8.0" && columns[4] == "8.0", "p95 and the largest gap: \(row)")
        let mmPerPx = 285.0 / 2256
        // 10 px per 8 ms is 1250 px/s.
        #expect(columns[5] == String(format: "%.0f", 1250 * mmPerPx), "\(row)")
        #expect(columns[6] == String(format: "%.1f", 100 * mmPerPx) && columns[7] == "0.0", "\(row)")
        #expect(columns[8] == String(format: "%.1f", 100 * (mmPerPx + 190.0 / 1504) / 2), "\(row)")

        // Held still while time passes: the speed falls to 0, the rest stays.
        h.clock.now += 1
        let still = hud(h)[index + 1].split(separator: " ").map(String.init)
        #expect(still[5] == "0" && still[1] == "125", "\(still)")
        // Without a size, pixels.
        var unknown = Self.laptop()
        unknown.physicalSize = (0, 0)
        h.session.setOutputs([unknown], pixelsPerPoint: 1)
        #expect(hud(h).contains(InspectorHUDText.figuresHeader(unit: "px")))
        #expect(hud(h).contains { $0.hasPrefix("    1") && $0.contains("100.0") }, "dX 100 px")
    }

    @Test func contactsNowMostInAGestureAndEver() throws {
        let h = try harness()
        for id: Int32 in 0..<3 { h.down(id, Point(x: 100 + Double(id) * 50, y: 100)) }
        #expect(hud(h).contains("fingers 3 now, 3 most in this gesture, 3 ever"))
        for id: Int32 in 0..<3 { h.up(id) }
        h.down(5, Point(x: 100, y: 100))
        #expect(hud(h).contains("fingers 1 now, 1 most in this gesture, 3 ever"), "a new gesture after an empty screen")
    }

    @Test func marksBesideEachContactFollowItAndGoAtItsEnd() throws {
        let h = try harness()
        let view = try #require(h.root as? InspectView)
        h.down(0, Point(x: 200, y: 300))
        h.feed(.shape(id: 0, major: 30, minor: 16), .orientation(id: 0, degrees: 90), .frame)
        for step in 1...4 { h.move(0, Point(x: 200 + Double(step) * 5, y: 300)) }
        let mark = try #require(view.contactMarkViews.first)
        #expect(view.contactMarkViews.count == 1)
        #expect(mark.contact == Point(x: 220, y: 300))
        #expect(mark.label == "#1 125 Hz 625 px/s", "5 px every 8 ms")
        let shape = try #require(mark.shape)
        #expect(shape.major == 15 && shape.minor == 8 && shape.orientation == 90)
        // At 90° the major axis lies across: its ends are 15 px left and right of the contact.
        let outline = ContactMarkView.ellipse(center: mark.contact, major: 15, minor: 8, orientation: 90)
        #expect(abs(outline.map(\.x).max()! - 235) < 0.01 && abs(outline.map(\.x).min()! - 205) < 0.01)
        #expect(abs(outline.map(\.y).max()! - 308) < 0.2 && abs(outline.map(\.y).min()! - 292) < 0.2)
        #expect(mark.frame.contains(Point(x: 235, y: 300)) && mark.frame.contains(Point(x: 205, y: 300)))
        // At 45° the sign shows: clockwise from +y (down) is down-left, so the major axis runs
        // from up-right to down-left.
        let tilted = ContactMarkView.ellipse(center: Point(x: 0, y: 0), major: 15, minor: 8, orientation: 45)
        let downLeft = Point(x: -15 / 2.0.squareRoot(), y: 15 / 2.0.squareRoot())
        #expect(tilted.contains { $0.distance(to: downLeft) < 0.01 }, "\(tilted.prefix(3))")
        #expect(!tilted.contains { $0.distance(to: Point(x: -downLeft.x, y: downLeft.y)) < 3 }, "not down-right")
        h.up(0)
        #expect(view.contactMarkViews.isEmpty)
    }

    @Test func aLabelNearTheRightEdgeTurnsInside() {
        let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        let inside = ContactMarkView.labelOffset(contact: Point(x: 100, y: 300), labelLength: 20, within: bounds)
        #expect(inside == ContactMarkView.labelOffset)
        let atEdge = ContactMarkView.labelOffset(contact: Point(x: 790, y: 20), labelLength: 20, within: bounds)
        #expect(790 + atEdge.x + ContactMarkView.labelWidth(20) <= 800 && atEdge.x < 0)
        #expect(20 + atEdge.y - ContactMarkView.fontSize >= 0, "below the contact near the top")
    }

    @Test func pensAreCountedApartFromFingers() throws {
        let h = try harness()
        let inspector = h.session.inspector
        h.down(0, Point(x: 50, y: 50))
        h.up(0)
        #expect(!hud(h)[1].contains("pens"), "no pen yet: the counters as before")
        let tool = TabletToolID(7)
        h.session.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, hardwareSerial: 42, capabilities: [.pressure]),
                                  seat: h.seat)
        for event in [RawTabletToolInput.proximityIn(tablet: TabletID(3)), .motion(location: Point(x: 300, y: 300)), .down] {
            h.session.handle(event, tool: tool, seat: h.seat)
        }
        h.session.handle(.frame(time: h.time + 5), tool: tool, seat: h.seat)
        #expect(inspector.pens == .init(began: 1, ended: 0, cancelled: 0))
        #expect(inspector.fingers == .init(began: 1, ended: 1, cancelled: 0))
        let lines = hud(h)
        #expect(lines[1].hasPrefix("began 1   ended 1   cancelled 0   frames "), "the fingers' counts: \(lines[1])")
        #expect(lines[1].hasSuffix("   pens began 1 ended 0 cancelled 0"), "\(lines[1])")
        #expect(lines.contains { $0.hasPrefix("    1    pen  ") || $0.contains("  pen  ") && $0.contains("300.0") }, "\(lines)")
        #expect(lines[2].contains("pens 1 now, 1 most in this gesture, 1 ever"), "\(lines[2])")
    }
}
