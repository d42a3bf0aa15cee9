extension GestureRecognizer {
    /// Where a recognizer is in deciding about its touches, as `UIGestureRecognizer.State`.
    ///
    /// Discrete recognizers (tap, swipe) go `possible` → `ended` or `failed`; continuous ones
    /// (pan, pinch, rotation, long press, hover) go `possible` → `began` → `changed`* → `ended`
    /// or `cancelled`, or `possible` → `failed`. Once all its touches are done, a recognizer in
    /// `ended`, `cancelled` or `failed` is reset to `possible`.
    public enum State: Sendable, Hashable, CaseIterable {
        /// Still looking at touches; the default, and the state after every reset.
        case possible
        /// A continuous gesture was recognized; the targets hear it.
        case began
        /// A continuous gesture goes on.
        case changed
        /// The gesture is over: a continuous one finished, or a discrete one was recognized
        /// (UIKit's `recognized` is this state too).
        case ended
        /// A continuous gesture was taken away (disabled, a system cancel, another recognizer).
        case cancelled
        /// The touches are not this gesture; the targets are not told.
        case failed

        /// UIKit's name for `ended` as a discrete recognizer reaches it.
        public static let recognized = State.ended

        /// The spelling of `--log gestures`.
        public var name: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// `ended`, `cancelled` or `failed`: the recognizer waits for its reset.
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

        /// `began` or `changed`: a continuous gesture is under way.
        public var isInProgress: Bool { self == .began || self == .changed }

        /// UIKit's allowed transitions; anything else is refused, so a subclass that sets a
        /// state twice, or input that arrives late, cannot corrupt the machine.
        func canMove(to next: State) -> Bool {
            switch (self, next) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed): true
            case (.began, .changed), (.began, .ended), (.began, .cancelled): true
            case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
            default: false
            }
        }
    }
}
