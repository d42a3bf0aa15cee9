import Foundation

/// One delivery: every touch currently down on the window, after `UIEvent`.
///
/// Handlers get the touches that changed in their phase as a set; the event is where to look
/// for the rest: the fingers that did not move (``allTouches``, ``touches(for:)-(View)``), and a
/// moving finger's every sample since the last delivery and where it is heading
/// (``coalescedTouches(for:)``, ``predictedTouches(for:)``).
///
/// ```swift
/// override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
///     for touch in touches {
///         for sample in event.coalescedTouches(for: touch) {
///             stroke.append(sample.location(in: self))
///         }
///     }
/// }
/// ```
///
/// Each touch's `phase` says what happened to it in this delivery; unchanged ones are
/// `stationary`. Read the phases during dispatch — the touch objects live on and change. The
/// same goes for `coalescedTouches(for:)` and `predictedTouches(for:)`: they read the touch's
/// samples of this delivery, so call them during dispatch (each result is kept, so calling again
/// later returns the same objects; a touch first asked about after a later delivery yields `[]`).
///
/// As in UIKit, an event and the snapshot touches it returns are meant to be used during
/// delivery only: `TouchInputMachine` hands the same event object to the next delivery, and the
/// same snapshot objects to the touch's next coalesced and predicted touches, so that a steady
/// stream of deliveries allocates nothing. It does so only for objects no one else holds (it
/// checks with `isKnownUniquelyReferenced`): an event or snapshot kept past its delivery stays
/// as it was, and the next delivery allocates its own.
///
/// Stored properties are `@exclusivity(unchecked)`, as ``Touch``'s are: read on every delivery,
/// main-actor bound, and their runtime checks showed up in the input → commit profile.
@MainActor
public final class TouchEvent {
    /// Seconds on the input clock of the newest change in the delivery.
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval = 0
    /// All touches of all seats on the window (UIKit's `allTouches`), changed or not.
    @exclusivity(unchecked) public internal(set) var allTouches: Set<Touch> = []

    /// Which delivery this is, to recognise samples that belong to a later one.
    @exclusivity(unchecked) private var serial: UInt64 = 0
    @exclusivity(unchecked) private var predictionInterval: TimeInterval = 0
    @exclusivity(unchecked) private var coalescedCache: [ObjectIdentifier: [Touch]] = [:]
    @exclusivity(unchecked) private var predictedCache: [ObjectIdentifier: [Touch]] = [:]

    /// An empty event: the machine fills `allTouches`, then calls `begin`.
    init() {}

    /// Stamps the event for delivery number `serial` once `allTouches` is filled.
    func begin(timestamp: TimeInterval, serial: UInt64, predictionInterval: TimeInterval) {
        self.timestamp = timestamp
        self.serial = serial
        self.predictionInterval = predictionInterval
    }

    /// Empties a delivered event for reuse, keeping its storage. Only for an event no one else
    /// holds: the results it handed out are released here, which lets their touches reuse them.
    func reset() {
        allTouches.removeAll(keepingCapacity: true)
        coalescedCache.removeAll(keepingCapacity: true)
        predictedCache.removeAll(keepingCapacity: true)
        timestamp = 0
        serial = 0
        predictionInterval = 0
    }

    /// The touches bound to `view` (changed or stationary); compare its count with the handler's
    /// set to tell when the last finger on the view lifted.
    ///
    /// ```swift
    /// override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
    ///     if touches.count == event.touches(for: self).count {
    ///         finishGesture()  // no finger is left on this view
    ///     }
    /// }
    /// ```
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The touches that began in `window`, changed or stationary, as UIKit's `touches(for:)`.
    ///
    /// With a single window this is ``allTouches``; it matters when one machine's events are
    /// inspected across windows, as a ``Window/sendEvent(_:)`` override may do.
    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }

    /// The touches in the event with a given phase, a convenience for logs and tests.
    public func touches(in phase: TouchPhase) -> Set<Touch> {
        allTouches.filter { $0.phase == phase }
    }

    /// Every sample received for `touch` since the previous delivery, oldest first, as snapshot
    /// touches (see `Touch`): each with its own phase, `timestamp`, location, radii and
    /// orientation, and as previous location the sample before it. The last one has the
    /// location and timestamp of `touch` itself.
    ///
    /// A began touch gives its down sample (phase `began`) plus any motion in the same frame; a
    /// moved one every motion since the last delivery — with `holdsMovesUntilDisplayFrame`, every
    /// motion since the last display frame; an ended or cancelled one the samples of its last
    /// frame and a final sample in its terminal phase; a stationary one a single copy of itself.
    /// Empty for a touch not in the event, and for a snapshot.
    ///
    /// The snapshots are made on the first call for each touch (one object per sample, reused
    /// from the touch's previous delivery when no one kept them); the samples themselves are
    /// stored as values.
    ///
    /// Call it in `touchesMoved` (and `touchesEnded`) when every sample counts, as in drawing:
    /// the compositor may send several motions per display frame, and the touch itself shows
    /// only the last. Copy the locations out; do not keep the snapshots.
    public func coalescedTouches(for touch: Touch) -> [Touch] {
        let key = ObjectIdentifier(touch)
        if let cached = coalescedCache[key] { return cached }
        guard isCurrent(touch) else { return [] }
        var previous = touch.previousWindowLocation
        let snapshots = touch.coalescedSnapshots.refill(of: touch, count: touch.delivered.count) { index in
            let sample = touch.delivered[index]
            if sample.phase == .began { previous = sample.location }
            let state = (sample, previous)
            previous = sample.location
            return state
        }
        coalescedCache[key] = snapshots
        return snapshots
    }

    /// Where `touch` is expected to be `TouchInputMachine.predictionInterval` from its timestamp:
    /// two snapshot touches (phase `moved`), at half the interval and at the full interval,
    /// extrapolated with the velocity fitted to its recent samples (see `MotionEstimate`).
    ///
    /// Empty for a touch not in the event, a stationary, ended or cancelled one, one with fewer
    /// than two samples at distinct times (a touch that just began), one slower than
    /// `MotionEstimate.minimumSpeed` (5 logical pixels per second), and when the interval is zero.
    ///
    /// Draw them as a provisional tail that the next delivery replaces, so ink keeps up with
    /// the finger despite the input-to-screen latency; never store them as real input.
    ///
    /// ```swift
    /// tail = event.predictedTouches(for: touch).map { $0.location(in: self) }
    /// ```
    public func predictedTouches(for touch: Touch) -> [Touch] {
        let key = ObjectIdentifier(touch)
        if let cached = predictedCache[key] { return cached }
        guard isCurrent(touch), touch.phase == .began || touch.phase == .moved,
              predictionInterval > 0, let last = touch.recent.last,
              let velocity = MotionEstimate.velocity(of: touch.recent) else { return [] }
        var previous = touch.windowLocation
        let interval = predictionInterval
        // Half the interval, then all of it.
        let snapshots = touch.predictedSnapshots.refill(of: touch, count: 2) { index in
            let step = index == 0 ? interval / 2 : interval
            var sample = last
            sample.phase = .moved
            sample.timestamp = last.timestamp + step
            sample.location = Point(x: last.location.x + velocity.x * step,
                                    y: last.location.y + velocity.y * step)
            let state = (sample, previous)
            previous = sample.location
            return state
        }
        predictedCache[key] = snapshots
        return snapshots
    }

    /// The touch is in this event and its samples are still this delivery's.
    private func isCurrent(_ touch: Touch) -> Bool {
        !touch.isSnapshot && touch.deliverySerial == serial && allTouches.contains(touch)
    }
}
