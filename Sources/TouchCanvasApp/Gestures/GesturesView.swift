import Rendering
import TouchKit

/// The gestures scene: Apple's MoveMe placard in the middle of the gestures of the Event
/// Handling Guide, each made by a gesture recognizer someone could copy, beside one rule kept as
/// plain view code to show both ways side by side.
///
/// Recognizers (set up in `GesturesView+Recognizers.swift`; names as `--log gestures` writes them):
/// - `pan` on the placard: drag it; on release it animates back to the centre, and the scene
///   ignores touches until it is there. `longPress` on the placard: it changes colour while held.
/// - `doubleTap` on the scene (outside the placard): the placard says "Welcome" in the next
///   language. `tap`, which requires `doubleTap` to fail: a small marker where it landed.
/// - `swipeLeft`, `swipeRight`, `swipeUp`, `swipeDown`: an arrow shows the direction.
/// - `circle`, a custom recognizer (``CircleGestureRecognizer``): draw a circle and its centre
///   and ellipse appear.
/// - `pinch` and `rotation` on the square, recognizing together: two fingers, or a touchpad
///   pinch, scale and turn it; a cancelled gesture puts it back.
///
/// Plain view code: the finger's trail while it draws, and the yellow dot in the corner that
/// flashes when the last finger in the window lifts (`touchesEnded`). So that this code still
/// hears every finger, the scene's recognizers leave their touches to the views
/// (`cancelsTouchesInView` false).
public final class GesturesView: View, CairoDrawing {
    public static let returnDuration = 0.5
    public static let hintColor = Color(rgb: 0x6E6E78)
    /// Tap markers kept on screen; the oldest goes when another is dropped.
    public static let maximumTapMarkers = 12

    public let placard = PlacardView()
    public let square = TransformSquareView()
    public let arrow = SwipeArrowView()
    public let circleMark = CircleMarkView()
    public let lastFingerFlash = LastFingerFlashView(frame: Rect(x: 0, y: 0, width: 18, height: 18))

    // The recognizers, named as the logs name them.
    public let pan = PanGestureRecognizer()
    public let longPress = LongPressGestureRecognizer()
    public let doubleTap = TapGestureRecognizer()
    public let tap = TapGestureRecognizer()
    public let swipes: [SwipeGestureRecognizer] = ([.right, .left, .up, .down] as [SwipeGestureRecognizer.Direction]).map { direction in
        let swipe = SwipeGestureRecognizer()
        swipe.direction = direction
        return swipe
    }
    public let circle = CircleGestureRecognizer()
    public let pinch = PinchGestureRecognizer()
    public let rotation = RotationGestureRecognizer()

    /// The tap markers on screen, oldest first.
    public private(set) var tapMarkers: [TapMarkerView] = []

    private var pathTouch: Touch?
    private var lastFlashTimestamp: Double?
    /// True while the placard flies home; the scene takes no touches meanwhile.
    public private(set) var isPlacardReturning = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        accessibilityIdentifier = "background"
        placard.accessibilityIdentifier = "placard"
        square.accessibilityIdentifier = "square"
        arrow.accessibilityIdentifier = "arrow"
        circleMark.accessibilityIdentifier = "circle"
        lastFingerFlash.accessibilityIdentifier = "flash"
        for view in [square, circleMark, placard, arrow, lastFingerFlash] as [View] { addSubview(view) }
        square.onTouchesEnded = { [unowned self] event in flashIfLastFinger(event) }
        setUpRecognizers()
        layout()
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            super.bounds = newValue
            layout()
        }
    }

    /// Where the placard lives and returns to.
    public var placardHome: Point { Point(x: bounds.midX, y: bounds.midY) }

    private func layout() {
        let side = max(120, min(bounds.width, bounds.height) * 0.34)
        square.frame = Rect(x: bounds.maxX - side - 16, y: bounds.maxY - side - 40, width: side, height: side)
        circleMark.frame = bounds
        arrow.frame = Rect(x: bounds.midX - 90, y: bounds.minY + 16, width: 180, height: 120)
        lastFingerFlash.center = Point(x: bounds.minX + 20, y: bounds.minY + 20)
        if !pan.state.isInProgress, !isPlacardReturning {
            placard.bounds = Rect(origin: .zero, size: PlacardView.size)
            placard.center = placardHome
        }
    }

    // MARK: What the recognizers do

    /// Picked up: a little larger while the pan holds it.
    func liftPlacard() {
        View.animate(withDuration: 0.15, animations: {
            self.placard.bounds = Rect(origin: .zero, size: Size(width: PlacardView.size.width * 1.1,
                                                                 height: PlacardView.size.height * 1.1))
        })
    }

    /// MoveMe's bounce home: interaction off until the placard is back, so no touch can grab
    /// it mid-flight.
    func returnPlacard() {
        isPlacardReturning = true
        isUserInteractionEnabled = false
        View.animate(withDuration: Self.returnDuration, animations: {
            self.placard.center = self.placardHome
            self.placard.bounds = Rect(origin: .zero, size: PlacardView.size)
        }, completion: { [weak self] _ in
            // Weak: the running animation keeps this closure, and the placard (our subview) keeps
            // the animation, so a strong self would hold the scene in a cycle if the app ended
            // mid-flight (LeakSanitizer's report at exit).
            guard let self else { return }
            self.isPlacardReturning = false
            self.isUserInteractionEnabled = true
            self.layout()  // home may have moved if the window was resized meanwhile
        })
    }

    /// A single tap's marker at `point`, under the placard; past the limit the oldest goes.
    func dropTapMarker(at point: Point) {
        let marker = TapMarkerView(at: point)
        let placardIndex = subviews.firstIndex { $0 === placard } ?? subviews.count
        insertSubview(marker, at: placardIndex)
        tapMarkers.append(marker)
        if tapMarkers.count > Self.maximumTapMarkers {
            tapMarkers.removeFirst().removeFromSuperview()
        }
    }

    // MARK: Touches (plain view code: the trail and the last-finger flash)

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches.sorted(by: { $0.number < $1.number }) where touch.view === self && pathTouch == nil {
            pathTouch = touch
            circleMark.startTrail(at: touch.location(in: self))
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let touch = pathTouch, touches.contains(touch) else { return }
        // Every sample since the last delivery, so a quick circle is drawn as round as it was.
        for sample in event.coalescedTouches(for: touch) {
            circleMark.extendTrail(sample.location(in: self))
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        endTrail(touches)
        flashIfLastFinger(event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        endTrail(touches)
    }

    private func endTrail(_ touches: Set<Touch>) {
        guard let touch = pathTouch, touches.contains(touch) else { return }
        pathTouch = nil
        circleMark.endTrail()
    }

    /// The guide's rule, window-wide (the square's fingers count too), called when fingers lift:
    /// no touch the window tracks in this event is still down. Once per event, though both this
    /// view and the square may report the same lifting.
    private func flashIfLastFinger(_ event: TouchEvent) {
        guard let window, event.timestamp != lastFlashTimestamp else { return }
        let tracked = event.touches(for: window)
        if !tracked.isEmpty, tracked.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) {
            lastFlashTimestamp = event.timestamp
            lastFingerFlash.flash()
        }
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(Self.hintColor)
        context.setFont(size: 14)
        context.showText("Drag or hold the placard · tap · double-tap · swipe · circle · pinch the square",
                         centeredIn: Rect(x: 0, y: bounds.maxY - 30, width: bounds.width, height: 24))
    }
}
