import TouchKit

/// The touchpad's lines (format version 3): `touchpad KIND PHASE FINGERS [DX DY SCALE DEG]`.
extension LineParser {
    private static let kinds: [TouchpadGesture.Kind] = [.swipe, .pinch, .hold]
    private static let phases: [TouchpadGesture.Phase] = [.began, .changed, .ended, .cancelled]

    /// The event of a `touchpad` line, its arguments being what follows the word. The motion
    /// fields are optional except on `changed` (absent, they are the neutral 0 0 1 0); each is a
    /// `wl_fixed` in the protocol, so it is held to what one can hold, as `x` is: a scale of 0
    /// or below is kept, as the compositor may send it, for the recognizers to ignore again.
    func touchpadEvent(_ arguments: [Substring], seat: SeatID) throws(RecordingError) -> RecordedEvent {
        guard arguments.count == 3 || arguments.count == 7 else {
            throw error("expected 'touchpad KIND PHASE FINGERS' or 'touchpad KIND PHASE FINGERS DX DY SCALE DEG'")
        }
        guard let kind = TouchpadGesture.Kind(rawValue: String(arguments[0])) else {
            throw error("unknown touchpad gesture '\(Self.clipped(arguments[0]))' (expected \(Self.names(Self.kinds.map(\.rawValue))))")
        }
        guard let phase = TouchpadGesture.Phase(rawValue: String(arguments[1])) else {
            throw error("unknown touchpad phase '\(Self.clipped(arguments[1]))' (expected \(Self.names(Self.phases.map(\.rawValue))))")
        }
        let range = RecordingFormat.touchpadFingers
        guard let fingers = Int(arguments[2]), range.contains(fingers) else {
            throw error("fingers '\(Self.clipped(arguments[2]))' is not an integer \(range.lowerBound)…\(range.upperBound)")
        }
        var gesture = RecordedTouchpadGesture(kind: kind, phase: phase, fingers: fingers)
        if arguments.count == 7 {
            gesture.delta = Point(x: try fixed(arguments[3], "dx"), y: try fixed(arguments[4], "dy"))
            gesture.scale = try fixed(arguments[5], "scale")
            gesture.rotation = try fixed(arguments[6], "rotation")
        } else if phase == .changed {
            throw error("expected 'touchpad \(kind.rawValue) changed FINGERS DX DY SCALE DEG'")
        }
        return .touchpad(seat: seat, gesture)
    }

    /// `a, b or c`.
    private static func names(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
