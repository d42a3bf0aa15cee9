import Rendering
import TouchKit

/// The debug overlay's dots (one on every coalesced sample) drawn again from the model a slice
/// at a time, as ``InkRebuild`` draws the ink: after a size or scale change, a clear, or the
/// overlay turned on. Drawn at once, the dots of 10 000 strokes held the loop for hundreds of
/// milliseconds, though the ink beneath them was already sliced to a frame's budget.
///
/// It dots the completed strokes the owner had when it began, oldest first, then those that
/// ended since, from a cursor at a stroke and a sample within it, so one long stroke is sliced
/// too; the owner dots the in-progress strokes once it is done. That is the order an unsliced
/// rebuild draws them in, which matters where dots overlap: their antialiased rims round
/// differently in another order. A dot counts as one segment against the ``InkPaintBudget``.
/// Any other change to the drawing (an undo, the eraser, a clear, a cancelled stroke, a new
/// size) is for the owner to restart: all are rare while the overlay is rebuilding.
struct DotsRebuild {
    private var strokes: [Stroke]
    private var strokeIndex = 0
    private var sampleIndex = 0

    init(strokes: [Stroke]) {
        self.strokes = strokes
    }

    var isFinished: Bool { strokeIndex >= strokes.count }

    /// `stroke` ended meanwhile: its dots come after every stroke's before it.
    mutating func append(_ stroke: Stroke) {
        strokes.append(stroke)
    }

    /// Draws dots into `layer` from the cursor until the budget is spent (at least one dot, so
    /// every slice makes progress); `dirty` hears the rectangle each stroke's dots of this slice
    /// cover. Returns whether every dot is drawn. `dot` draws one dot and returns its rectangle.
    mutating func advance(budget: InkPaintBudget, clock: @escaping () -> Double, since: Double? = nil,
                          dot: (Point) -> Rect, dirty: (Rect) -> Void) -> Bool {
        var meter = InkPaintMeter(budget, clock: clock, since: since)
        while strokeIndex < strokes.count, !meter.isExhausted {
            let samples = strokes[strokeIndex].samples
            let end = sampleIndex + min(samples.count - sampleIndex, meter.allowance)
            var covered = Rect.zero
            for sample in samples[sampleIndex..<end] where sample.coalesced {
                covered = covered.union(dot(sample.location))
            }
            if !covered.isEmpty { dirty(covered) }
            meter.spend(max(end - sampleIndex, 1))
            if end >= samples.count {
                strokeIndex += 1
                sampleIndex = 0
            } else {
                sampleIndex = end
            }
        }
        return isFinished
    }
}
