internal import WaylandServer

/// A swipe, pinch or hold object, typed, so one list can hold all three and each event reaches
/// only the objects that have it.
enum PointerGestureResource {
    case swipe(ZwpPointerGestureSwipeV1)
    case pinch(ZwpPointerGesturePinchV1)
    case hold(ZwpPointerGestureHoldV1)

    var kind: PointerGestureKind {
        switch self {
        case .swipe: .swipe
        case .pinch: .pinch
        case .hold: .hold
        }
    }

    var resource: Resource {
        switch self {
        case .swipe(let swipe): swipe
        case .pinch(let pinch): pinch
        case .hold(let hold): hold
        }
    }

    func sendBegin(serial: UInt32, time: UInt32, surface: WlSurface, fingers: UInt32) {
        switch self {
        case .swipe(let swipe): swipe.sendBegin(serial: serial, time: time, surface: surface, fingers: fingers)
        case .pinch(let pinch): pinch.sendBegin(serial: serial, time: time, surface: surface, fingers: fingers)
        case .hold(let hold): hold.sendBegin(serial: serial, time: time, surface: surface, fingers: fingers)
        }
    }

    /// A swipe ignores `scale` and `rotation`; a hold has no update at all.
    func sendUpdate(time: UInt32, dx: Double, dy: Double, scale: Double, rotation: Double) {
        switch self {
        case .swipe(let swipe): swipe.sendUpdate(time: time, dx: dx, dy: dy)
        case .pinch(let pinch): pinch.sendUpdate(time: time, dx: dx, dy: dy, scale: scale, rotation: rotation)
        case .hold: break
        }
    }

    func sendEnd(serial: UInt32, time: UInt32, cancelled: Bool) {
        let flag: Int32 = cancelled ? 1 : 0
        switch self {
        case .swipe(let swipe): swipe.sendEnd(serial: serial, time: time, cancelled: flag)
        case .pinch(let pinch): pinch.sendEnd(serial: serial, time: time, cancelled: flag)
        case .hold(let hold): hold.sendEnd(serial: serial, time: time, cancelled: flag)
        }
    }
}

/// One gesture object and the `wl_pointer` it was made for. The pointer is held weakly: once it
/// is gone the gesture object hears nothing more, and a new pointer at the same address must not
/// inherit it.
final class PointerGestureObject {
    let gesture: PointerGestureResource
    weak var pointer: WlPointer?

    init(_ gesture: PointerGestureResource, pointer: WlPointer?) {
        self.gesture = gesture
        self.pointer = pointer
    }

    var isLive: Bool {
        guard gesture.resource.isAlive, let pointer else { return false }
        return pointer.isAlive
    }
}

/// A gesture between its begin and its end on one seat. The protocol allows one at a time per
/// seat; its update and end go to the objects that heard its begin, and to no other.
struct ActivePointerGesture {
    let kind: PointerGestureKind
    let listeners: [PointerGestureObject]
}

/// Every gesture object clients made, the gesture in progress on each seat, and what was sent.
struct PointerGestureRegistry {
    private(set) var objects: [PointerGestureObject] = []
    /// Keyed by seat name.
    var active: [String: ActivePointerGesture] = [:]
    var sent: [SentPointerGesture] = []

    mutating func add(_ object: PointerGestureObject) {
        objects.removeAll { !$0.gesture.resource.isAlive }
        objects.append(object)
    }

    mutating func remove(_ resource: Resource) {
        objects.removeAll { $0.gesture.resource === resource }
    }

    /// The live objects of `kind` that `client` made from one of `pointers` (the seat's).
    func objects(_ kind: PointerGestureKind, client: OpaquePointer, pointers: [WlPointer]) -> [PointerGestureObject] {
        objects.filter { object in
            guard object.gesture.kind == kind, object.isLive, object.gesture.resource.client == client,
                  let pointer = object.pointer else { return false }
            return pointers.contains { $0 === pointer }
        }
    }
}
