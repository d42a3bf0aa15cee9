/// Recognizes a quick straight stroke of one or more fingers in an allowed direction, as
/// `UISwipeGestureRecognizer`; discrete: `ended` when the fingers lift having swiped.
///
/// Each finger's path is judged by a ``SwipeDetector`` per axis, the Event Handling Guide's
/// Listing 3-2 thresholds (its building block): at least ``minimumTravel`` 12 pt along the
/// axis, never more than ``maximumDeviation`` 4 pt across it, at ``minimumSpeed`` 150 pt/s or
/// faster (the guide's "quickly enough", our measured brisk flick). Every required finger must
/// swipe the same way, one of ``direction``'s. Unlike UIKit, which may recognize before the
/// fingers lift, it decides when they lift: the detector needs the end point.
///
/// Make one recognizer per direction to tell them apart, as UIKit users do:
///
/// ```swift
/// for direction in [SwipeGestureRecognizer.Direction.left, .right, .up, .down] {
///     let swipe = SwipeGestureRecognizer { _ in arrow.show(direction) }
///     swipe.direction = direction
///     scene.addGestureRecognizer(swipe)
/// }
/// ```
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may take, as `UISwipeGestureRecognizer.Direction`.
    public struct Direction: OptionSet, Sendable, Hashable {
        /// The bits of the directions in the set.
        public let rawValue: Int
        /// A set from its bits, as every option set has.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Along the x axis, towards larger x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Along the x axis, towards smaller x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Along the y axis, towards the top of the window.
        public static let up = Direction(rawValue: 1 << 2)
        /// Along the y axis, towards the bottom of the window.
        public static let down = Direction(rawValue: 1 << 3)

        init(_ detected: SwipeDetector.Direction) {
            switch detected {
            case .right: self = .right
            case .left: self = .left
            case .up: self = .up
            case .down: self = .down
            }
        }
    }

    /// The directions it recognizes; `.right` by default, as UIKit.
    public var direction: Direction = .right
    /// Fingers that must swipe together, the same way (UIKit: 1).
    public var numberOfTouchesRequired = 1
    /// Points along the axis a swipe must cover (Listing 3-2: 12).
    public var minimumTravel = 12.0
    /// Points across the axis a swipe may stray, anywhere on its path (Listing 3-2: 4).
    public var maximumDeviation = 4.0
    /// Points per second along the axis, on average, below which it is a drag (150).
    public var minimumSpeed = 150.0

    private var paths: [Touch: (horizontal: SwipeDetector, vertical: SwipeDetector)] = [:]
    private var swiped: [Direction] = []

    /// Starts a path per finger; a finger too many fails it.
    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            guard paths.count + swiped.count < numberOfTouchesRequired else {
                state = .failed
                return
            }
            let location = touch.location(in: nil)
            var horizontal = SwipeDetector(axis: .horizontal, minimumTravel: minimumTravel,
                                           maximumDeviation: maximumDeviation, minimumSpeed: minimumSpeed)
            var vertical = SwipeDetector(axis: .vertical, minimumTravel: minimumTravel,
                                         maximumDeviation: maximumDeviation, minimumSpeed: minimumSpeed)
            horizontal.began(at: location, time: touch.timestamp)
            vertical.began(at: location, time: touch.timestamp)
            paths[touch] = (horizontal, vertical)
        }
    }

    /// Feeds the paths, so a swipe that wanders across the axis midway is caught.
    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            guard var path = paths[touch] else { continue }
            let location = touch.location(in: nil)
            path.horizontal.moved(to: location, time: touch.timestamp)
            path.vertical.moved(to: location, time: touch.timestamp)
            paths[touch] = path
        }
    }

    /// Judges each path as its finger lifts; once all have, recognizes if every one swiped the same
    /// allowed way.
    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            guard var path = paths.removeValue(forKey: touch) else { continue }
            let location = touch.location(in: nil)
            let found = path.horizontal.ended(at: location, time: touch.timestamp)
                ?? path.vertical.ended(at: location, time: touch.timestamp)
            guard let found, direction.contains(Direction(found)) else {
                state = .failed
                return
            }
            swiped.append(Direction(found))
        }
        guard paths.isEmpty else { return }
        let allAlike = swiped.allSatisfy { $0 == swiped.first }
        state = swiped.count == numberOfTouchesRequired && allAlike ? .ended : .failed
    }

    /// A cancelled finger swiped nothing: fails.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = .failed
    }

    /// Forgets the paths.
    open override func reset() {
        super.reset()
        paths.removeAll()
        swiped.removeAll()
    }
}
