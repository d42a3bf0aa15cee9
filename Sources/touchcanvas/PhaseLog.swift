import TouchKit

/// `--log phases`: one JSON object per delivered touch, one line each.
@MainActor
enum PhaseLog {
    /// Every touch of the event, changed or stationary, in touch-number order.
    static func lines(for event: TouchEvent) -> [String] {
        event.allTouches.sorted { $0.number < $1.number }.map(line(for:))
    }

    /// Writes the lines of one delivery.
    static func emit(_ event: TouchEvent) {
        for line in lines(for: event) { StandardOutput.writeLine(line) }
    }

    static func line(for touch: Touch) -> String {
        let location = touch.location(in: nil)
        var s = "{\"t\":\(Int64((touch.timestamp * 1000).rounded()))"
        s += ",\"seat\":\(JSONText.string(touch.seatName))"
        s += ",\"type\":\"\(touch.type.name)\",\"phase\":\"\(touch.phase.name)\""
        s += ",\"touch\":\(touch.number),\"id\":\(touch.identifier)"
        s += ",\"x\":\(JSONText.number(location.x)),\"y\":\(JSONText.number(location.y))"
        if touch.hasShape {
            s += ",\"major\":\(JSONText.number(touch.majorRadius * 2)),\"minor\":\(JSONText.number(touch.minorRadius * 2))"
        }
        if let orientation = touch.orientation { s += ",\"orientation\":\(JSONText.number(orientation))" }
        return s + "}"
    }
}
