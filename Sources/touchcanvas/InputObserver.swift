import TouchCanvasApp
import TouchKit

/// Something that watches the input as the app handles it, beside the views: the `check`
/// command's guided test. Raw events come before the touch model sees them.
@MainActor
protocol InputObserver: AnyObject {
    func received(_ touch: RawTouchInput, seat: SeatID)
    func delivered(_ event: TouchEvent)
    func anomaly(_ anomaly: TouchAnomaly)
}

extension CompositorCheck: InputObserver {}
