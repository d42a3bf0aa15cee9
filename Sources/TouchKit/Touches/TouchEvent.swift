import Foundation

/// One delivery: every touch currently down on the window, after `UIEvent`.
///
/// Each touch's `phase` says what happened to it in this delivery; unchanged ones are
/// `stationary`. Read the phases during dispatch — the touch objects live on and change.
@MainActor
public final class TouchEvent {
    /// Seconds on the input clock of the newest change in the delivery.
    public let timestamp: TimeInterval
    /// All touches of all seats on the window (UIKit's `allTouches`), changed or not.
    public let allTouches: Set<Touch>

    init(timestamp: TimeInterval, allTouches: Set<Touch>) {
        self.timestamp = timestamp
        self.allTouches = allTouches
    }

    /// The touches bound to `view` (changed or stationary); compare its count with the handler's
    /// set to tell when the last finger on the view lifted.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }

    /// The touches in the event with a given phase, a convenience for logs and tests.
    public func touches(in phase: TouchPhase) -> Set<Touch> {
        allTouches.filter { $0.phase == phase }
    }
}
