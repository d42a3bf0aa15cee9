import TouchKit

/// `--log raw`: every `wl_seat`, `wl_touch` and `wl_pointer` event as it arrived, one JSON
/// object per line, before TouchKit grouped or checked anything.
///
/// `"t"` is when the event was read, in milliseconds since the app started (monotonic), so the
/// gaps between events are visible even where the compositor's own `"time"` (its 32-bit
/// millisecond stamp, printed as sent) is missing or coarse.
enum RawLog {
    static func line(for event: WireEvent, seatName: String, arrival milliseconds: Double) -> String {
        var s = "{\"t\":\(JSONText.number((milliseconds * 1000).rounded() / 1000))"
        s += ",\"seat\":\(JSONText.string(seatName))"
        s += ",\"interface\":\"\(event.interface)\",\"event\":\"\(event.name)\""
        for (name, value) in event.arguments {
            s += ",\(JSONText.string(name)):"
            switch value {
            case .int(let n): s += String(n)
            case .number(let d): s += JSONText.number(d)
            case .string(let text): s += JSONText.string(text)
            case .null: s += "null"
            }
        }
        return s + "}"
    }
}
