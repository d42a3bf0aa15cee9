import Rendering
import TouchKit

/// The draw scene (*Implementing Coalesced Touch Support in an App*): one finger draws black 3 px strokes built from every coalesced
/// sample; a cancelled touch abandons its stroke; a Clear button at the top right wipes the
/// drawing.
///
/// Single-touch, as the seed: only the first touch of a sequence draws. Samples come from
/// `event.coalescedTouches(for:)`, all but the last of each delivery flagged `coalesced`. With
/// ``showsCoalescedSamples`` (the app's `d` key) the coalesced samples show as small orange dots
/// and the predicted path ahead of the finger as a light grey line.
///
/// Ink lives in persistent layers (see `StrokeInk`): a frame draws only the new segments and
/// reports only their rectangles, however long the drawing's history.
public final class DrawingView: View, CairoDrawing {
    public static let inkColor = Color.black
    public static let inkWidth = 3.0
    public static let predictedColor = Color(rgb: 0xC8C8C8)
    public static let coalescedSampleColor = StrokeInk.sampleDotColor
    public static let clearButtonSize = Size(width: 80, height: 36)
    public static let clearButtonMargin = 16.0

    /// The drawing. Replacing it (as the coalesced-touch sample's Clear button does) redraws everything from it.
    public var strokeCollection = StrokeCollection() {
        didSet {
            guard oldValue !== strokeCollection else { return }
            trackedTouch = nil
            ink.reset(active: strokeCollection.activeStroke.map { [$0] } ?? [])
            setPredicted([])
            setNeedsDisplay()
        }
    }

    /// Debug overlay: coalesced samples as orange dots, the predicted path in light grey.
    public var showsCoalescedSamples = false {
        didSet {
            guard showsCoalescedSamples != oldValue else { return }
            ink.showsSampleDots = showsCoalescedSamples
            if !showsCoalescedSamples { setPredicted([]) }
            setNeedsDisplay()
        }
    }

    public let clearButton: ButtonView

    let ink = StrokeInk(activeAlpha: 1)
    private var trackedTouch: Touch?
    /// Pens erasing rather than drawing.
    private var erasers = EraserPaths()
    /// Set by the session: fingers that come down near a pen draw nothing.
    public var palmRejection: PalmRejection?
    /// The predicted path: the last sample, then the predicted locations (debug overlay only).
    private(set) var predicted: [Point] = []

    public override init(frame: Rect = .zero) {
        clearButton = ButtonView(title: "Clear")
        super.init(frame: frame)
        addSubview(clearButton)
        clearButton.action = { [weak self] in self?.clear() }
        layoutClearButton()
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            super.bounds = newValue
            layoutClearButton()
        }
    }

    private func layoutClearButton() {
        let size = Self.clearButtonSize, margin = Self.clearButtonMargin
        clearButton.frame = Rect(x: bounds.maxX - margin - size.width, y: bounds.minY + margin,
                                 width: size.width, height: size.height)
    }

    // MARK: Touches

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        // A pen's eraser end (or its first button) erases; it never becomes the drawing touch.
        for touch in touches where touch.erases && !erasers.isErasing(touch) {
            strokeCollection.beginErasing()
            erasers.begin(touch, in: self) { eraseStrokes(from: $0, to: $1, radius: EraserPaths.radius) }
        }
        guard trackedTouch == nil,
              let touch = touches.filter({ !erasers.isErasing($0) && palmRejection?.rejects($0) != true })
                  .min(by: { $0.number < $1.number }) else { return }
        if let abandoned = strokeCollection.activeStroke { ink.cancel(abandoned) }
        trackedTouch = touch
        let stroke = Stroke(color: Self.inkColor, width: Self.inkWidth)
        strokeCollection.activeStroke = stroke
        ink.begin(stroke)
        addSamples(for: touch, with: event)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches where erasers.isErasing(touch) {
            erasers.move(touch, with: event, in: self) { eraseStrokes(from: $0, to: $1, radius: EraserPaths.radius) }
        }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        addSamples(for: touch, with: event)
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches where erasers.isErasing(touch) {
            erasers.move(touch, with: event, in: self) { eraseStrokes(from: $0, to: $1, radius: EraserPaths.radius) }
            if erasers.end(touch) { strokeCollection.endErasing() }
        }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        addSamples(for: touch, with: event)
        trackedTouch = nil
        setPredicted([])
        guard let stroke = strokeCollection.activeStroke else { return }
        strokeCollection.acceptActiveStroke()
        ink.end(stroke)
        setNeedsDisplay()
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches where erasers.end(touch) { strokeCollection.endErasing() }
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        setPredicted([])
        guard let stroke = strokeCollection.activeStroke else { return }
        strokeCollection.activeStroke = nil
        ink.cancel(stroke)
        setNeedsDisplay()
    }

    /// The sample's `addSamples(for:)`: every coalesced touch becomes a sample, all but the last
    /// flagged coalesced.
    private func addSamples(for touch: Touch, with event: TouchEvent) {
        guard let stroke = strokeCollection.activeStroke else { return }
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
        if showsCoalescedSamples, let last = stroke.samples.last {
            setPredicted([last.location] + event.predictedTouches(for: touch).map { $0.preciseLocation(in: self) })
        }
        setNeedsDisplay()
    }

    private func setPredicted(_ points: [Point]) {
        guard points != predicted else { return }
        invalidate(predictedBounds)
        predicted = points.count > 1 ? points : []
        invalidate(predictedBounds)
    }

    private var predictedBounds: Rect {
        let style = InkStyle(color: Self.predictedColor, width: Self.inkWidth)
        return zip(predicted, predicted.dropFirst()).reduce(Rect.zero) { $0.union(style.bounds(from: $1.0, to: $1.1)) }
    }

    /// Rectangles for the overlay, reported alongside the ink's.
    private var overlayInvalid = InvalidRects()

    private func invalidate(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        overlayInvalid.add(rect)
        setNeedsDisplay()
    }

    // MARK: Drawing

    public func draw(in context: GraphicsContext, rect: Rect) {
        ink.draw(in: context, bounds: bounds, completed: strokeCollection.strokes)
        // A rebuild in slices: the next frame draws the next slice.
        if ink.needsAnotherFrame { setNeedsDisplay() }
        guard showsCoalescedSamples, predicted.count > 1 else { return }
        context.setColor(Self.predictedColor)
        context.setLineWidth(Self.inkWidth)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        context.addLines(predicted)
        context.stroke()
    }

    public func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        let inkPartial = ink.takeInvalidatedRects(report)
        // Both are taken either way, so neither carries old rectangles into the next frame.
        let overlayPartial = overlayInvalid.take(inkPartial ? report : { _ in })
        return inkPartial && overlayPartial
    }

    /// The ink copies the backdrop with the completed strokes (see `StrokeInk`), so the renderer
    /// need not paint anything under this view.
    public var paintsOwnBackdrop: Bool { !ink.blendsEverything }

    /// Ink layers are copied and composited pixel for pixel; only the predicted path, a stroked
    /// line, is rasterised under the clip and needs whole-shape repaints while it shows.
    public var drawsTheSameUnderAnyClip: Bool { !(showsCoalescedSamples && predicted.count > 1) }
}

extension DrawingView: StrokeInkScene, DebugOverlayToggling, PalmRejecting {
    var inkedStrokes: StrokeCollection { strokeCollection }

    public func toggleDebugOverlay() {
        showsCoalescedSamples.toggle()
    }
}
