import Foundation
import Testing
import TouchKit
@testable import touchcanvas

/// `--log phases` lines, from touches a real input machine made: a finger's line as before
/// pens, a pen's with its tool and axes, and the hover lines.
@MainActor
@Suite struct PhaseLogTests {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let machine: TouchInputMachine
    let seat = SeatID(1)
    let tool = TabletToolID(5)
    var lines: [String] = []

    init() {
        machine = TouchInputMachine(window: window)
        machine.setSeatName("seat0", for: seat)
    }

    /// The lines of every delivery while `body` runs.
    func logged(_ body: () -> Void) -> [String] {
        var lines: [String] = []
        machine.onDeliver = { lines += PhaseLog.lines(for: $0) }
        body()
        return lines
    }

    func pen(_ events: RawTabletToolInput..., time: UInt32) {
        for event in events { machine.handle(event, tool: tool, seat: seat) }
        machine.handle(.frame(time: time), tool: tool, seat: seat)
    }

    @Test func aFingersLineIsUnchanged() {
        let lines = logged {
            machine.handle(.down(id: 3, time: 1500, location: Point(x: 10.5, y: 20)), seat: seat)
            machine.handle(RawTouchInput.frame, seat: seat)
        }
        #expect(lines == [#"{"t":1500,"seat":"seat0","type":"touch","phase":"began","touch":1,"id":3,"x":10.5,"y":20}"#])
    }

    @Test func aPensLineHasItsToolAndAxes() throws {
        machine.tabletToolAdded(tool, description: TabletToolDescription(type: .pen, hardwareSerial: 42,
                                                                        capabilities: [.tilt, .pressure, .distance]), seat: seat)
        let lines = logged {
            pen(.proximityIn(tablet: TabletID(1)), .motion(location: Point(x: 100, y: 50)), time: 2000)
            pen(.down, .pressure(32768), .tilt(x: 45, y: 0), time: 2005)
        }
        // The finger fields as for a finger, then the pen's, in this order.
        let line = try #require(lines.first)
        #expect(line.hasPrefix(#"{"t":2005,"seat":"seat0","type":"pencil","phase":"began","touch":1,"id":5,"x":100,"y":50"#
            + #","tool":5,"toolType":"pen","serial":42,"force":1.0000"#), "\(line)")
        #expect(line.contains(#","tiltX":45,"tiltY":0,"distance":0}"#), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(abs((object["pressure"] as? Double ?? 0) - 0.5) < 1e-4)
        #expect(abs((object["altitude"] as? Double ?? 0) - .pi / 4) < 1e-9, "tilt (45°, 0°) is altitude π/4")
        #expect(object["azimuth"] as? Double == 0, "leaning right")
        #expect(object["rotation"] == nil, "a pen without rotation logs none")
    }

    /// A tool that announced no axes logs only what it sent: here rotation, and no pressure,
    /// tilt or distance.
    @Test func anAxisIsLoggedWhenAnnouncedOrSent() throws {
        machine.tabletToolAdded(tool, description: TabletToolDescription(type: .airbrush), seat: seat)
        let lines = logged {
            pen(.proximityIn(tablet: TabletID(1)), .motion(location: Point(x: 1, y: 2)), time: 10)
            pen(.down, .rotation(90), time: 15)
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["toolType"] as? String == "airbrush" && object["serial"] == nil)
        #expect(object["rotation"] as? Double == 90)
        for key in ["force", "pressure", "altitude", "tiltX", "distance"] { #expect(object[key] == nil, "\(key)") }
    }

    @Test func hoverLines() {
        #expect(PhaseLog.line(forPencilHover: tool, seatName: "seat0", location: Point(x: 10, y: 20.5), distance: 0.25, time: 3.0)
                == #"{"t":3000,"seat":"seat0","type":"pencil","hover":true,"tool":5,"x":10,"y":20.5,"distance":0.25}"#)
        #expect(PhaseLog.line(forPencilHover: tool, seatName: "seat0", location: Point(x: 10, y: 20), distance: nil, time: 3.0)
                == #"{"t":3000,"seat":"seat0","type":"pencil","hover":true,"tool":5,"x":10,"y":20}"#)
        #expect(PhaseLog.line(forPencilHover: tool, seatName: "seat0", location: nil, distance: nil, time: 3.004)
                == #"{"t":3004,"seat":"seat0","type":"pencil","hover":false,"tool":5}"#)
        #expect(PhaseLog.line(forPencilHover: tool, seatName: "s", location: Point(x: .nan, y: 1), distance: .infinity, time: .nan)
                == #"{"t":null,"seat":"s","type":"pencil","hover":true,"tool":5,"x":null,"y":1,"distance":null}"#)
    }
}
