import Canvas
import Foundation
import TouchKit

/// A square that two fingers rotate and scale (Listings 3-4 and 3-5 of the Event Handling
/// Guide, with ``TwoFingerTransformTracker``). The view is the square's touch area; the square
/// is drawn turned and scaled about its centre. A cancelled gesture puts the square back as it
/// was before the fingers came down.
public final class TransformSquareView: View, CairoDrawing {
    public static let fillColor = Color(rgb: 0xE07A1F)
    public static let areaColor = Color(rgb: 0xF4F4F6)
    /// The square's side at scale 1, as a share of the view's shorter side.
    public static let baseSideShare = 0.4
    public static let scaleRange = 0.4...2.2

    /// Radians, clockwise on screen.
    public private(set) var rotation = 0.0
    public private(set) var scale = 1.0
    private var committed = (rotation: 0.0, scale: 1.0)
    private let tracker = TwoFingerTransformTracker()
    /// Told when fingers on the square lift, so the scene can tell whether the last one did.
    public var onTouchesEnded: ((TouchEvent) -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    /// The square's corners in this view's coordinates, clockwise from the top left.
    public var corners: [Point] {
        let half = min(bounds.width, bounds.height) * Self.baseSideShare * scale / 2
        let c = Point(x: bounds.midX, y: bounds.midY)
        let cosR = cos(rotation), sinR = sin(rotation)
        return [(-half, -half), (half, -half), (half, half), (-half, half)].map { dx, dy in
            Point(x: c.x + dx * cosR - dy * sinR, y: c.y + dx * sinR + dy * cosR)
        }
    }

    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        // A finger joining re-bases the gesture on what is shown now.
        committed = (rotation, scale)
        tracker.began(touches, in: superview)
    }

    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        guard let transform = tracker.transform(in: superview) else { return }
        rotation = committed.rotation + transform.rotation
        scale = min(max(committed.scale * transform.scale, Self.scaleRange.lowerBound), Self.scaleRange.upperBound)
        setNeedsDisplay()
    }

    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        committed = (rotation, scale)
        tracker.ended(touches, in: superview)
        onTouchesEnded?(event)
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        tracker.ended(touches, in: superview)
        rotation = committed.rotation
        scale = committed.scale
        setNeedsDisplay()
    }

    public func draw(in context: GraphicsContext, rect: Rect) {
        context.setColor(Self.areaColor)
        context.addRoundedRect(bounds, cornerRadius: 12)
        context.fill()
        let corners = self.corners
        context.setColor(Self.fillColor)
        context.addLines(corners)
        context.closePath()
        context.fill()
    }
}
