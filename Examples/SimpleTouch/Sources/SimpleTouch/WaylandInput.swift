import TouchKit
import Wayland

/// Wayland's input events handed to TouchKit, which holds them until their device's `frame`
/// (and makes a held mouse button a touch).
extension TouchInputMachine {
    func feed(_ event: WlTouch.Event, seat: SeatID) {
        switch event {
        case .down(_, let time, _, let id, let x, let y): handle(.down(id: id, time: time, location: Point(x: x, y: y)), seat: seat)
        case .motion(let time, let id, let x, let y): handle(.motion(id: id, time: time, location: Point(x: x, y: y)), seat: seat)
        case .up(_, let time, let id): handle(.up(id: id, time: time), seat: seat)
        case .frame: handle(RawTouchInput.frame, seat: seat)
        case .cancel: handle(.cancel, seat: seat)  // no frame follows: the touches go at once
        case .shape, .orientation: break  // a spot has one size
        }
    }

    func feed(_ event: WlPointer.Event, seat: SeatID) {
        switch event {
        case .enter(_, _, let x, let y): handle(.enter(location: Point(x: x, y: y)), seat: seat)
        case .leave: handle(.leave, seat: seat)
        case .motion(let time, let x, let y): handle(.motion(time: time, location: Point(x: x, y: y)), seat: seat)
        case .button(_, let time, let button, let state):
            handle(.button(time: time, button: button, pressed: state == .pressed), seat: seat)
        case .frame: handle(RawPointerInput.frame, seat: seat)
        default: break  // scrolling
        }
    }
}
