import TouchKit

/// The inspect scene: the canvas scene (spots over traces) where every cancelled touch leaves a red
/// ring at its last location and its unfinished stroke flashes red, both fading over a second,
/// so a compositor's `wl_touch.cancel` is visible where it happened. The HUD with the numbers
/// is the app's overlay (shown by default in this scene, `h` in every scene).
///
/// Each finger or pen down carries a mark (``ContactMarkView``): its contact ellipse where
/// the compositor sends a shape, and its number, rate and speed.
///
/// A pen touching shows its lean as a short line from the tip (``PenTiltView``) and its
/// pressure over the last second in a small graph beside it (``PressureGraphView``); the line
/// goes when the pen lifts or leaves, and the graph fades.
///
/// A drag handle at the top right (``MoveHandleView``) moves the window with the finger that grabs
/// it, to show what the compositor does with a touch that started an interactive move.
public final class InspectView: CanvasView, WindowMoving, ContactFiguresShowing {
    public let moveHandle = MoveHandleView()
    public var contactFigures: (@MainActor (Int) -> ContactFigures?)?
    public var millimetresPerPoint: (@MainActor () -> (x: Double, y: Double)?)?
    /// Each contact's ellipse and label (``ContactMarkView``), made when it begins.
    private var contactMarks: [Touch: ContactMarkView] = [:]
    /// Each pencil touch's tilt line and pressure graph, made when it begins: nothing is
    /// allocated as it moves.
    private var penMarks: [Touch: (tilt: PenTiltView, graph: PressureGraphView)] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(moveHandle)
        moveHandle.frame = MoveHandleView.frame(in: bounds)
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            super.bounds = newValue
            moveHandle.frame = MoveHandleView.frame(in: newValue)
        }
    }

    public var onBeginWindowMove: (@MainActor (Touch) -> Void)? {
        get { moveHandle.onBeginWindowMove }
        set { moveHandle.onBeginWindowMove = newValue }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        for touch in touches where touch.type != .indirectPointer && contactMarks[touch] == nil {
            let mark = ContactMarkView()
            addSubview(mark)
            contactMarks[touch] = mark
            updateContactMark(for: touch)
        }
        for touch in touches where touch.type == .pencil && penMarks[touch] == nil {
            let marks = (tilt: PenTiltView(), graph: PressureGraphView())
            addSubview(marks.graph)
            addSubview(marks.tilt)
            penMarks[touch] = marks
            updatePenMarks(for: touch)
        }
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        for touch in touches where touch.type == .pencil { updatePenMarks(for: touch) }
        // Every contact's mark, the still ones too: their speed goes as they stop.
        for touch in event.allTouches where contactMarks[touch] != nil { updateContactMark(for: touch) }
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        removePenMarks(for: touches)
        removeContactMarks(for: touches)
        super.touchesEnded(touches, with: event)
    }

    private func updatePenMarks(for touch: Touch) {
        guard let marks = penMarks[touch] else { return }
        let contact = touch.preciseLocation(in: self)
        marks.tilt.update(contact: contact, altitude: touch.altitudeAngle, azimuth: touch.azimuthAngle(in: self))
        marks.graph.add(pressure: touch.normalisedPressure, time: touch.timestamp, contact: contact, in: bounds)
    }

    /// The line goes at once (the pen no longer leans anywhere); the graph fades, so the end
    /// of the curve can still be read.
    private func removePenMarks(for touches: Set<Touch>) {
        for touch in touches where touch.type == .pencil {
            guard let marks = penMarks.removeValue(forKey: touch) else { continue }
            marks.tilt.removeFromSuperview()
            marks.graph.fadeOut()
        }
    }

    private func updateContactMark(for touch: Touch) {
        contactMarks[touch]?.update(for: touch, in: self, figures: contactFigures?(touch.number),
                                    millimetresPerPoint: millimetresPerPoint?())
    }

    private func removeContactMarks(for touches: Set<Touch>) {
        for touch in touches { contactMarks.removeValue(forKey: touch)?.removeFromSuperview() }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        removePenMarks(for: touches)
        removeContactMarks(for: touches)
        for touch in touches.sorted(by: { $0.number < $1.number }) {
            let points = touchPaths[touch].map { stroke in stroke.samples.map(\.location) } ?? []
            let mark = CancelMarkView(location: touch.preciseLocation(in: self), stroke: points,
                                      strokeWidth: touchPaths[touch]?.width ?? lineWidth)
            addSubview(mark)
            mark.fadeOut()
        }
        super.touchesCancelled(touches, with: event)
    }

    /// The tilt lines of the pens down now.
    public var tiltLines: [PenTiltView] { subviews.compactMap { $0 as? PenTiltView } }
    /// The pressure graphs showing, fading ones included.
    public var pressureGraphs: [PressureGraphView] { subviews.compactMap { $0 as? PressureGraphView } }

    /// The ellipses and labels of the contacts down now.
    public var contactMarkViews: [ContactMarkView] { subviews.compactMap { $0 as? ContactMarkView } }

    /// Marks still fading.
    public var cancelMarks: [CancelMarkView] { subviews.compactMap { $0 as? CancelMarkView } }
}
