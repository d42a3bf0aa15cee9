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
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    public var allowableMovement = 10.0
    public var maximumIntervalBetweenTaps = 0.35
    public var maximumTapDuration = 1.5

    private var starts: [Touch: Point] = [:]
    /// Where each finger of the current tap is, or lifted: the tap's place, once some lifted.
    private var fingerLocations: [Touch: Point] = [:]
    private var mostFingersThisTap = 0
    private var tapsDone = 0
    private var firstTapLocation: Point?

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

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if touches.contains(where: strayed) { state = .failed }
    }

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
