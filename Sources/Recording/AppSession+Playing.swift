import TouchCanvasApp
import TouchKit

extension RecordingWriter: AppSessionRecorder {}

extension AppSession {
    /// Feeds one recorded input or command line into the session, as the live app fed it when
    /// it was recorded; `time` is the line's, in milliseconds, and stands for the compositor's
    /// event time. The window's own lines (`configure`, `scale`, `display-frame`) belong to
    /// whoever drives the display and are left to the caller.
    public func play(_ event: RecordedEvent, at time: Double) {
        // The parser keeps times in range; clamped all the same, so no value can trap here.
        let stamp = time >= 0 ? UInt32(min(time.rounded(.down), Double(UInt32.max))) : 0
        switch event {
        case let .touch(seat, touch): handle(touch.stamped(stamp), seat: seat)
        case let .pointer(seat, pointer): handle(pointer.stamped(stamp), seat: seat)
        case let .capabilityLost(seat, .touch): touchCapabilityLost(seat: seat)
        case let .capabilityLost(seat, .pointer): pointerCapabilityLost(seat: seat)
        case let .seatRemoved(seat): seatRemoved(seat)
        case let .seatName(seat, name): setSeatName(name, for: seat)
        case .flush: flushPendingInput()
        case .gestureTimeout: advanceGestures()
        case let .command(command): perform(command)
        case let .tabletToolAdded(seat, tool, description): tabletToolAdded(tool, description: description, seat: seat)
        case let .tabletTool(seat, tool, input): handle(input.stamped(stamp), tool: tool, seat: seat)
        case let .tabletToolRemoved(seat, tool): tabletToolRemoved(tool, seat: seat)
        case let .tabletRemoved(seat, tablet): tabletRemoved(tablet, seat: seat)
        case let .tabletToolProximityInForeignSurface(seat, tool): tabletToolProximityInForeignSurface(tool, seat: seat)
        // At the seat's pointer, which the pointer lines before it put where it was.
        case let .touchpad(seat, gesture): handle(gesture.gesture, time: stamp, seat: seat)
        case .configure, .scale, .displayFrame: break
        }
    }
}
