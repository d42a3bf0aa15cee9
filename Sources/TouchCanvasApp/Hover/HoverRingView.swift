import Canvas
import TouchKit

/// Where each seat's pointer hovers with no button held: a hollow grey ring, so a person sees
/// where a press would land before it does (the crosshair cursor alone is easy to lose on a
/// canvas full of strokes). A press hides it, since the press is a touch with its own spot.
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

    private var ringViews: [SeatID: RingView] = [:]

    /// Each hovering seat's pointer location, in this view's coordinates.
    public var rings: [SeatID: Point] { ringViews.mapValues(\.center) }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Shows `seat`'s ring at `location`, or hides it for `nil`.
    public func setHover(_ location: Point?, seat: SeatID) {
        guard let location else {
            ringViews.removeValue(forKey: seat)?.removeFromSuperview()
            return
        }
        if let ring = ringViews[seat] {
            if ring.center != location { ring.center = location }
        } else {
            let ring = RingView(frame: Self.box(at: location))
            ringViews[seat] = ring
            addSubview(ring)
        }
    }

    /// The rectangle a ring at `center` covers, its line included.
    static func box(at center: Point) -> Rect {
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
