import Rendering
import TouchKit

/// The trace scene (Dr. Dobb's *Gestures and Touches in iOS 6*): every finger draws its own path; completed paths stay in
/// `#34329C`, paths still being drawn show in the same colour at 50 % alpha. Lines are 4 px
/// wide, 8 px when the view's shorter side is at least 768 px, with round caps and joins.
///
/// Paths are keyed by the `Touch` object, never by wl id (compositors reuse those). Each path is
/// built from the touch's coalesced samples, so it is as detailed as the input even though moves
/// arrive once per display frame. A cancelled touch's path disappears; an ended one is kept.
///
/// Ink lives in persistent layers (see `StrokeInk`): a frame draws only the new segments and
/// reports one rectangle per finger that moved, however long the drawing's history.
open class TouchTrackerView: View, CairoDrawing {
    public static let inkColor = Color(rgb: 0x34329C)
    public static let inProgressAlpha = 0.5

    /// 8 px on a view whose shorter side is at least 768 px (the recipe's iPad), else 4 px.
    public static func lineWidth(for size: Size) -> Double {
        min(size.width, size.height) >= 768 ? 8 : 4
    }

    /// Completed paths, oldest first.
    public private(set) var strokes = StrokeCollection()
    /// Paths being drawn, by the touch drawing them.
    public private(set) var touchPaths: [Touch: Stroke] = [:]

    let ink = StrokeInk(activeAlpha: TouchTrackerView.inProgressAlpha)
    /// Pens erasing rather than drawing.
    private var erasers = EraserPaths()
    /// Set by the session: fingers that come down near a pen draw nothing.
    public var palmRejection: PalmRejection?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    /// The width new paths get, from the current bounds.
    public var lineWidth: Double { Self.lineWidth(for: bounds.size) }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        forEachInOrder(touches) { touch in
            guard touchPaths[touch] == nil, !erasers.isErasing(touch) else { return }
            if touch.erases {
                strokes.beginErasing()
                return erasers.begin(touch, in: self) { erase($0, $1) }
            }
            if palmRejection?.rejects(touch) == true { return }
            let stroke = Stroke(color: Self.inkColor, width: lineWidth)
            touchPaths[touch] = stroke
            ink.begin(stroke)
            addSamples(for: touch, to: stroke, with: event)
        }
        setNeedsDisplay()
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        forEachInOrder(touches) { touch in
            if erasers.isErasing(touch) { return erasers.move(touch, with: event, in: self) { erase($0, $1) } }
            guard let stroke = touchPaths[touch] else { return }
            addSamples(for: touch, to: stroke, with: event)
        }
        setNeedsDisplay()
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        forEachInOrder(touches) { touch in
            if erasers.isErasing(touch) {
                erasers.move(touch, with: event, in: self) { erase($0, $1) }
                erasers.end(touch)
                return strokes.endErasing()
            }
            guard let stroke = touchPaths.removeValue(forKey: touch) else { return }
            addSamples(for: touch, to: stroke, with: event)
            strokes.append(stroke)
            ink.end(stroke)
        }
        setNeedsDisplay()
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        forEachInOrder(touches) { touch in
            if erasers.end(touch) { strokes.endErasing() }
            guard let stroke = touchPaths.removeValue(forKey: touch) else { return }
            ink.cancel(stroke)
        }
        setNeedsDisplay()
    }

    private func addSamples(for touch: Touch, to stroke: Stroke, with event: TouchEvent) {
        var coalesced = event.coalescedTouches(for: touch)
        if coalesced.isEmpty { coalesced = [touch] }
        let oldCount = stroke.samples.count
        for (index, sample) in coalesced.enumerated() {
            let location = sample.preciseLocation(in: self)
            // A sample where the previous one was adds nothing to the path (the final sample
            // of an ended touch usually repeats its last move).
            if location == stroke.samples.last?.location { continue }
            stroke.add(sample: StrokeSample(location: location, coalesced: index < coalesced.count - 1,
                                            pressure: sample.inkPressure))
        }
        ink.extend(stroke, from: oldCount)
    }

    private func erase(_ from: Point, _ to: Point) {
        eraseStrokes(from: from, to: to, radius: EraserPaths.radius)
    }

    /// Reused by every delivery, so putting touches in order allocates nothing in a steady
    /// frame; emptied after each use so no touch is kept beyond its delivery.
    private var orderScratch: [Touch] = []

    /// Runs `body` for the touches in the order they began, so strokes are stacked the same way
    /// every run.
    private func forEachInOrder(_ touches: Set<Touch>, _ body: (Touch) -> Void) {
        orderScratch.append(contentsOf: touches)
        // At most a handful of fingers: the standard sort's insertion path, no buffer.
        orderScratch.sort { $0.number < $1.number }
        defer { orderScratch.removeAll(keepingCapacity: true) }
        for touch in orderScratch { body(touch) }
    }

    // MARK: Drawing

    open func draw(in context: GraphicsContext, rect: Rect) {
        ink.draw(in: context, bounds: bounds, completed: strokes.strokes)
        // A rebuild in slices: the next frame draws the next slice.
        if ink.needsAnotherFrame { setNeedsDisplay() }
    }

    open func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        ink.takeInvalidatedRects(report)
    }

    /// The ink copies the backdrop with the completed strokes (see `StrokeInk`), so the renderer
    /// need not paint anything under this view.
    open var paintsOwnBackdrop: Bool { !ink.blendsEverything }

    /// Ink layers are copied and composited pixel for pixel, never rasterised under the clip, so
    /// repaints need not be widened into bands across the whole view.
    open var drawsTheSameUnderAnyClip: Bool { true }
}

extension TouchTrackerView: StrokeInkScene, PalmRejecting {
    var inkedStrokes: StrokeCollection { strokes }
}
