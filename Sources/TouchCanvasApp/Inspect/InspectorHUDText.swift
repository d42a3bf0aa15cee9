import Foundation
import TouchKit

/// The HUD's text, line by line: separate from drawing so tests and the `check` report can read
/// exactly what a person sees.
@MainActor
public enum InspectorHUDText {
    public static let title = "TouchCanvas inspector (h hides)"
    public static let header = pad("touch", 5) + pad("wl id", 7) + "  " + padRight("seat", 10) + "  " + padRight("phase", 10)
        + pad("x", 9) + pad("y", 9) + pad("major", 8) + pad("minor", 6) + pad("orient", 8) + pad("age", 7)

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
        if !inspector.versions.isEmpty {
            lines.append(inspector.versions.map { "\($0.interface) v\($0.version)" }.joined(separator: "  "))
        }
        lines.append(header)
        if inspector.rows.isEmpty { lines.append("(no touch down)") }
        for row in inspector.rows {
            lines.append(line(for: row, now: now))
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

    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.2f ms", seconds * 1000)
    }
}
