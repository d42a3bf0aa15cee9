/// Where a touch is in its life, as UIKit's `UITouch.Phase`.
///
/// A touch goes `began` → (`moved` | `stationary`)* → (`ended` | `cancelled`), exactly once each
/// at the ends; `TouchInputMachine` guarantees it whatever the compositor sends.
public enum TouchPhase: Sendable, Hashable, CaseIterable {
    case began
    case moved
    /// Still down but unchanged in this delivery; present in `allTouches`, never dispatched.
    case stationary
    case ended
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
