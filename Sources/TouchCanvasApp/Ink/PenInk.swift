import TouchKit

@MainActor
extension Touch {
    /// The pressure a stroke sample takes from this touch: a pen's, 0…1; nil for a finger, the
    /// mouse, or a tool that announced no pressure (its strokes keep one width).
    var inkPressure: Double? {
        guard type == .pencil, toolDescription?.capabilities.contains(.pressure) ?? true else { return nil }
        return normalisedPressure
    }

    /// Whether this touch erases rather than draws: an eraser tool (a pen turned round), or a
    /// pen with its first barrel button held.
    var erases: Bool {
        type == .pencil && (toolDescription?.type == .eraser || pressedButtons.contains(TabletToolButton.stylus))
    }
}

/// The pens erasing in a drawing view: where each was last, so each move erases what the tip
/// crossed since, sample by sample.
@MainActor
struct EraserPaths {
    /// Logical pixels around the tip's path that erase.
    static let radius = 8.0
    private var last: [Touch: Point] = [:]

    var isEmpty: Bool { last.isEmpty }

    func isErasing(_ touch: Touch) -> Bool { last[touch] != nil }

    /// An erasing touch began: what lies under the tip goes at once.
    mutating func begin(_ touch: Touch, in view: View, erase: (Point, Point) -> Void) {
        let point = touch.preciseLocation(in: view)
        last[touch] = point
        erase(point, point)
    }

    /// The touch moved: each coalesced sample erases the segment from the one before.
    mutating func move(_ touch: Touch, with event: TouchEvent, in view: View, erase: (Point, Point) -> Void) {
        guard var from = last[touch] else { return }
        var samples = event.coalescedTouches(for: touch)
        if samples.isEmpty { samples = [touch] }
        for sample in samples {
            let to = sample.preciseLocation(in: view)
            erase(from, to)
            from = to
        }
        last[touch] = from
    }

    /// The touch lifted or was cancelled; true when it was erasing.
    @discardableResult
    mutating func end(_ touch: Touch) -> Bool { last.removeValue(forKey: touch) != nil }
}
