import ScriptedCompositor
import Wayland

/// A `wl_touch` of the test client that writes down every event it gets, one line each, so a test
/// compares what the client really received with what it expected.
@MainActor
final class TouchRecorder {
    let seat: WlSeat
    let touch: WlTouch
    private(set) var events: [String] = []
    /// Event times of down, motion and up, in order.
    private(set) var times: [UInt32] = []

    /// `name(surface)` labels the surface of a `down` (e.g. "window"); unnamed ones show their id.
    /// `seatGlobal` picks a seat by its registry name; the first seat by default.
    init(_ client: TestClient, seatGlobal: UInt32? = nil, name: @escaping (WlSurface?) -> String? = { _ in nil }) throws {
        guard let seat = client.bind(WlSeat.self, version: 8, name: seatGlobal), let touch = seat.getTouch() else {
            throw TestFailure("no wl_touch")
        }
        self.seat = seat
        self.touch = touch
        touch.onEvent = { [unowned self] event in
            switch event {
            case .down(_, let time, let surface, let id, let x, let y):
                times.append(time)
                let label = name(surface) ?? surface.map { "wl_surface@\($0.id)" } ?? "nil"
                events.append("down \(id) \(x) \(y) \(label)")
            case .motion(let time, let id, let x, let y):
                times.append(time)
                events.append("motion \(id) \(x) \(y)")
            case .up(_, let time, let id):
                times.append(time)
                events.append("up \(id)")
            case .frame: events.append("frame")
            case .cancel: events.append("cancel")
            case .shape(let id, let major, let minor): events.append("shape \(id) \(major) \(minor)")
            case .orientation(let id, let degrees): events.append("orientation \(id) \(degrees)")
            }
        }
    }

    func clear() {
        events.removeAll()
        times.removeAll()
    }
}
