import TouchKit

/// `--log gestures`: one JSON line per recognizer state change, failures included, with the
/// fields its kind has:
///
/// ```json
/// {"t":81234,"recognizer":"pinch","view":"square","state":"changed","x":400,"y":300,"scale":1.25,"velocity":0.8,"touches":2}
/// ```
///
/// `t` is the recognizers' clock in milliseconds (the compositor's input time, as `--log
/// phases` has it); `x`/`y` the gesture's location in window coordinates; `touches` the touches
/// it tracks (for a touchpad gesture, the fingers on the touchpad). A recognizer is named by its `name`,
/// else by its kind; a view by its `accessibilityIdentifier`, else by its type.
@MainActor
enum GestureLog {
    static func line(for recognizer: GestureRecognizer, state: GestureRecognizer.State, time: Double) -> String {
        let location = recognizer.location(in: nil)
        var s = "{\"t\":\(JSONText.number((time * 1000 * 1000).rounded() / 1000))"
        s += ",\"recognizer\":\(JSONText.string(name(of: recognizer)))"
        s += ",\"view\":" + (recognizer.view.map { JSONText.string(name(of: $0)) } ?? "null")
        s += ",\"state\":\"\(state.name)\""
        s += ",\"x\":\(JSONText.number(location.x)),\"y\":\(JSONText.number(location.y))"
        s += fields(of: recognizer)
        return s + ",\"touches\":\(recognizer.numberOfTouches)}"
    }

    static func name(of recognizer: GestureRecognizer) -> String {
        if let name = recognizer.name { return name }
        switch recognizer {
        case is TapGestureRecognizer: return "tap"
        case is LongPressGestureRecognizer: return "longPress"
        case is PanGestureRecognizer: return "pan"
        case is PinchGestureRecognizer: return "pinch"
        case is RotationGestureRecognizer: return "rotation"
        case is SwipeGestureRecognizer: return "swipe"
        case is HoverGestureRecognizer: return "hover"
        default: return String(describing: type(of: recognizer))
        }
    }

    static func name(of view: View) -> String { view.accessibilityIdentifier ?? String(describing: type(of: view)) }

    /// What each kind measures, in the units its API gives.
    static func fields(of recognizer: GestureRecognizer) -> String {
        switch recognizer {
        case let pan as PanGestureRecognizer:
            let translation = pan.translation(in: nil), velocity = pan.velocity(in: nil)
            return ",\"dx\":\(JSONText.number(translation.x)),\"dy\":\(JSONText.number(translation.y))"
                + ",\"vx\":\(JSONText.number(velocity.x)),\"vy\":\(JSONText.number(velocity.y))"
        case let pinch as PinchGestureRecognizer:
            return ",\"scale\":\(JSONText.number(pinch.scale)),\"velocity\":\(JSONText.number(pinch.velocity))"
        case let rotation as RotationGestureRecognizer:
            return ",\"rotation\":\(JSONText.number(rotation.rotation)),\"velocity\":\(JSONText.number(rotation.velocity))"
        case let swipe as SwipeGestureRecognizer:
            let names: [(SwipeGestureRecognizer.Direction, String)] = [(.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
            let direction = names.filter { swipe.direction.contains($0.0) }.map(\.1).joined(separator: ",")
            return ",\"direction\":\(JSONText.string(direction))"
        case let tap as TapGestureRecognizer:
            return ",\"taps\":\(tap.numberOfTapsRequired)"
        default:
            return ""
        }
    }
}
