import Canvas
import TouchKit

/// The gestures scene: Apple's MoveMe placard in the middle of the gestures of the Event
/// Handling Guide, each built from the TouchKit helpers in a view someone could copy.
///
/// - Drag the "Welcome" placard: it follows the finger (by deltas, ``DragTracker``); on release
///   it animates back to the centre, and the scene ignores touches until it is there.
/// - Double-tap outside it: the placard says "Welcome" in the next language (the touch's `tapCount`).
/// - Swipe with one finger: an arrow shows the direction (``SwipeDetector``, both axes).
/// - Draw a circle: its centre and ellipse appear (``CircleDetector``).
/// - Two fingers on the square: it turns and scales (``TransformSquareView``).
/// - The last finger in the window lifting flashes the yellow dot in the corner.
///
/// Touches on the placard reach this view up the responder chain (the placard handles none),
/// so `touch.view` tells the two apart, as in MoveMe.
public final class GesturesView: View, CairoDrawing {
    public static let returnDuration = 0.5
    public static let hintColor = Color(rgb: 0x6E6E78)

    public let placard = PlacardView()
    public let square = TransformSquareView()
    public let arrow = SwipeArrowView()
    public let circleMark = CircleMarkView()
    public let lastFingerFlash = LastFingerFlashView(frame: Rect(x: 0, y: 0, width: 18, height: 18))

    private var placardTouch: Touch?
    private var pathTouch: Touch?
    private var horizontalSwipe = SwipeDetector(axis: .horizontal)
    private var verticalSwipe = SwipeDetector(axis: .vertical)
    private var circle = CircleDetector()
    private var lastFlashTimestamp: Double?
    /// True while the placard flies home; the scene takes no touches meanwhile.
    public private(set) var isPlacardReturning = false

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        for view in [square, circleMark, placard, arrow, lastFingerFlash] as [View] { addSubview(view) }
        square.onTouchesEnded = { [unowned self] event in flashIfLastFinger(event) }
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
        if placardTouch == nil, !isPlacardReturning {
            placard.bounds = Rect(origin: .zero, size: PlacardView.size)
            placard.center = placardHome
        }
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches.sorted(by: { $0.number < $1.number }) {
            if touch.view === placard {
                guard placardTouch == nil else { continue }
                placardTouch = touch
                // Picked up: a little larger while held.
                View.animate(withDuration: 0.15, animations: {
                    self.placard.bounds = Rect(origin: .zero, size: Size(width: PlacardView.size.width * 1.1,
                                                                         height: PlacardView.size.height * 1.1))
                })
            } else if touch.view === self {
                guard pathTouch == nil else { continue }
                pathTouch = touch
                let location = touch.location(in: self)
                horizontalSwipe.began(at: location, time: touch.timestamp)
                verticalSwipe.began(at: location, time: touch.timestamp)
                circle.reset()
                circle.add(location)
                circleMark.startTrail(at: location)
            }
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        if let touch = placardTouch, touches.contains(touch) {
            placard.center = DragTracker.moved(placard.center, by: touch, in: self)
        }
        if let touch = pathTouch, touches.contains(touch) {
            // Every sample since the last delivery, so a quick circle is as round as drawn.
            for sample in event.coalescedTouches(for: touch) {
                let point = sample.location(in: self)
                circle.add(point)
                circleMark.extendTrail(point)
            }
            let location = touch.location(in: self)
            horizontalSwipe.moved(to: location, time: touch.timestamp)
            verticalSwipe.moved(to: location, time: touch.timestamp)
        }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        finish(touches, completed: true)
        flashIfLastFinger(event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        finish(touches, completed: false)
    }

    /// The placard flies home however its touch went; a path that ended is judged (circle,
    /// swipe, else the second tap of a double tap), a cancelled one is only forgotten.
    private func finish(_ touches: Set<Touch>, completed: Bool) {
        if let touch = placardTouch, touches.contains(touch) {
            placardTouch = nil
            returnPlacard()
        }
        guard let touch = pathTouch, touches.contains(touch) else { return }
        pathTouch = nil
        guard completed else {
            horizontalSwipe.cancel()
            verticalSwipe.cancel()
            circleMark.endTrail(showing: nil)
            return
        }
        let location = touch.location(in: self)
        let found = circle.detect()
        circleMark.endTrail(showing: found)
        let swipe = horizontalSwipe.ended(at: location, time: touch.timestamp)
            ?? verticalSwipe.ended(at: location, time: touch.timestamp)
        if found == nil, let swipe {
            arrow.show(swipe)
        } else if found == nil, touch.tapCount == 2 {
            placard.showNextGreeting()
        }
    }

    /// MoveMe's bounce home: interaction off until the placard is back, so no touch can grab
    /// it mid-flight.
    private func returnPlacard() {
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
        context.showText("Drag the placard · double-tap outside it · swipe · draw a circle · two fingers on the square",
                         centeredIn: Rect(x: 0, y: bounds.maxY - 30, width: bounds.width, height: 24))
    }
}
