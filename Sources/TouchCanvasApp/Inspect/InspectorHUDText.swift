import Foundation
import TouchKit

/// The HUD's text, line by line: separate from drawing so tests and the `check` report can read
/// exactly what a person sees.
@MainActor
public enum InspectorHUDText {
    public static let title = "TouchCanvas inspector (h hides)"
    public static let header = pad("touch", 5) + pad("wl id", 7) + "  " + padRight("seat", 10) + "  " + padRight("phase", 10)
        + pad("x", 9) + pad("y", 9) + pad("major", 8) + pad("minor", 6) + pad("orient", 8) + pad("age", 7)

    /// The figures table's header: each contact's own measures, from ``ContactTracker``, on
    /// the compositor's event times: its median rate and the lowest over any 250 ms, the 95th
    /// percentile interval and the largest gap, its speed over the last 50 ms, and how far it
    /// went since down (straight and along its path), in millimetres where the output gives
    /// its size, else logical pixels.
    public static func figuresHeader(unit: String) -> String {
        pad("touch", 5) + pad("Hz", 6) + pad("lowest", 8) + pad("p95 ms", 8) + pad("gap ms", 8)
            + pad("\(unit)/s", 8) + pad("dX", 8) + pad("dY", 8) + pad("path \(unit)", 10)
    }

    /// The tool table's header: the pen's axes as they arrive (pressure raw 0–65535 and 0…1,
    /// tilt in degrees) next to what TouchKit makes of them (altitude and azimuth, also in
    /// degrees, which a person reads faster than radians).
    public static let toolHeader = pad("tool", 5) + "  " + padRight("type", 8) + pad("serial", 9) + "  " + padRight("state", 5)
        + pad("pressure", 13) + pad("tilt x", 7) + pad("y", 5) + pad("alt", 5) + pad("azim", 6) + pad("dist", 6)
        + pad("rot", 6) + "  btn"

    static func pad(_ s: String, _ width: Int) -> String { TextColumns.pad(s, width) }

    static func padRight(_ s: String, _ width: Int) -> String { TextColumns.padRight(s, width) }

    public static func lines(for inspector: InputInspector) -> [String] {
        let now = inspector.clock()
        var lines: [String] = [title]
        var counters = "began \(inspector.began)   ended \(inspector.ended)   cancelled \(inspector.cancelled)   frames \(inspector.frames)"
        if inspector.hasSeenPens {
            let pens = inspector.pens
            counters += "   pens began \(pens.began) ended \(pens.ended) cancelled \(pens.cancelled)"
        }
        lines.append(counters)
        lines.append(contactsLine(inspector))
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
        lines += outputLines(inspector)
        if let coverage = inspector.coverageLine { lines.append(coverage) }
        let recognizers = inspector.activeRecognizers
        if !recognizers.isEmpty {
            lines.append("gestures  " + recognizers.map { "\($0.name) \($0.state.name)" }.joined(separator: " · "))
        }
        lines.append(header)
        // A pen down is a touch down too: its row here, its axes in the tool table below.
        if inspector.rows.isEmpty {
            lines.append("(no touch down)")
        }
        for row in inspector.rows {
            lines.append(line(for: row, now: now))
        }
        if !inspector.rows.isEmpty {
            let scale = inspector.millimetresPerPoint
            lines.append(figuresHeader(unit: scale == nil ? "px" : "mm"))
            for row in inspector.rows {
                let still = now - row.movedAt > stillAfter
                lines.append(pad("\(row.number)", 5) + figures(inspector.contacts.figures[row.number], scale: scale, still: still))
            }
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
        let identifier = row.type == .pencil ? "pen" : "\(row.identifier)"
        return pad("\(row.number)", 5) + pad(identifier, 7) + "  " + seat + "  " + padRight(row.phase.name, 10)
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

    /// A contact that has not moved for this long (inspector clock) shows speed 0: held still,
    /// it sends no samples that would bring its velocity down. Twice the velocity's span.
    static let stillAfter = ContactFigures.velocitySpan * 2

    /// A contact's figures after its number in the figures table; "–" for what its samples
    /// cannot give yet (a rate needs two).
    static func figures(_ figures: ContactFigures?, scale: (x: Double, y: Double)?, still: Bool = false) -> String {
        guard let figures else { return [6, 8, 8, 8, 8, 8, 8, 10].map { pad("–", $0) }.joined() }
        let (sx, sy) = scale ?? (1, 1)
        let d = figures.translation
        let speed = still ? 0 : figures.speed(scaledBy: scale)
        // The path in millimetres: its length in logical pixels times the mean of the two
        // axes' sizes (they differ only on panels with non-square pixels).
        let path = figures.pathLength * (sx + sy) / 2
        func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.1f", $0 * 1000) } ?? "–" }
        return pad(figures.medianRate.map { String(format: "%.0f", $0) } ?? "–", 6)
            + pad(figures.lowestRate.map { String(format: "%.0f", $0) } ?? "–", 8)
            + pad(ms(figures.p95Interval), 8) + pad(figures.sampleCount > 1 ? ms(figures.largestGap) : "–", 8)
            + pad(figures.sampleCount > 1 ? String(format: "%.0f", speed) : "–", 8)
            + pad(String(format: "%.1f", d.x * sx), 8) + pad(String(format: "%.1f", d.y * sy), 8)
            + pad(String(format: "%.1f", path), 10)
    }

    /// "fingers 2 now, 3 most in this gesture, 5 ever", and the pens' the same way once a
    /// pen has touched: a finger the compositor drops shows as a gesture's most falling short.
    static func contactsLine(_ inspector: InputInspector) -> String {
        func part(_ name: String, _ count: ContactCount) -> String {
            "\(name) \(count.now) now, \(count.mostInGesture) most in this gesture, \(count.mostEver) ever"
        }
        var text = part("fingers", inspector.contacts.counts[.direct] ?? ContactCount())
        if inspector.hasSeenPens { text += "   " + part("pens", inspector.contacts.counts[.pencil] ?? ContactCount()) }
        return text
    }

    /// One line per output the window is on; then, where the first gives no physical size, the
    /// one line that says why the figures are in pixels.
    static func outputLines(_ inspector: InputInspector) -> [String] {
        var lines = inspector.outputs.map { "on " + $0.shortSummary }
        if let first = inspector.outputs.first, inspector.millimetresPerPoint == nil {
            lines.append("figures in px: \(first.label) gives no physical size (0 × 0 mm)")
        }
        return lines
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
