import TouchKit

/// A touchpad gesture event (`zwp_pointer_gestures_v1`) as a recording keeps it: a
/// ``TouchpadGesture`` without its location and time.
///
/// The location is left out because the session does not use the one it is given while the
/// seat's pointer is on the surface (it takes the pointer's, which the `pointer-…` lines already
/// replay), and a compositor sends gestures only to the pointer's surface. The time is left out
/// as every compositor timestamp is: the line's time stands for it.
public struct RecordedTouchpadGesture: Sendable, Hashable {
    /// Swipe, pinch or hold: which recognizers the event drives.
    public var kind: TouchpadGesture.Kind
    /// Began, changed, ended or cancelled (an end whose `cancelled` flag was set).
    public var phase: TouchpadGesture.Phase
    /// As the session received it; the format keeps 0…4294967295, the protocol's `uint`, so a
    /// replay meets even a misbehaving compositor's count.
    public var fingers: Int
    /// Logical pixels moved since the previous update (swipes and pinches).
    public var delta: Point
    /// A pinch's scale relative to its start, absolute rather than a step, as the protocol
    /// sends it.
    public var scale: Double
    /// Degrees, clockwise, since the previous event.
    public var rotation: Double

    public init(kind: TouchpadGesture.Kind, phase: TouchpadGesture.Phase, fingers: Int,
                delta: Point = .zero, scale: Double = 1, rotation: Double = 0) {
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.delta = delta
        self.scale = scale
        self.rotation = rotation
    }

    /// What a recording keeps of `gesture`: all of it but its location and time.
    public init(_ gesture: TouchpadGesture) {
        self.init(kind: gesture.kind, phase: gesture.phase, fingers: gesture.fingers,
                  delta: gesture.delta, scale: gesture.scale, rotation: gesture.rotation)
    }

    /// The event to hand to ``AppSession/handle(_:time:seat:)``: at (0, 0), which the glue
    /// passes too (a gesture event carries no location), and time 0, which the session replaces
    /// with the time it is handed.
    public var gesture: TouchpadGesture {
        TouchpadGesture(kind: kind, phase: phase, fingers: fingers, location: .zero, time: 0,
                        delta: delta, scale: scale, rotation: rotation)
    }

    /// Whether the motion fields are what a `begin` or an `end` carries (no motion, scale 1,
    /// no turn), so a line may leave them out.
    var hasNeutralMotion: Bool {
        delta == .zero && scale == 1 && rotation == 0
    }
}
