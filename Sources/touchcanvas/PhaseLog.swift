import Glibc
import TouchKit

/// `--log phases`: one JSON object per delivered touch, one line each, written straight to
/// stdout so a reader (a test, `jq`, a pipe) sees every line as it happens.
@MainActor
enum PhaseLog {
    /// Every touch of the event, changed or stationary, in touch-number order.
    static func lines(for event: TouchEvent) -> [String] {
        event.allTouches.sorted { $0.number < $1.number }.map(line(for:))
    }

    /// Writes the lines of one delivery.
    static func emit(_ event: TouchEvent) {
        for line in lines(for: event) { emit(line) }
    }

    static func line(for touch: Touch) -> String {
        let location = touch.location(in: nil)
        var s = "{\"t\":\(Int64((touch.timestamp * 1000).rounded()))"
        s += ",\"seat\":\(jsonString(touch.seatName))"
        s += ",\"type\":\"\(touch.type.name)\",\"phase\":\"\(touch.phase.name)\""
        s += ",\"touch\":\(touch.number),\"id\":\(touch.identifier)"
        s += ",\"x\":\(jsonNumber(location.x)),\"y\":\(jsonNumber(location.y))"
        if touch.hasShape {
            s += ",\"major\":\(jsonNumber(touch.majorRadius * 2)),\"minor\":\(jsonNumber(touch.minorRadius * 2))"
        }
        if let orientation = touch.orientation { s += ",\"orientation\":\(jsonNumber(orientation))" }
        return s + "}"
    }

    static func line(for anomaly: TouchAnomaly) -> String {
        var s = "{\"anomaly\":\(jsonString(anomaly.kind)),\"seat\":\(jsonString(anomaly.seatName)),\"device\":\(jsonString(anomaly.device))"
        for key in anomaly.details.keys.sorted() {
            s += ",\(jsonString(key)):\(jsonString(anomaly.details[key] ?? ""))"
        }
        return s + "}"
    }

    /// Locations are never rounded; JSON has no NaN or infinity, so those become null.
    nonisolated static func jsonNumber(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    nonisolated static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// One `write(2)` per line: unbuffered, so nothing is lost if the process is killed.
    nonisolated static func emit(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = write(1, base + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }  // stdout closed: logging is best effort, drawing goes on
                offset += n
            }
        }
    }
}

/// One line on stderr, for errors and saved-file paths.
func printError(_ message: String) {
    var bytes = Array("touchcanvas: \(message)\n".utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

func closeDescriptor(_ fd: Int32) { close(fd) }
