/// Where a touch is in its life, as UIKit's `UITouch.Phase`.
///
/// A touch goes `began` → (`moved` | `stationary`)* → (`ended` | `cancelled`), exactly once each
/// at the ends; `TouchInputMachine` guarantees it whatever the compositor sends.
public enum TouchPhase: Sendable, Hashable, CaseIterable {
    /// The finger touched down in this delivery; the first phase of every touch, delivered once.
    case began
    /// The touch moved (or its shape or orientation changed) since the previous delivery.
    case moved
    /// Still down but unchanged in this delivery; present in `allTouches`, never dispatched.
    case stationary
    /// The finger lifted (or the last held button was released); the touch's life is over.
    case ended
    /// The system took the touch away (`wl_touch.cancel`, a pointer leave, a lost seat or
    /// surface); undo what the touch started rather than completing it.
    case cancelled

    /// The spelling used by `--log phases`, kept stable for people grepping logs.
    public var name: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    /// True for `ended` and `cancelled`: nothing is delivered for the touch afterwards.
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}
