import TouchKit

/// An anomaly as one JSON line: `--log phases` and `--log raw` both print them, so neither
/// log owns the format.
enum AnomalyLog {
    static func line(for anomaly: TouchAnomaly) -> String {
        var s = "{\"anomaly\":\(JSONText.string(anomaly.kind)),\"seat\":\(JSONText.string(anomaly.seatName)),\"device\":\(JSONText.string(anomaly.device))"
        for key in anomaly.details.keys.sorted() {
            s += ",\(JSONText.string(key)):\(JSONText.string(anomaly.details[key] ?? ""))"
        }
        return s + "}"
    }
}
