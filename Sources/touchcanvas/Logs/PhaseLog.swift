import TouchKit

/// `--log phases`: one JSON object per delivered touch, one line each.
///
/// A pencil touch's line adds the pen after the finger fields, so a finger's line is the same
/// as before pens existed and scripts that read finger logs need not change. Angles follow the
/// names they come from: `altitude` and `azimuth` are UIKit's, in radians; `tiltX`, `tiltY` and
/// `rotation` are tablet-v2's, in the degrees the compositor sent, so a log can be compared
/// with what `--log raw` shows arriving.
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
        var s = "{\"t\":\(milliseconds(touch.timestamp))"
        s += ",\"seat\":\(JSONText.string(touch.seatName))"
        s += ",\"type\":\"\(touch.type.name)\",\"phase\":\"\(touch.phase.name)\""
        s += ",\"touch\":\(touch.number),\"id\":\(touch.identifier)"
        s += ",\"x\":\(JSONText.number(location.x)),\"y\":\(JSONText.number(location.y))"
        if touch.hasShape {
            s += ",\"major\":\(JSONText.number(touch.majorRadius * 2)),\"minor\":\(JSONText.number(touch.minorRadius * 2))"
        }
        if let orientation = touch.orientation { s += ",\"orientation\":\(JSONText.number(orientation))" }
        if touch.type == .pencil { s += pencilFields(of: touch) }
        return s + "}"
    }

    /// A pen's fields. An axis is written when the tool announced it or sent it anyway (a value
    /// other than 0): a tool without tilt would otherwise log an upright pen it never measured,
    /// and one without pressure a force of 0 that reads like a feather-light touch.
    static func pencilFields(of touch: Touch) -> String {
        var s = ""
        if let tool = touch.tabletTool { s += ",\"tool\":\(tool.raw)" }
        let description = touch.toolDescription
        if let description {
            s += ",\"toolType\":\(JSONText.string(description.type.rawValue))"
            if let serial = description.hardwareSerial { s += ",\"serial\":\(serial)" }
        }
        // No description: a tool the glue never announced, taken to have every axis.
        func has(_ axis: TabletToolCapability, _ value: Double) -> Bool {
            description?.capabilities.contains(axis) ?? true || (value != 0 && !value.isNaN)
        }
        let pressure = touch.normalisedPressure
        if touch.maximumPossibleForce > 0 || has(.pressure, pressure) {
            s += ",\"force\":\(JSONText.number(touch.force))"
            s += ",\"pressure\":\(JSONText.number(pressure))"
        }
        let tilt = touch.tilt
        if has(.tilt, tilt.x) || has(.tilt, tilt.y) {
            s += ",\"altitude\":\(JSONText.number(touch.altitudeAngle))"
            s += ",\"azimuth\":\(JSONText.number(touch.azimuthAngle(in: nil)))"
            s += ",\"tiltX\":\(JSONText.number(tilt.x)),\"tiltY\":\(JSONText.number(tilt.y))"
        }
        if has(.distance, touch.distance) { s += ",\"distance\":\(JSONText.number(touch.distance))" }
        let rotation = touch.rollAngle * 180 / .pi
        if has(.rotation, rotation) { s += ",\"rotation\":\(JSONText.number(rotation))" }
        return s
    }

    /// A pen's hover changed: where it hovers (`hover` true) or that it stopped hovering
    /// (`hover` false, with no location: it went out of range, or its tip went down and its
    /// touch's lines take over). Hovers are not touches, so they have no phase or touch number;
    /// `time` is on the touches' clock (seconds of the compositor's time), so the lines sort
    /// with theirs.
    ///
    /// The shell writes these from the session's `onPencilHover`, next to the touches' lines.
    static func line(forPencilHover tool: TabletToolID, seatName: String, location: Point?, distance: Double?,
                     time: Double) -> String {
        var s = "{\"t\":\(milliseconds(time)),\"seat\":\(JSONText.string(seatName))"
        s += ",\"type\":\"\(TouchType.pencil.name)\",\"hover\":\(location != nil),\"tool\":\(tool.raw)"
        if let location {
            s += ",\"x\":\(JSONText.number(location.x)),\"y\":\(JSONText.number(location.y))"
            if let distance { s += ",\"distance\":\(JSONText.number(distance))" }
        }
        return s + "}"
    }

    /// Whole milliseconds; a time that is not finite or would not fit (which no compositor
    /// sends, but a replayed file might hold) is written as null instead of trapping.
    static func milliseconds(_ seconds: Double) -> String {
        let ms = (seconds * 1000).rounded()
        guard ms.isFinite, abs(ms) < 9e15 else { return "null" }
        return String(Int64(ms))
    }
}
