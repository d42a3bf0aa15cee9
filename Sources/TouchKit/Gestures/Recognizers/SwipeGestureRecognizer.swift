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
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
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
    public var numberOfTouchesRequired = 1
    public var minimumTravel = 12.0
    public var maximumDeviation = 4.0
    public var minimumSpeed = 150.0

    private var paths: [Touch: (horizontal: SwipeDetector, vertical: SwipeDetector)] = [:]
    private var swiped: [Direction] = []

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

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            guard var path = paths[touch] else { continue }
            let location = touch.location(in: nil)
            path.horizontal.moved(to: location, time: touch.timestamp)
            path.vertical.moved(to: location, time: touch.timestamp)
            paths[touch] = path
        }
    }

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

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        state = .failed
    }

    open override func reset() {
        super.reset()
        paths.removeAll()
        swiped.removeAll()
    }
}
