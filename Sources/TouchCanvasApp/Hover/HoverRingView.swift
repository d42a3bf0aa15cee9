import Rendering
import TouchKit

/// Where each seat's pointer hovers with no button held: a hollow grey ring, so a person sees
/// where a press would land before it does (the crosshair cursor alone is easy to lose on a
/// window full of strokes). A press hides it, since the press is a touch with its own spot.
/// A pen in range but not touching gets one too, smaller the closer the tip comes.
///
/// The app lays it over the whole scene, under the HUD, and feeds it from
/// `TouchInputMachine.onPointerHover`; saved pictures and replays leave it out, as they leave
/// out the cursor. It takes no touches.
///
/// It draws nothing itself: each ring is a small subview moved with the pointer. A
/// window-wide view that strokes shapes would make the renderer widen every repaint crossing
/// it to the window's width (see `ViewRenderer.widenRepaintToWholeShapes`), so every spot and
/// stroke in every scene would repaint full-width bands, mouse or not.
public final class HoverRingView: View {
    /// A mid grey: visible on white and on the spots' lighter `#AAAAAA`.
    public static let ringColor = Color(rgb: 0x808080)
    public static let diameter = 24.0
    public static let lineWidth = 2.0

    /// A pen's ring at the edge of its range; it shrinks towards ``penNearDiameter`` as the
    /// tip comes down.
    public static let penFarDiameter = 40.0
    public static let penNearDiameter = 8.0

    /// Whose ring: a seat's pointer, or one of its pens.
    private enum Hoverer: Hashable {
        case pointer(SeatID)
        case pen(SeatID, TabletToolID)
    }
    private var ringViews: [Hoverer: RingView] = [:]

    /// Each hovering seat's pointer location, in this view's coordinates.
    public var rings: [SeatID: Point] {
        var found: [SeatID: Point] = [:]
        for case let (.pointer(seat), ring) in ringViews { found[seat] = ring.center }
        return found
    }

    /// Each hovering pen's location and ring diameter.
    public var penRings: [TabletToolID: (location: Point, diameter: Double)] {
        var found: [TabletToolID: (location: Point, diameter: Double)] = [:]
        for case let (.pen(_, tool), ring) in ringViews { found[tool] = (ring.center, ring.bounds.width - Self.lineWidth) }
        return found
    }

    /// Whether any ring shows.
    public var isShowingRings: Bool { !ringViews.isEmpty }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Shows `seat`'s ring at `location`, or hides it for `nil`.
    public func setHover(_ location: Point?, seat: SeatID) {
        show(.pointer(seat), at: location, diameter: Self.diameter)
    }

    /// Shows a pen's ring at `location`, its size following `distance` (0 touching … 1 the
    /// edge of range; unknown counts as halfway), or hides it for `nil`.
    public func setPenHover(_ location: Point?, distance: Double?, tool: TabletToolID, seat: SeatID) {
        let d = distance.map { $0.isNaN ? 0.5 : min(max($0, 0), 1) } ?? 0.5
        show(.pen(seat, tool), at: location, diameter: Self.penNearDiameter + (Self.penFarDiameter - Self.penNearDiameter) * d)
    }

    private func show(_ who: Hoverer, at location: Point?, diameter: Double) {
        guard let location else {
            ringViews.removeValue(forKey: who)?.removeFromSuperview()
            return
        }
        if let ring = ringViews[who] {
            let box = Self.box(at: location, diameter: diameter)
            if ring.frame != box { ring.frame = box }
        } else {
            let ring = RingView(frame: Self.box(at: location, diameter: diameter))
            ringViews[who] = ring
            addSubview(ring)
        }
    }

    /// The rectangle a ring at `center` covers, its line included.
    static func box(at center: Point, diameter: Double = diameter) -> Rect {
        let reach = diameter / 2 + lineWidth / 2
        return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
    }

    /// One seat's ring, exactly as big as its line reaches, so moving it repaints its old and
    /// new box and nothing between.
    private final class RingView: View, CairoDrawing {
        override init(frame: Rect) {
            super.init(frame: frame)
            isUserInteractionEnabled = false
        }

        func draw(in context: GraphicsContext, rect: Rect) {
            let inset = HoverRingView.lineWidth / 2
            context.setColor(HoverRingView.ringColor)
            context.setLineWidth(HoverRingView.lineWidth)
            context.addEllipse(in: bounds.insetBy(dx: inset, dy: inset))
            context.stroke()
        }
    }
}
