import FuzzSupport
import TouchCanvasApp
import TouchKit

/// What must hold of the session after every operation, beyond the deliveries themselves
/// (``DeliveryLog``) and the recognizers' states (``GestureStates``).
@MainActor
enum SessionChecks {
    /// The most touches that can be live once every frame is delivered: the fingers the machine
    /// admits, a pressed pointer per seat and a pencil per tool. Past it, something is kept that
    /// should not be. While input waits for its frame there can be more: the limit counts the
    /// fingers the compositor has down, not those whose up (or replacing down) waits for its
    /// frame, and those end with it.
    static let maximumLiveTouches = TouchInputMachine.maximumActiveTouches
        + InputOperation.seats.count * (1 + InputOperation.tools.count)

    static func check(_ driver: SessionDriver) {
        let session = driver.session, deliveries = driver.deliveries
        if !session.input.hasPendingInput {
            let active = session.input.activeTouchCount
            invariant(active <= maximumLiveTouches, "\(active) active touches (at most \(maximumLiveTouches))")
            let fingers = deliveries.liveNumbers(of: .direct).count
            invariant(fingers <= TouchInputMachine.maximumActiveTouches,
                      "\(fingers) fingers live (at most \(TouchInputMachine.maximumActiveTouches))")
            // Active also counts a pen down with no location yet, whose touch begins at its first.
            invariant(deliveries.live.count <= active, "\(deliveries.live.count) touches live; the machine counts \(active) active")
        }
        // The inspector counts fingers and pens apart, from the same deliveries: its figures are
        // what was delivered. Its table lists every finger and pen tip live; the mouse, none.
        let inspector = session.inspector
        let delivered = deliveries.counts(of: .direct)
        let counted = PhaseCounts(began: inspector.began, ended: inspector.ended, cancelled: inspector.cancelled)
        invariant(counted == delivered, "the inspector counts \(counted) fingers; delivered were \(delivered)")
        let pens = PhaseCounts(began: inspector.pens.began, ended: inspector.pens.ended, cancelled: inspector.pens.cancelled)
        let deliveredPens = deliveries.counts(of: .pencil)
        invariant(pens == deliveredPens, "the inspector counts \(pens) pen strokes; delivered were \(deliveredPens)")
        let rows = Set(inspector.rows.map(\.number))
        let contacts = deliveries.liveNumbers(of: .direct).union(deliveries.liveNumbers(of: .pencil))
        invariant(rows == contacts, "the inspector lists touches \(rows.sorted()); live are \(contacts.sorted())")
        invariant(inspector.anomalies.count <= InputInspector.anomalyLimit, "\(inspector.anomalies.count) anomaly lines kept")
        invariant(inspector.toolRows.count <= InputInspector.toolLimit, "\(inspector.toolRows.count) tool rows kept")
    }

    /// After every touch was cancelled: nothing is live, nothing waits to begin.
    static func checkEnd(of driver: SessionDriver) {
        check(driver)
        let live = driver.deliveries.live
        invariant(live.isEmpty, "touches \(live.keys.sorted()) still live after every touch was cancelled")
        let active = driver.session.input.activeTouchCount
        invariant(active == 0, "\(active) touches active after every touch was cancelled")
    }
}
