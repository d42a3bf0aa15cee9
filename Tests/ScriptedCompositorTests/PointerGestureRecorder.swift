import ScriptedCompositor
import Wayland

/// A test client's touchpad gestures on one pointer: a swipe, a pinch and (from version 3) a hold
/// object, with every event written down one line each (`swipe begin 3 window`, `pinch update
/// 1.5 -2.0 1.25 10.0`, `hold end cancelled`) and its serial and time kept apart, so a test can
/// compare lines exactly and check serials and times against `sentPointerGestures`.
@MainActor
final class PointerGestureRecorder {
    let manager: ZwpPointerGesturesV1
    /// The seat the pointer was made from, kept while the pointer is used.
    let seat: WlSeat?
    let pointer: WlPointer
    private(set) var swipe: ZwpPointerGestureSwipeV1?
    private(set) var pinch: ZwpPointerGesturePinchV1?
    /// Nil below version 3, where the manager has no `get_hold_gesture`.
    private(set) var hold: ZwpPointerGestureHoldV1?
    private(set) var events: [String] = []
    /// Serials of begins and ends, in order.
    private(set) var serials: [UInt32] = []
    /// Times of every event, in order.
    private(set) var times: [UInt32] = []
    private let name: (WlSurface?) -> String?

    /// `name(surface)` labels the surface of a begin (e.g. "window"). A second recorder on the
    /// same client passes the first one's `manager` or `pointer` to share them; `seatGlobal` picks
    /// the `wl_seat` global (by registry name) whose pointer is used (the first by default).
    init(_ client: TestClient, version: UInt32 = 3, manager: ZwpPointerGesturesV1? = nil, pointer: WlPointer? = nil,
         seatGlobal: UInt32? = nil, name: @escaping (WlSurface?) -> String? = { _ in nil }) throws {
        let seat = pointer == nil ? client.bind(WlSeat.self, version: 8, name: seatGlobal) : nil
        guard let manager = manager ?? client.bind(ZwpPointerGesturesV1.self, version: version),
              let pointer = pointer ?? seat?.getPointer() else { throw TestFailure("no pointer gestures") }
        self.manager = manager
        self.seat = seat
        self.pointer = pointer
        self.name = name
        makeObjects()
    }

    /// Every kind at once, so a test sees that an event reached only the objects of its kind.
    private func makeObjects() {
        swipe = manager.getSwipeGesture(pointer: pointer)
        pinch = manager.getPinchGesture(pointer: pointer)
        hold = manager.getHoldGesture(pointer: pointer)
        swipe?.onEvent = { [unowned self] event in
            switch event {
            case .begin(let serial, let time, let surface, let fingers): begin("swipe", serial, time, surface, fingers)
            case .update(let time, let dx, let dy): note("swipe update \(dx) \(dy)", time: time)
            case .end(let serial, let time, let cancelled): end("swipe", serial, time, cancelled)
            }
        }
        pinch?.onEvent = { [unowned self] event in
            switch event {
            case .begin(let serial, let time, let surface, let fingers): begin("pinch", serial, time, surface, fingers)
            case .update(let time, let dx, let dy, let scale, let rotation):
                note("pinch update \(dx) \(dy) \(scale) \(rotation)", time: time)
            case .end(let serial, let time, let cancelled): end("pinch", serial, time, cancelled)
            }
        }
        hold?.onEvent = { [unowned self] event in
            switch event {
            case .begin(let serial, let time, let surface, let fingers): begin("hold", serial, time, surface, fingers)
            case .end(let serial, let time, let cancelled): end("hold", serial, time, cancelled)
            }
        }
    }

    func clear() {
        events.removeAll()
        serials.removeAll()
        times.removeAll()
    }

    private func begin(_ kind: String, _ serial: UInt32, _ time: UInt32, _ surface: WlSurface?, _ fingers: UInt32) {
        serials.append(serial)
        note("\(kind) begin \(fingers) \(name(surface) ?? surface.map { "wl_surface@\($0.id)" } ?? "nil")", time: time)
    }

    /// Anything but 0 or 1 is written as it came, so a wrong flag shows in the line.
    private func end(_ kind: String, _ serial: UInt32, _ time: UInt32, _ cancelled: Int32) {
        serials.append(serial)
        let flag = switch cancelled {
        case 0: "done"
        case 1: "cancelled"
        default: "cancelled=\(cancelled)"
        }
        note("\(kind) end \(flag)", time: time)
    }

    private func note(_ line: String, time: UInt32) {
        times.append(time)
        events.append(line)
    }
}
