import TouchKit
import Wayland

/// One pointer's touchpad gestures (`zwp_pointer_gestures_v1`): swipes, pinches and holds, as
/// TouchKit's `TouchpadGesture` for the content, and as wire events for `--log raw`.
///
/// A gesture is the content's when its `begin` names the content; its updates and end follow it
/// there, as a touch follows its `down`. One on our chrome, libdecor's or someone else's surface
/// is only logged.
@MainActor
final class TouchpadGestures {
    private var swipe: ZwpPointerGestureSwipeV1?
    private var pinch: ZwpPointerGesturePinchV1?
    private var hold: ZwpPointerGestureHoldV1?
    /// The gesture of each kind in progress over the content, with its finger count (updates
    /// carry none).
    private var fingersOnContent: [TouchpadGesture.Kind: Int] = [:]
    private let classify: (WlSurface?) -> InputSurface
    /// A gesture event for the content, with the event's 32-bit milliseconds.
    var onGesture: ((TouchpadGesture, UInt32) -> Void)?
    /// Every gesture event as it arrived, when `--log raw` listens.
    var onWire: ((WireEvent) -> Void)?
    /// How a surface is named in a wire event.
    var surfaceValue: (WlSurface?) -> WireEvent.Value = { _ in .null }

    /// Swipe and pinch from version 1; hold needs version 3 (the manager's version decides).
    init(manager: ZwpPointerGesturesV1, pointer: WlPointer, classify: @escaping (WlSurface?) -> InputSurface) {
        self.classify = classify
        swipe = manager.getSwipeGesture(pointer: pointer)
        pinch = manager.getPinchGesture(pointer: pointer)
        hold = manager.version >= 3 ? manager.getHoldGesture(pointer: pointer) : nil
        swipe?.onEvent = { [unowned self] event in
            switch event {
            case let .begin(serial, time, surface, fingers):
                began(.swipe, "zwp_pointer_gesture_swipe_v1", serial: serial, time: time, surface: surface, fingers: fingers)
            case let .update(time, dx, dy):
                wire("zwp_pointer_gesture_swipe_v1", "update", [("time", .int(Int64(time))), ("dx", .number(dx)), ("dy", .number(dy))])
                changed(.swipe, time: time, delta: Point(x: dx, y: dy))
            case let .end(serial, time, cancelled):
                ended(.swipe, "zwp_pointer_gesture_swipe_v1", serial: serial, time: time, cancelled: cancelled)
            }
        }
        pinch?.onEvent = { [unowned self] event in
            switch event {
            case let .begin(serial, time, surface, fingers):
                began(.pinch, "zwp_pointer_gesture_pinch_v1", serial: serial, time: time, surface: surface, fingers: fingers)
            case let .update(time, dx, dy, scale, rotation):
                wire("zwp_pointer_gesture_pinch_v1", "update", [
                    ("time", .int(Int64(time))), ("dx", .number(dx)), ("dy", .number(dy)),
                    ("scale", .number(scale)), ("rotation", .number(rotation)),
                ])
                changed(.pinch, time: time, delta: Point(x: dx, y: dy), scale: scale, rotation: rotation)
            case let .end(serial, time, cancelled):
                ended(.pinch, "zwp_pointer_gesture_pinch_v1", serial: serial, time: time, cancelled: cancelled)
            }
        }
        hold?.onEvent = { [unowned self] event in
            switch event {
            case let .begin(serial, time, surface, fingers):
                began(.hold, "zwp_pointer_gesture_hold_v1", serial: serial, time: time, surface: surface, fingers: fingers)
            case let .end(serial, time, cancelled):
                ended(.hold, "zwp_pointer_gesture_hold_v1", serial: serial, time: time, cancelled: cancelled)
            }
        }
    }

    /// Before the pointer is released: the gesture objects are ours to destroy.
    func release() {
        swipe?.destroy()
        pinch?.destroy()
        hold?.destroy()
        (swipe, pinch, hold) = (nil, nil, nil)
        fingersOnContent.removeAll()
    }

    private func wire(_ interface: String, _ name: String, _ arguments: [(String, WireEvent.Value)]) {
        onWire?(WireEvent(interface, name, arguments))
    }

    private func began(_ kind: TouchpadGesture.Kind, _ interface: String, serial: UInt32, time: UInt32,
                       surface: WlSurface?, fingers: UInt32) {
        wire(interface, "begin", [("serial", .int(Int64(serial))), ("time", .int(Int64(time))),
                                  ("surface", surfaceValue(surface)), ("fingers", .int(Int64(fingers)))])
        guard classify(surface) == .content else {
            fingersOnContent[kind] = nil
            return
        }
        // A compositor's count may be anything: a touchpad has at most a hand's fingers.
        let count = Int(min(fingers, 10))
        fingersOnContent[kind] = count
        onGesture?(TouchpadGesture(kind: kind, phase: .began, fingers: count, location: .zero, time: 0), time)
    }

    private func changed(_ kind: TouchpadGesture.Kind, time: UInt32, delta: Point, scale: Double = 1, rotation: Double = 0) {
        guard let fingers = fingersOnContent[kind] else { return }
        onGesture?(TouchpadGesture(kind: kind, phase: .changed, fingers: fingers, location: .zero, time: 0,
                                   delta: delta, scale: scale, rotation: rotation), time)
    }

    private func ended(_ kind: TouchpadGesture.Kind, _ interface: String, serial: UInt32, time: UInt32, cancelled: Int32) {
        wire(interface, "end", [("serial", .int(Int64(serial))), ("time", .int(Int64(time))), ("cancelled", .int(Int64(cancelled)))])
        guard let fingers = fingersOnContent.removeValue(forKey: kind) else { return }
        // `cancelled` is 1 when the gesture was taken back: the recognizers it drove cancel.
        onGesture?(TouchpadGesture(kind: kind, phase: cancelled != 0 ? .cancelled : .ended, fingers: fingers,
                                   location: .zero, time: 0), time)
    }
}
