import Foundation
import TouchKit

/// The HUD's text, line by line: separate from drawing so tests and the `check` report can read
/// exactly what a person sees.
@MainActor
public enum InspectorHUDText {
    public static let title = "TouchCanvas inspector (h hides)"
    public static let header = pad("touch", 5) + pad("wl id", 7) + "  " + padRight("seat", 10) + "  " + padRight("phase", 10)
        + pad("x", 9) + pad("y", 9) + pad("major", 8) + pad("minor", 6) + pad("orient", 8) + pad("age", 7)

    /// The tool table's header: the pen's axes as they arrive (pressure raw 0–65535 and 0…1,
    /// tilt in degrees) next to what TouchKit makes of them (altitude and azimuth, also in
    /// degrees, which a person reads faster than radians).
    public static let toolHeader = pad("tool", 5) + "  " + padRight("type", 8) + pad("serial", 9) + "  " + padRight("state", 5)
        + pad("pressure", 13) + pad("tilt x", 7) + pad("y", 5) + pad("alt", 5) + pad("azim", 6) + pad("dist", 6)
        + pad("rot", 6) + "  btn"

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    static func padRight(_ s: String, _ width: Int) -> String {
        s.count >= width ? String(s.prefix(width)) : s + String(repeating: " ", count: width - s.count)
    }

    public static func lines(for inspector: InputInspector) -> [String] {
        let now = inspector.clock()
        var lines: [String] = [title]
        lines.append("began \(inspector.began)   ended \(inspector.ended)   cancelled \(inspector.cancelled)   frames \(inspector.frames)")
        var rates = "events/s \(inspector.eventsPerSecond)   commits/s \(inspector.commitsPerSecond)   input→commit "
        if let latency = inspector.latency {
            rates += "median \(milliseconds(latency.median)) worst \(milliseconds(latency.worst))"
        } else {
            rates += "–"
        }
        lines.append(rates)
        if inspector.hasGlassFigures {
            var glass = "touch→glass "
            if let latency = inspector.glassLatency {
                glass += "median \(milliseconds(latency.median)) worst \(milliseconds(latency.worst))   waited \(latency.frames) frame\(latency.frames == 1 ? "" : "s")"
            } else {
                glass += "–"
            }
            lines.append(glass + "   discarded \(inspector.discardedCommits)")
        }
        if !inspector.versions.isEmpty {
            lines.append(inspector.versions.map { "\($0.interface) v\($0.version)" }.joined(separator: "  "))
        }
        let recognizers = inspector.activeRecognizers
        if !recognizers.isEmpty {
            lines.append("gestures  " + recognizers.map { "\($0.name) \($0.state.name)" }.joined(separator: " · "))
        }
        lines.append(header)
        // A pen down is a touch down too, shown in the tool table below.
        if inspector.rows.isEmpty, !inspector.toolRows.contains(where: { $0.state == .down }) {
            lines.append("(no touch down)")
        }
        for row in inspector.rows {
            lines.append(line(for: row, now: now))
        }
        if !inspector.toolRows.isEmpty {
            lines.append(toolHeader)
            for row in inspector.toolRows { lines.append(line(for: row)) }
        }
        for entry in inspector.anomalies {
            let age = max(0, now - entry.time)
            var details = entry.anomaly.details.keys.sorted().map { "\($0)=\(entry.anomaly.details[$0] ?? "")" }.joined(separator: " ")
            if !details.isEmpty { details = " (" + details + ")" }
            lines.append("⚠ \(entry.anomaly.kind) on \(entry.anomaly.seatName.isEmpty ? "seat" : entry.anomaly.seatName) \(entry.anomaly.device)\(details), \(String(format: "%.1f", age)) s ago")
        }
        return lines
    }

    static func line(for row: InputInspector.TouchRow, now: Double) -> String {
        let seat = padRight(row.seatName.isEmpty ? "-" : row.seatName, 10)
        return pad("\(row.number)", 5) + pad("\(row.identifier)", 7) + "  " + seat + "  " + padRight(row.phase.name, 10)
            + pad(String(format: "%.1f", row.location.x), 9) + pad(String(format: "%.1f", row.location.y), 9)
            + pad(row.major.map { String(format: "%.1f", $0) } ?? "–", 8)
            + pad(row.minor.map { String(format: "%.1f", $0) } ?? "–", 6)
            + pad(row.orientation.map { String(format: "%.0f°", $0) } ?? "–", 8)
            + pad(String(format: "%.1f s", max(0, now - row.began)), 7)
    }

    /// One tool: "–" for an axis the tool does not have, so a missing sensor does not read as
    /// an upright pen at zero pressure.
    static func line(for row: InputInspector.ToolRow) -> String {
        let type = row.type?.rawValue ?? "?"
        let serial = row.serial.map { String($0) } ?? "–"
        var pressure = "–"
        if let p = row.pressure {
            let clamped = p.isNaN ? 0 : min(max(p, 0), 1)
            pressure = "\(Int((clamped * 65535).rounded())) " + String(format: "%.3f", p)
        }
        let buttons = buttonNames(row.buttons)
        return pad("\(row.tool.raw)", 5) + "  " + padRight(type, 8) + pad(serial, 9) + "  " + padRight(row.state.rawValue, 5)
            + pad(pressure, 13) + pad(degrees(row.tiltX), 7) + pad(degrees(row.tiltY), 5)
            + pad(degrees(row.altitude * 180 / .pi), 5) + pad(degrees(compassDegrees(row.azimuth)), 6)
            + pad(row.distance.map { String(format: "%.2f", $0) } ?? "–", 6)
            + pad(degrees(row.rotation), 6) + "  " + (buttons.isEmpty ? "–" : buttons)
    }

    /// Whole degrees (String(format:) writes NaN and infinities as words instead of trapping).
    static func degrees(_ value: Double?) -> String {
        value.map { String(format: "%.0f°", $0) } ?? "–"
    }

    /// Radians clockwise from +x as 0…360°, as a person reads a direction.
    static func compassDegrees(_ radians: Double) -> Double {
        guard radians.isFinite else { return radians }
        let d = (radians * 180 / .pi).truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    /// The barrel buttons by number (1 lower, 2 upper, 3), any other code in hex.
    static func buttonNames(_ buttons: Set<UInt32>) -> String {
        buttons.map { code in
            switch code {
            case TabletToolButton.stylus: "1"
            case TabletToolButton.stylus2: "2"
            case TabletToolButton.stylus3: "3"
            default: "0x" + String(code, radix: 16)
            }
        }.sorted().joined(separator: " ")
    }

    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1000)
    }
}
