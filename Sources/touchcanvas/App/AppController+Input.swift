import TouchCanvasApp
import TouchKit

/// Seat events, as they arrive: the content's to the session, the app's own chrome's to the frame,
/// keys through the key table.
extension AppController: SeatInputSink {
    func seat(_ seat: SeatID, touch: RawTouchInput, at time: InputEventTime?) {
        // A frame only closes what came before it: it is no input of its own to time. A cancel
        // needs no frame.
        switch touch {
        case .frame: pacer?.inputFramed()
        case .cancel: pacer?.inputArrived(time, whole: true)
        default: pacer?.inputArrived(time)
        }
        session.handle(touch, seat: seat)
        if case .down = touch { deadlines.schedule(.stuckCheck, after: Deadlines.stuckCheckInterval) }
    }

    func seat(_ seat: SeatID, pointer: RawPointerInput, at time: InputEventTime?) {
        if case .frame = pointer { pacer?.inputFramed() } else { pacer?.inputArrived(time) }
        session.handle(pointer, seat: seat)
    }

    func seat(_ seat: SeatID, touchpadGesture: TouchpadGesture, time: UInt32) {
        pacer?.inputArrived(InputEventTime(milliseconds: time), whole: true)
        session.handle(touchpadGesture, time: time, seat: seat)
    }

    func seat(_ seat: SeatID, chromeTouch: RawTouchInput) {
        decorations?.chrome?.input.handle(chromeTouch, seat: seat)
        pacer?.setNeedsRender()
    }

    func seat(_ seat: SeatID, chromePointer: RawPointerInput) {
        decorations?.chrome?.input.handle(chromePointer, seat: seat)
        pacer?.setNeedsRender()
    }

    func seat(_ seat: SeatID, droppedForeign device: String, event: String, id: Int32?, time: UInt32?) {
        session.input.foreignSurfaceEvent(seat: seat, device: device, event: event, id: id, time: time)
    }

    var wantsWireEvents: Bool { options.log.contains(.raw) }

    func seat(_ seat: SeatID, wire: WireEvent) {
        let name = seats?.seats[seat.raw]?.name ?? ""
        StandardOutput.writeLine(RawLog.line(for: wire, seatName: name, arrival: (MonotonicClock.now() - startTime) * 1000))
    }

    func seatNamed(_ seat: SeatID, name: String) {
        session.setSeatName(name, for: seat)
    }

    func seatLostTouch(_ seat: SeatID) {
        session.touchCapabilityLost(seat: seat)
        decorations?.chrome?.input.touchCapabilityLost(seat: seat)
    }

    func seatLostPointer(_ seat: SeatID) {
        session.pointerCapabilityLost(seat: seat)
        decorations?.chrome?.input.pointerCapabilityLost(seat: seat)
    }

    func seat(_ seat: SeatID, key: KeyPress, at time: InputEventTime) {
        guard let command = KeyBindings.command(for: key) else { return }
        // A key that changes the drawing (undo, clear, a scene) is input the next commit shows.
        pacer?.inputArrived(time, whole: true)
        switch command {
        case .quit: loop.stop(status: 0)
        case .save:
            pacer?.renderForSave()
            session.saveNumbered()
        case .toggleFullscreen: window?.toggleFullscreen()
        case .toggleHUD: session.setHUDVisible(!session.isHUDShown)
        case .toggleDebugOverlay: session.toggleDebugOverlay()
        case .togglePalmRejection: printError("palm rejection \(session.togglePalmRejection() ? "on" : "off")")
        case .toggleCoverageGrid:
            guard let on = session.toggleCoverageGrid() else {
                return printError("the coverage grid (g) is in the spots and targets scenes")
            }
            printError("coverage grid \(on ? "on" : "off")")
        case .toggleFlashArea:
            guard let area = session.toggleFlashArea() else { return printError("the flash (f) is in the latency scene") }
            printError("latency flash: \(area == .window ? "the whole window" : "the top-left corner patch")")
        case .perform(let command): session.perform(command)
        }
    }
}
