import Foundation

/// One delivery: every touch currently down on the window, after `UIEvent`.
///
/// Each touch's `phase` says what happened to it in this delivery; unchanged ones are
/// `stationary`. Read the phases during dispatch — the touch objects live on and change. The
/// same goes for `coalescedTouches(for:)` and `predictedTouches(for:)`: they read the touch's
/// samples of this delivery, so call them during dispatch (each result is kept, so calling again
/// later returns the same objects; a touch first asked about after a later delivery yields `[]`).
@MainActor
public final class TouchEvent {
    /// Seconds on the input clock of the newest change in the delivery.
    public let timestamp: TimeInterval
    /// All touches of all seats on the window (UIKit's `allTouches`), changed or not.
    public let allTouches: Set<Touch>

    /// Which delivery this is, to recognise samples that belong to a later one.
    private let serial: UInt64
    private let predictionInterval: TimeInterval
    private var coalescedCache: [ObjectIdentifier: [Touch]] = [:]
    private var predictedCache: [ObjectIdentifier: [Touch]] = [:]

    init(timestamp: TimeInterval, allTouches: Set<Touch>, serial: UInt64 = 0,
         predictionInterval: TimeInterval = 0) {
        self.timestamp = timestamp
        self.allTouches = allTouches
        self.serial = serial
        self.predictionInterval = predictionInterval
    }

    /// The touches bound to `view` (changed or stationary); compare its count with the handler's
    /// set to tell when the last finger on the view lifted.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

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
    /// The snapshots are made on the first call for each touch (one object per sample); the
    /// samples themselves are stored as values.
    public func coalescedTouches(for touch: Touch) -> [Touch] {
        let key = ObjectIdentifier(touch)
        if let cached = coalescedCache[key] { return cached }
        guard isCurrent(touch) else { return [] }
        var previous = touch.previousWindowLocation
        var snapshots: [Touch] = []
        snapshots.reserveCapacity(touch.delivered.count)
        for sample in touch.delivered {
            if sample.phase == .began { previous = sample.location }
            snapshots.append(Touch(snapshotOf: touch, sample: sample, previousWindowLocation: previous))
            previous = sample.location
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
    /// `MotionEstimate.minimumSpeed`, and when the interval is zero.
    public func predictedTouches(for touch: Touch) -> [Touch] {
        let key = ObjectIdentifier(touch)
        if let cached = predictedCache[key] { return cached }
        guard isCurrent(touch), touch.phase == .began || touch.phase == .moved,
              predictionInterval > 0, let last = touch.recent.last,
              let velocity = MotionEstimate.velocity(of: touch.recent) else { return [] }
        var previous = touch.windowLocation
        var snapshots: [Touch] = []
        for step in [predictionInterval / 2, predictionInterval] {
            var sample = last
            sample.phase = .moved
            sample.timestamp = last.timestamp + step
            sample.location = Point(x: last.location.x + velocity.x * step,
                                    y: last.location.y + velocity.y * step)
            snapshots.append(Touch(snapshotOf: touch, sample: sample, previousWindowLocation: previous))
            previous = sample.location
        }
        predictedCache[key] = snapshots
        return snapshots
    }

    /// The touch is in this event and its samples are still this delivery's.
    private func isCurrent(_ touch: Touch) -> Bool {
        !touch.isSnapshot && touch.deliverySerial == serial && allTouches.contains(touch)
    }
}
