import TouchKit

/// Palm rejection: while a pen is in range over the window, a finger that comes down is taken
/// for the hand holding the pen and draws nothing. It is still delivered (and logged); only
/// the drawing scenes leave it out. `p` turns it off, for drawing with a pen and fingers at
/// once; it is on by default.
@MainActor
public final class PalmRejection {
    public var isEnabled = true
    /// Whether any pen is in range over the window, as the input machine knows it (the one
    /// place that follows a pen's proximity: ``TouchInputMachine/isAnyTabletToolInRange``).
    /// The session sets it.
    public var penInRange: () -> Bool = { false }

    public init() {}

    /// Whether any pen is in range over the window.
    public var isPenInRange: Bool { penInRange() }

    /// Whether `touch`, which just began, should draw nothing: a finger while a pen is near.
    public func rejects(_ touch: Touch) -> Bool {
        isEnabled && touch.type == .direct && isPenInRange
    }
}

/// A drawing scene that leaves out fingers palm rejection rejects.
@MainActor
public protocol PalmRejecting: AnyObject {
    /// Set by the session; nil draws every finger.
    var palmRejection: PalmRejection? { get set }
}
