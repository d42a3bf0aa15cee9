import TouchKit

/// What a key asks that changes the scene's drawing; a recording keeps these, so a replay draws
/// what the user drew. Not saving, nor what the app lays over the scene (the HUD, the `d` sample
/// dots, the hover ring): a replay shows the scene alone.
public enum SceneCommand: Sendable, Hashable {
    /// `c`: the scene cleared.
    case clear
    /// `u` or Ctrl+Z: the last stroke undone.
    case undo
    /// `1`–`8`: another scene (touches in flight are cancelled first).
    case scene(Scene)
    /// `p`: palm rejection on or off (fingers near a pen draw nothing while on).
    case palmRejection(Bool)
    /// `f` in the latency scene: the flash fills the window or a corner patch.
    case flashArea(LatencyFlashArea)
}

/// Something that watches the input as the session handles it, beside the views: the `check`
/// command's guided test. Raw events come before the touch model sees them.
@MainActor
public protocol InputObserver: AnyObject {
    func received(_ touch: RawTouchInput, seat: SeatID)
    func delivered(_ event: TouchEvent)
    func anomaly(_ anomaly: TouchAnomaly)
    /// A pen's event, before the touch model sees it.
    func received(_ tablet: RawTabletToolInput, tool: TabletToolID, seat: SeatID)
    /// A seat announced a tablet tool.
    func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID)
    /// A touchpad swipe, pinch or hold event, before the recognizers see it.
    func touchpadGesture(_ gesture: TouchpadGesture, seat: SeatID)
}

extension InputObserver {
    public func received(_ tablet: RawTabletToolInput, tool: TabletToolID, seat: SeatID) {}
    public func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {}
    public func touchpadGesture(_ gesture: TouchpadGesture, seat: SeatID) {}
}

/// Hears everything that reaches a ``AppSession`` and changes what it draws, in the order it
/// came: the input, the window's size and scale, the commands and the display frames. A
/// recording written from these plays back to the same pixels.
@MainActor
public protocol AppSessionRecorder: AnyObject {
    func touch(_ input: RawTouchInput, seat: SeatID)
    func pointer(_ input: RawPointerInput, seat: SeatID)
    func touchCapabilityLost(seat: SeatID)
    func pointerCapabilityLost(seat: SeatID)
    func seatRemoved(_ seat: SeatID)
    func seatName(_ name: String, for seat: SeatID)
    func configure(width: Int, height: Int)
    func scale(_ scale: Int)
    /// Input that waited for a `frame` was delivered without one.
    func flushedPendingInput()
    /// The recognizers' time-outs that were due fired, at the app's timer for them.
    func gestureTimeoutsFired()
    func command(_ command: SceneCommand)
    /// A display frame, predicting `predictionInterval` seconds ahead.
    func displayFrame(predictionInterval: Double?)
    /// A pen's event (tablet-v2), as the session handled it.
    func tabletTool(_ input: RawTabletToolInput, tool: TabletToolID, seat: SeatID)
    func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID)
    func tabletToolRemoved(_ tool: TabletToolID, seat: SeatID)
    func tabletRemoved(_ tablet: TabletID, seat: SeatID)
    func tabletToolProximityInForeignSurface(_ tool: TabletToolID, seat: SeatID)
    /// A touchpad gesture event (`zwp_pointer_gestures_v1`), with its 32-bit milliseconds.
    func touchpadGesture(_ gesture: TouchpadGesture, time: UInt32, seat: SeatID)
}

/// Recorders that keep no pen events ignore them.
extension AppSessionRecorder {
    public func tabletTool(_ input: RawTabletToolInput, tool: TabletToolID, seat: SeatID) {}
    public func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {}
    public func tabletToolRemoved(_ tool: TabletToolID, seat: SeatID) {}
    public func tabletRemoved(_ tablet: TabletID, seat: SeatID) {}
    public func tabletToolProximityInForeignSurface(_ tool: TabletToolID, seat: SeatID) {}
    public func touchpadGesture(_ gesture: TouchpadGesture, time: UInt32, seat: SeatID) {}
}
