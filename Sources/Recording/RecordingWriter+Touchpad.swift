import TouchCanvasApp
import TouchKit

// Touchpad gestures, recorded so a session that pinched or swiped replays to the same pixels
// (format version 3): without this the protocol's empty default would leave them out.
extension RecordingWriter {
    /// Records a touchpad gesture event; its location and compositor timestamp are not kept
    /// (see ``RecordedTouchpadGesture``).
    public func touchpadGesture(_ gesture: TouchpadGesture, time: UInt32, seat: SeatID) {
        record(.touchpad(seat: seat, RecordedTouchpadGesture(gesture)))
    }

    /// `touchpad KIND PHASE FINGERS`, then `DX DY SCALE DEG` on every `changed` line and on any
    /// other whose motion is not neutral: the protocol's begin and end carry none, so real files
    /// stay short, while an odd event a program made still replays as it was.
    static func touchpadLine(_ gesture: RecordedTouchpadGesture) -> String {
        let range = RecordingFormat.touchpadFingers
        let fingers = min(max(gesture.fingers, range.lowerBound), range.upperBound)
        var line = RecordingFormat.line(SeatWord.touchpad, gesture.kind.rawValue, gesture.phase.rawValue, String(fingers))
        if gesture.phase == .changed || !gesture.hasNeutralMotion {
            line += " \(coordinate(gesture.delta.x)) \(coordinate(gesture.delta.y))"
            line += " \(coordinate(gesture.scale)) \(coordinate(gesture.rotation))"
        }
        return line
    }
}
