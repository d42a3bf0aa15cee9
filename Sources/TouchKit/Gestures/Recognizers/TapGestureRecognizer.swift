/// Recognizes one or more taps of one or more fingers, as `UITapGestureRecognizer`; discrete:
/// it goes straight from `possible` to `ended` when the last required tap lifts.
///
/// Thresholds (UIKit documents none of them; ours are chosen to agree with the rest of TouchKit):
/// - ``allowableMovement`` 10 pt: how far a finger may stray from where it touched down and
///   still tap; the same 10 pt as ``TouchInputMachine/tapCountDistance`` and the long press's
///   documented allowance, so a touch that moves 11 pt is a pan's (which starts past 10 pt)
///   and never a tap's as well. Later taps must land within it of the first.
/// - ``maximumIntervalBetweenTaps`` 0.35 s: the gap after a tap within which the next must
///   begin; the tap count's interval. A recognizer waiting for its next tap fails when it passes,
///   which is what a single tap that requires a double tap's failure waits for.
/// - ``maximumTapDuration`` 1.5 s: a finger held longer is not tapping; generous, because a
///   long press recognizer (0.5 s) claims a held finger long before, where there is one.
///
/// ```swift
/// let doubleTap = TapGestureRecognizer { _ in placard.showNextGreeting() }
/// doubleTap.numberOfTapsRequired = 2
/// let singleTap = TapGestureRecognizer { tap in dropMarker(at: tap.location(in: scene)) }
/// singleTap.require(toFail: doubleTap)
/// ```
open class TapGestureRecognizer: GestureRecognizer {
    /// Taps in a row to recognize: 2 for a double tap (UIKit: 1).
    public var numberOfTapsRequired = 1
    /// Fingers in each tap; more or fewer fails it (UIKit: 1).
    public var numberOfTouchesRequired = 1
    /// Points a finger may stray, and a later tap may land from the first (see the class's
    /// thresholds).
    public var allowableMovement = 10.0
    /// Seconds after a tap within which the next must begin (see the class's thresholds).
    public var maximumIntervalBetweenTaps = 0.35
    /// Seconds a finger may stay down and still tap (see the class's thresholds).
    public var maximumTapDuration = 1.5

    private var starts: [Touch: Point] = [:]
    /// Where each finger of the current tap is, or lifted: the tap's place, once some lifted.
    private var fingerLocations: [Touch: Point] = [:]
    private var mostFingersThisTap = 0
    private var tapsDone = 0
    private var firstTapLocation: Point?

    /// Starts a tap's clock with its first finger; a finger too many, or one far from the first
    /// tap, fails it.
    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        let startsTap = starts.isEmpty
        if startsTap {
            cancelTimeouts()
            mostFingersThisTap = 0
            fingerLocations.removeAll()
            let earliest = touches.map(\.timestamp).min() ?? currentTime
            scheduleTimeout(at: earliest + maximumTapDuration) { [weak self] in self?.state = .failed }
        }
        for touch in touches {
            let location = touch.location(in: nil)
            if let first = firstTapLocation, location.distance(to: first) > allowableMovement {
                state = .failed
                return
            }
            starts[touch] = location
            fingerLocations[touch] = location
        }
        mostFingersThisTap = max(mostFingersThisTap, starts.count)
        if starts.count > numberOfTouchesRequired { state = .failed }
    }

    /// A finger that strays too far is not tapping.
    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if touches.contains(where: strayed) { state = .failed }
    }

    /// When the tap's last finger lifts, counts the tap: recognizes at the required count, else
    /// waits for the next.
    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        if touches.contains(where: strayed) {
            state = .failed
            return
        }
        for touch in touches {
            if tapsDone == 0, firstTapLocation == nil { firstTapLocation = starts[touch] }
            fingerLocations[touch] = touch.location(in: nil)
            starts[touch] = nil
        }
        guard starts.isEmpty else { return }
        cancelTimeouts()
        guard mostFingersThisTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsDone += 1
        if tapsDone >= numberOfTapsRequired {
            state = .ended
        } else {
            let lifted = touches.map(\.timestamp).max() ?? currentTime
            scheduleTimeout(at: lifted + maximumIntervalBetweenTaps) { [weak self] in self?.state = .failed }
        }
    }

    /// A cancelled finger tapped nothing: fails.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = .failed
    }

    /// The centroid of the current tap's fingers, those already lifted included, so a
    /// two-finger tap is placed between the fingers even though one lifted first.
    open override func location(in view: View?) -> Point {
        guard !fingerLocations.isEmpty else { return super.location(in: view) }
        var x = 0.0, y = 0.0
        for point in fingerLocations.values {
            x += point.x
            y += point.y
        }
        let count = Double(fingerLocations.count)
        return convert(Point(x: x / count, y: y / count), to: view)
    }

    /// Forgets the taps counted and where they landed.
    open override func reset() {
        super.reset()
        fingerLocations.removeAll()
        starts.removeAll()
        mostFingersThisTap = 0
        tapsDone = 0
        firstTapLocation = nil
    }

    private func strayed(_ touch: Touch) -> Bool {
        guard let start = starts[touch] else { return false }
        return touch.location(in: nil).distance(to: start) > allowableMovement
    }
}
