import Foundation
import Rendering
import TouchKit

/// What the inspect scene draws beside a finger or pen that is down, as Android's pointer
/// overlay does: the contact's ellipse where the compositor sends its shape (major and minor
/// axes, turned by its orientation), and a label with its number, rate and speed, so a tester
/// reads them where they look, not in the table.
///
/// Like ``PenTiltView`` the view is only as big as what it draws, so a moving finger repaints
/// two small boxes, not the window.
public final class ContactMarkView: View, CairoDrawing {
    /// Dark teal: apart from the ink's blue, the cancel marks' red and the pen's orange.
    public static let color = Color(rgb: 0x0B6E69)
    public static let fontSize = 11.0
    /// The label sits this far right of and above the contact, clear of a fingertip's spot.
    public static let labelOffset = Point(x: 48, y: -40)
    /// Segments of the drawn ellipse: smooth at any contact size a finger makes.
    static let ellipseSegments = 48

    /// The contact point, in the superview's coordinates.
    public private(set) var contact = Point(x: 0, y: 0)
    /// The ellipse's half axes and its major axis's angle from vertical, in degrees; nil when
    /// the compositor sent no shape (then only the label is drawn).
    public private(set) var shape: (major: Double, minor: Double, orientation: Double)?
    public private(set) var label = ""

    public init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// Moves the mark to `touch`'s contact and relabels it from its figures (`millimetresPerPoint`
    /// for speeds in mm/s, else px/s).
    public func update(for touch: Touch, in view: View, figures: ContactFigures?, millimetresPerPoint: (x: Double, y: Double)?) {
        let contact = touch.preciseLocation(in: view)
        guard contact.x.isFinite, contact.y.isFinite else {
            isHidden = true
            return
        }
        isHidden = false
        self.contact = contact
        // A contact larger than the window (a compositor's nonsense) is drawn no larger than
        // it, so its mark never repaints more than the window.
        let reach = max(view.bounds.width, view.bounds.height)
        shape = touch.hasShape ? (min(touch.majorRadius, reach), min(touch.minorRadius, reach), touch.orientation ?? 0) : nil
        label = Self.label(number: touch.number, figures: figures, millimetresPerPoint: millimetresPerPoint,
                           moving: touch.phase == .moved)
        labelOffset = Self.labelOffset(contact: contact, labelLength: label.count, within: view.bounds,
                                       below: touch.type == .pencil)
        let box = Self.bounds(contact: contact, shape: shape, labelOffset: labelOffset, labelLength: label.count)
        if frame != box { frame = box } else { setNeedsDisplay() }
    }

    /// "#2 125 Hz 104 mm/s": the touch's number as the HUD's table has it, its median rate and
    /// its speed now; what one sample cannot give is left out.
    static func label(number: Int, figures: ContactFigures?, millimetresPerPoint: (x: Double, y: Double)?, moving: Bool) -> String {
        var text = "#\(number)"
        guard let figures, figures.sampleCount > 1 else { return text }
        if let rate = figures.medianRate { text += String(format: " %.0f Hz", rate) }
        guard moving else { return text }  // held still, its last velocity is stale
        let speed = figures.speed(scaledBy: millimetresPerPoint)
        if speed.isFinite { text += String(format: " %.0f %@/s", speed, millimetresPerPoint == nil ? "px" : "mm") }
        return text
    }

    /// Where the label's baseline starts from the contact: up and to the right (a pen's below,
    /// clear of its pressure graph), else mirrored so it stays inside `bounds` near an edge.
    static func labelOffset(contact: Point, labelLength: Int, within bounds: Rect, below: Bool = false) -> Point {
        let width = labelWidth(labelLength)
        var offset = below ? Point(x: labelOffset.x, y: -labelOffset.y + fontSize) : labelOffset
        if contact.y + offset.y > bounds.maxY { offset.y = labelOffset.y }
        if contact.x + offset.x + width > bounds.maxX { offset.x = -offset.x - width }
        if contact.y + offset.y - fontSize < bounds.minY { offset.y = -offset.y + fontSize }
        return offset
    }

    static func labelWidth(_ length: Int) -> Double { Double(length) * fontSize * 0.62 + 4 }

    /// Where the label sits now (see ``labelOffset(contact:labelLength:within:)``).
    private var labelOffset = ContactMarkView.labelOffset

    /// The box holding the ellipse and the label, in the superview's coordinates.
    static func bounds(contact: Point, shape: (major: Double, minor: Double, orientation: Double)?, labelOffset: Point,
                       labelLength: Int) -> Rect {
        let reach = shape.map { max($0.major, $0.minor) + 2 } ?? 0
        let labelMinX = contact.x + labelOffset.x, labelMaxX = labelMinX + labelWidth(labelLength)
        let labelMinY = contact.y + labelOffset.y - fontSize - 2, labelMaxY = contact.y + labelOffset.y + 4
        let minX = min(contact.x - reach, labelMinX), maxX = max(contact.x + reach, labelMaxX)
        let minY = min(contact.y - reach, labelMinY), maxY = max(contact.y + reach, labelMaxY)
        return Rect(x: minX.rounded(.down), y: minY.rounded(.down), width: (maxX - minX).rounded(.up) + 1,
                    height: (maxY - minY).rounded(.up) + 1)
    }

    /// The ellipse's outline points: the major axis along the orientation's angle from the
    /// vertical, as `wl_touch.orientation` measures it, clockwise on screen (y grows down).
    static func ellipse(center: Point, major: Double, minor: Double, orientation: Double) -> [Point] {
        let angle = orientation * .pi / 180
        // The major axis's direction: straight down at 0°, turning clockwise on screen.
        let ax = sin(-angle), ay = cos(angle)
        return (0..<ellipseSegments).map { i in
            let t = Double(i) / Double(ellipseSegments) * 2 * .pi
            let u = major * cos(t), v = minor * sin(t)
            return Point(x: center.x + u * ax - v * ay, y: center.y + u * ay + v * ax)
        }
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        let origin = frame.origin
        let local = Point(x: contact.x - origin.x, y: contact.y - origin.y)
        context.setColor(Self.color)
        if let shape, shape.major > 0, shape.minor > 0 {
            let points = Self.ellipse(center: local, major: shape.major, minor: shape.minor, orientation: shape.orientation)
            if let first = points.first {
                context.move(to: first)
                for point in points.dropFirst() { context.addLine(to: point) }
                context.closePath()
                context.setLineWidth(1.5)
                context.stroke()
            }
        }
        context.setFont(size: Self.fontSize, weight: .bold, family: "sans-serif")
        context.showText(label, at: Point(x: local.x + labelOffset.x, y: local.y + labelOffset.y))
    }
}
