/// Follows a pointer or a pen hovering over its view, as `UIHoverGestureRecognizer`.
///
/// `began` when a hover enters the view (or any subview), `changed` as it moves, `ended` when it
/// leaves, presses or touches down, or goes out of range. Hovers are no touches: they come
/// through ``Window/sendHover(_:at:distance:)``, which ``TouchInputMachine`` calls for the
/// pointer and for tablet tools in proximity. ``GestureRecognizer/allowedTouchTypes`` chooses
/// between the two (`indirectPointer` for the pointer, `pencil` for tools). It follows one
/// source at a time; a second one hovering meanwhile is not seen. It competes with no touch
/// recognizer.
///
/// ```swift
/// let hover = HoverGestureRecognizer { recognizer in
///     ring.center = recognizer.location(in: drawingView)
///     ring.isHidden = recognizer.state == .ended
/// }
/// drawingView.addGestureRecognizer(hover)
/// ```
open class HoverGestureRecognizer: GestureRecognizer {
    /// The hovering tool's height above the tablet, 0 (touching) … 1 (edge of range), as
    /// UIKit's `zOffset`; 0 for the pointer and tools that report none.
    public private(set) var zOffset: Double = 0
    /// What is hovering now.
    public private(set) var source: HoverSource?
    private var hoverLocation: Point?

    /// Where the hover is (or last was), rather than a touch centroid: hovers have no touches.
    open override func location(in view: View?) -> Point {
        guard let hoverLocation else { return super.location(in: view) }
        return convert(hoverLocation, to: view)
    }

    func hover(by source: HoverSource, at location: Point, distance: Double?) {
        if let current = self.source, current != source { return }
        let entering = self.source == nil
        self.source = source
        hoverLocation = location
        lastWindowLocation = location
        zOffset = distance.map { min(max($0, 0), 1) } ?? 0
        isParticipating = true
        state = entering ? .began : .changed
    }

    func hoverEnded(by source: HoverSource) {
        guard self.source == source else { return }
        state = .ended
    }

    /// Forgets the source, so the next hover, from any pointer or tool, begins afresh.
    open override func reset() {
        super.reset()
        source = nil
        hoverLocation = nil
        zOffset = 0
    }
}
