import TouchCanvasApp
import TouchKit

/// Pens, as the seat's tablets sorted them: the content's to the session, the chrome's to the
/// chrome, each event timed for the pacer as fingers are. The routing itself is the tablet
/// seat's (`Input/TabletSeat+Routing.swift`).
extension AppController {
    func seat(_ seat: SeatID, tool: TabletToolID, input: RawTabletToolInput, at time: InputEventTime?) {
        switch input {
        case .frame: pacer?.inputArrived(time, whole: true)
        case .proximityIn: pacer?.inputArrived()
        default: break
        }
        session.handle(input, tool: tool, seat: seat)
        if case .down = input { deadlines.schedule(.stuckCheck, after: Deadlines.stuckCheckInterval) }
    }

    func seat(_ seat: SeatID, chromeTool: TabletToolID, input: RawTabletToolInput) {
        decorations?.chrome?.input.handle(input, tool: chromeTool, seat: seat)
        pacer?.setNeedsRender()
    }

    func seat(_ seat: SeatID, toolAdded: TabletToolID, description: TabletToolDescription) {
        session.tabletToolAdded(toolAdded, description: description, seat: seat)
        decorations?.chrome?.input.tabletToolAdded(toolAdded, description: description, seat: seat)
    }

    func seat(_ seat: SeatID, toolRemoved: TabletToolID) {
        session.tabletToolRemoved(toolRemoved, seat: seat)
        decorations?.chrome?.input.tabletToolRemoved(toolRemoved, seat: seat)
    }

    func seat(_ seat: SeatID, toolOverForeignSurface: TabletToolID) {
        session.tabletToolProximityInForeignSurface(toolOverForeignSurface, seat: seat)
    }

    func seat(_ seat: SeatID, tabletAdded: TabletID) { check?.tabletPresent() }

    func seat(_ seat: SeatID, tabletRemoved: TabletID) {
        session.tabletRemoved(tabletRemoved, seat: seat)
        decorations?.chrome?.input.tabletRemoved(tabletRemoved, seat: seat)
    }
}
