import TouchKit

/// The scene's recognizers: which view each is on, what its target does, and the three
/// decisions between them (the single tap waits for the double tap to fail, pinch and rotation
/// recognize together, the placard's pan and long press too).
extension GesturesView: GestureRecognizerDelegate {
    func setUpRecognizers() {
        // The placard: a pan drags it, a long press recolours it while held.
        pan.name = "pan"
        pan.addTarget { [unowned self] pan in dragPlacard(pan) }
        longPress.name = "longPress"
        longPress.addTarget { [unowned self] press in
            placard.isPressed = press.state.isInProgress
        }
        for recognizer in [pan, longPress] as [GestureRecognizer] { placard.addGestureRecognizer(recognizer) }

        // The background (this view): taps, swipes and the circle, for touches that land on it.
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        doubleTap.addTarget { [unowned self] _ in placard.showNextGreeting() }
        tap.name = "tap"
        tap.require(toFail: doubleTap)
        tap.addTarget { [unowned self] tap in dropTapMarker(at: tap.location(in: self)) }
        for swipe in swipes {
            swipe.name = "swipe" + Self.directionName(swipe.direction).capitalizedFirst
            swipe.addTarget { [unowned self] swipe in
                if let shown = Self.arrowDirection(swipe.direction) { arrow.show(shown) }
            }
        }
        circle.name = "circle"
        circle.addTarget { [unowned self] circle in
            if let found = circle.circle { circleMark.showCircle(found) }
        }
        for recognizer in [doubleTap, tap] + swipes + [circle] as [GestureRecognizer] { addGestureRecognizer(recognizer) }

        // The square: pinch and rotation, from two fingers or the touchpad.
        pinch.name = "pinch"
        pinch.addTarget { [unowned self] pinch in
            transformSquare(pinch.state) { start in square.scale = start.scale * pinch.scale }
        }
        rotation.name = "rotation"
        rotation.addTarget { [unowned self] rotation in
            transformSquare(rotation.state) { start in square.rotation = start.rotation + rotation.rotation }
        }
        for recognizer in [pinch, rotation] as [GestureRecognizer] { square.addGestureRecognizer(recognizer) }

        for recognizer in allRecognizers {
            recognizer.delegate = self
            // The flash is view code that must hear every finger lift, once and when it happens:
            // no recognizer here takes its touches from the views, or holds their ends back
            // while it decides (a tap's lift would wait out the double tap's 0.35 s, and a lift
            // held by one recognizer and released by another would flash twice).
            recognizer.cancelsTouchesInView = false
            recognizer.delaysTouchesEnded = false
        }
    }

    /// Every recognizer of the scene, for tests and logs.
    public var allRecognizers: [GestureRecognizer] {
        [pan, longPress, doubleTap, tap] + swipes + [circle, pinch, rotation]
    }

    // MARK: Targets

    /// Moves the placard by the pan's translation since the last call (UIKit's idiom: apply it,
    /// then set it back to zero); on the end, or a cancel, it flies home.
    private func dragPlacard(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began, .changed:
            if pan.state == .began { liftPlacard() }
            let step = pan.translation(in: self)
            placard.center = Point(x: placard.center.x + step.x, y: placard.center.y + step.y)
            pan.setTranslation(.zero, in: self)
        case .ended, .cancelled:
            returnPlacard()
        case .possible, .failed:
            break
        }
    }

    /// One of the square's two recognizers changed: the first to begin notes where the square
    /// was, each applies its own value from there, and a cancel rolls both back.
    private func transformSquare(_ state: GestureRecognizer.State, apply: ((rotation: Double, scale: Double)) -> Void) {
        switch state {
        case .began, .changed:
            square.beginTransform()
            if let start = square.transformStart { apply(start) }
        case .ended:
            // Still turning or scaling with the other recognizer: the gesture is not over yet.
            if !pinch.state.isInProgress, !rotation.state.isInProgress { square.endTransform() }
        case .cancelled:
            square.rollBack()
        case .possible, .failed:
            break
        }
    }

    // MARK: Delegate

    /// Pinch with rotation, and pan with long press: each pair acts together, so the square
    /// scales while it turns and a held placard can still be dragged.
    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let pairs: [(GestureRecognizer, GestureRecognizer)] = [(pinch, rotation), (pan, longPress)]
        return pairs.contains { ($0.0 === recognizer && $0.1 === other) || ($0.1 === recognizer && $0.0 === other) }
    }

    /// The background's recognizers take only touches that land on the background itself:
    /// a tap on the placard or the square is not a tap "elsewhere".
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        guard recognizer.view === self else { return true }
        return hitTest(touch.location(in: self), with: nil) === self
    }

    // MARK: Names

    static func directionName(_ direction: SwipeGestureRecognizer.Direction) -> String {
        switch direction {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        default: "any"
        }
    }

    static func arrowDirection(_ direction: SwipeGestureRecognizer.Direction) -> SwipeDetector.Direction? {
        switch direction {
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        default: nil
        }
    }
}

extension String {
    /// "left" → "Left", for the swipe recognizers' names.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
