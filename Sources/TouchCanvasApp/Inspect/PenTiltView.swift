import Rendering
import Foundation
import TouchKit

/// A pencil touch's lean, as the inspect scene draws it: a short orange line from the contact
/// point towards where the top of the pen is (its azimuth), as long as the pen's shadow would
/// be — nothing when it stands upright, ``maximumLength`` when it lies flat — so a person can
/// check at a glance that tilt arrives and points the way the pen leans.
///
/// The view is exactly as big as the line (see `HoverRingView` for why it is not a window-wide
/// view), so each move of the pen repaints the line's old and new boxes and nothing else.
public final class PenTiltView: View, CairoDrawing {
    /// Orange: apart from the ink's blue, the cancel marks' red and the hover ring's grey.
    public static let color = Color(rgb: 0xE66100)
    public static let maximumLength = 60.0
    public static let lineWidth = 3.0

    /// The line's ends in the superview's coordinates: the contact point and the far end.
    public private(set) var contact = Point(x: 0, y: 0)
    public private(set) var tip = Point(x: 0, y: 0)

    public init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// The line's length for `altitude` (radians, π/2 upright): the pen's shadow, cos(altitude),
    /// so it grows as the pen lies down. A value outside 0…π/2 (or NaN) counts as the nearest
    /// end (NaN as upright), so no input draws a line longer than the maximum.
    public static func length(altitude: Double) -> Double {
        guard !altitude.isNaN else { return 0 }
        return maximumLength * cos(min(max(altitude, 0), .pi / 2))
    }

    /// Moves the line to a new contact point and lean (`azimuth` in radians from +x, clockwise).
    public func update(contact: Point, altitude: Double, azimuth: Double) {
        guard contact.x.isFinite, contact.y.isFinite else {
            isHidden = true
            return
        }
        isHidden = false
        let length = Self.length(altitude: altitude)
        let angle = azimuth.isFinite ? azimuth : 0
        let tip = Point(x: contact.x + length * cos(angle), y: contact.y + length * sin(angle))
        let margin = Self.lineWidth / 2 + 1
        let box = Rect(x: min(contact.x, tip.x) - margin, y: min(contact.y, tip.y) - margin,
                       width: abs(tip.x - contact.x) + 2 * margin, height: abs(tip.y - contact.y) + 2 * margin)
        self.contact = contact
        self.tip = tip
        if frame != box { frame = box } else { setNeedsDisplay() }
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        guard contact.distance(to: tip) >= 0.5 else { return }
        let origin = frame.origin
        context.setColor(Self.color)
        context.setLineWidth(Self.lineWidth)
        context.setLineCap(.round)
        context.move(to: Point(x: contact.x - origin.x, y: contact.y - origin.y))
        context.addLine(to: Point(x: tip.x - origin.x, y: tip.y - origin.y))
        context.stroke()
    }
}
