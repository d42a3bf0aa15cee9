import Canvas
import TouchKit

/// Where each seat's pointer hovers with no button held: a hollow grey ring, so a person sees
/// where a press would land before it does (the crosshair cursor alone is easy to lose on a
/// canvas full of strokes). A press hides it, since the press is a touch with its own spot.
///
/// The app lays it over the whole scene, under the HUD, and feeds it from
/// `TouchInputMachine.onPointerHover`; saved pictures and replays leave it out, as they leave
/// out the cursor. It takes no touches.
public final class HoverRingView: View, CairoDrawing {
    /// A mid grey: visible on white and on the spots' lighter `#AAAAAA`.
    public static let ringColor = Color(rgb: 0x808080)
    public static let diameter = 24.0
    public static let lineWidth = 2.0

    /// Each hovering seat's pointer location, in this view's coordinates.
    public private(set) var rings: [SeatID: Point] = [:]
    /// What changed since the renderer last asked: each ring's old and new box.
    private var invalid: [Rect] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Shows `seat`'s ring at `location`, or hides it for `nil`.
    public func setHover(_ location: Point?, seat: SeatID) {
        guard rings[seat] != location else { return }
        if let old = rings[seat] { invalidate(Self.box(at: old)) }
        rings[seat] = location
        if let location { invalidate(Self.box(at: location)) }
    }

    /// The rectangle a ring at `center` covers, its line included.
    static func box(at center: Point) -> Rect {
        let reach = diameter / 2 + lineWidth / 2
        return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    }

    private func invalidate(_ rect: Rect) {
        invalid.append(rect)
        setNeedsDisplay()
    }

    public func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        defer { invalid.removeAll(keepingCapacity: true) }
        // Nothing recorded but asked to draw (the first frame, a resize): all of it.
        guard !invalid.isEmpty else { return false }
        for rect in invalid { report(rect) }
        return true
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        guard !rings.isEmpty else { return }
        context.setColor(Self.ringColor)
        context.setLineWidth(Self.lineWidth)
        let radius = Self.diameter / 2
        for center in rings.values {
            context.addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: Self.diameter, height: Self.diameter))
            context.stroke()
        }
    }
}
