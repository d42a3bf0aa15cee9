import Foundation

/// One report of a touch's state, kept as a value so that receiving input creates no objects.
///
/// Touches store the samples received since the last delivery and those of the current one;
/// `TouchEvent.coalescedTouches(for:)` turns the latter into `Touch` snapshots only when asked.
struct TouchSample {
    /// Window coordinates, never rounded.
    var location: Point
    /// Seconds on the input clock.
    var timestamp: TimeInterval
    /// `began` for the down, `moved` for motion, shape or orientation, `ended`/`cancelled` for
    /// the end, `stationary` for a touch that did not change in a delivery.
    var phase: TouchPhase
    var majorRadius: Double
    var minorRadius: Double
    var hasShape: Bool
    var orientation: Double?
    /// A tablet tool's axes; zero for fingers and the mouse.
    var pencil = PencilSample()
}
