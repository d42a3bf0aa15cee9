/// Follows fingers dragging, as `UIPanGestureRecognizer`; continuous: `began` once they have
/// moved far enough, `changed` as they move, `ended` when fewer than the minimum remain.
///
/// The translation is the movement of the fingers' centroid, summed delivery by delivery from
/// each finger's own movement (``DragTracker/delta(of:in:)``), so a finger joining or lifting
/// never makes it jump. It counts from touch-down, the first ``hysteresis`` included.
///
/// Thresholds:
/// - ``hysteresis`` 10 pt of centroid movement before it begins. UIKit does not document its
///   own; 10 pt is where ``TapGestureRecognizer`` and ``LongPressGestureRecognizer`` stop
///   allowing movement, so a touch is a tap's or a pan's, never both.
/// - ``minimumNumberOfTouches`` 1 and ``maximumNumberOfTouches`` unbounded, UIKit's defaults;
///   fingers beyond the maximum are ignored (they reach the view as if there were no pan).
///
/// A touchpad swipe of three or four fingers (``Window/sendTouchpadGesture(_:)``) drives it
/// too, when its finger count lies between the minimum and maximum: it begins on the first
/// update and translates by the swipe's deltas; a hold stops it.
open class PanGestureRecognizer: GestureRecognizer {
    /// Fingers needed before it may begin, and below which it ends (UIKit: 1).
    public var minimumNumberOfTouches = 1
    /// Fingers it follows at most; later ones are ignored (UIKit: unbounded).
    public var maximumNumberOfTouches = Int.max
    /// Points the centroid must travel before it begins (see the class's thresholds).
    public var hysteresis = 10.0

    private var fingers: [Touch] = []
    private var translationValue = Point.zero
    /// Movement since touch-down, unaffected by `setTranslation`: what the hysteresis measures
    /// and the velocity is fitted to.
    private var travelled = Point.zero
    private var velocityFit = GestureVelocity()

    /// How far the fingers moved since touch-down (or since the last ``setTranslation(_:in:)``).
    /// TouchKit's views neither scale nor rotate, so the translation is the same in every
    /// view's coordinates; `view` is kept for UIKit's spelling.
    public func translation(in view: View?) -> Point { translationValue }

    /// Makes the translation so far `translation`: set `.zero` after applying it, to get the
    /// movement since the last action next time.
    public func setTranslation(_ translation: Point, in view: View?) {
        translationValue = translation
    }

    /// The centroid's speed in points per second, over the last 100 ms; zero once the fingers
    /// have been still that long.
    public func velocity(in view: View?) -> Point {
        velocityFit.velocity(at: currentTime)
    }

    /// Takes fingers up to the maximum; the rest are left to the view.
    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches.sorted(by: { $0.number < $1.number }) {
            if fingers.count >= maximumNumberOfTouches {
                ignore(touch, for: event)
            } else {
                fingers.append(touch)
            }
        }
        if fingers.count == touches.count { velocityFit.add(travelled, at: touches.map(\.timestamp).max() ?? currentTime) }
    }

    /// Adds the fingers' mean movement to the translation; past the hysteresis, with enough
    /// fingers, begins.
    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard !fingers.isEmpty else { return }
        var sum = Point.zero
        var time = -Double.infinity
        for touch in touches where fingers.contains(touch) {
            let delta = DragTracker.delta(of: touch, in: nil)
            sum = Point(x: sum.x + delta.x, y: sum.y + delta.y)
            time = max(time, touch.timestamp)
        }
        let count = Double(fingers.count)
        move(by: Point(x: sum.x / count, y: sum.y / count), at: time)
        if state == .possible {
            guard fingers.count >= minimumNumberOfTouches,
                  Point.zero.distance(to: travelled) > hysteresis else { return }
            state = .began
        } else if state.isInProgress {
            state = .changed
        }
    }

    /// Ends when fewer than the minimum remain; fails if all lift before it began.
    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        fingers.removeAll { touches.contains($0) }
        if state.isInProgress, fingers.count < minimumNumberOfTouches {
            state = .ended
        } else if state == .possible, fingers.isEmpty {
            state = .failed
        }
    }

    /// The system took fingers: a pan under way is cancelled, a waiting one fails.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        fingers.removeAll { touches.contains($0) }
        state = state.isInProgress ? .cancelled : .failed
    }

    /// Takes a touchpad swipe whose finger count is within the minimum and maximum.
    open override func acceptsTouchpadGesture(_ kind: TouchpadGesture.Kind, fingers: Int) -> Bool {
        kind == .swipe && fingers >= minimumNumberOfTouches && fingers <= maximumNumberOfTouches
    }

    /// A swipe's updates translate it; its end ends or (when cancelled) cancels it; a hold stops
    /// it.
    open override func touchpadGesture(_ gesture: TouchpadGesture) {
        switch (gesture.kind, gesture.phase) {
        case (.hold, .began), (.hold, .ended):
            if state.isInProgress { state = .cancelled }
        case (.swipe, .began):
            velocityFit.add(travelled, at: gesture.time)
        case (.swipe, .changed):
            move(by: gesture.delta, at: gesture.time)
            state = state == .possible ? .began : .changed
        case (.swipe, .ended):
            state = state.isInProgress ? .ended : .failed
        case (.swipe, .cancelled):
            state = state.isInProgress ? .cancelled : .failed
        default:
            break
        }
    }

    /// Zeroes the translation and the velocity for the next pan.
    open override func reset() {
        super.reset()
        fingers.removeAll()
        translationValue = .zero
        travelled = .zero
        velocityFit.reset()
    }

    private func move(by delta: Point, at time: Double) {
        translationValue = Point(x: translationValue.x + delta.x, y: translationValue.y + delta.y)
        travelled = Point(x: travelled.x + delta.x, y: travelled.y + delta.y)
        velocityFit.add(travelled, at: time.isFinite ? time : currentTime)
    }
}
