import Rendering
import Foundation
import TouchKit

/// A square that a pinch scales and a rotation turns (the Event Handling Guide's pinch and
/// rotation recognizers, recognizing together). The view is the square's touch area; the square
/// is drawn turned and scaled about its centre.
///
/// It holds no recognizer logic: the scene's pinch and rotation targets call
/// ``beginTransform()``, set ``scale`` and ``rotation`` from where the gesture began, and end
/// with ``endTransform()`` or, for a cancelled gesture, ``rollBack()``, which puts the square
/// back as it was before the gesture.
public final class TransformSquareView: View, CairoDrawing {
    public static let fillColor = Color(rgb: 0xE07A1F)
    public static let areaColor = Color(rgb: 0xF4F4F6)
    /// The square's side at scale 1, as a share of the view's shorter side.
    public static let baseSideShare = 0.4
    public static let scaleRange = 0.4...2.2

    /// Radians, clockwise on screen.
    public var rotation = 0.0 {
        didSet { if rotation != oldValue { setNeedsDisplay() } }
    }
    /// Kept within ``scaleRange``, so the square never vanishes or covers the scene.
    public var scale = 1.0 {
        didSet {
            let clamped = min(max(scale.isFinite ? scale : oldValue, Self.scaleRange.lowerBound), Self.scaleRange.upperBound)
            if clamped != scale { scale = clamped }
            if scale != oldValue { setNeedsDisplay() }
        }
    }
    /// Where the gesture under way began; nil between gestures.
    public private(set) var transformStart: (rotation: Double, scale: Double)?
    /// Told when fingers on the square lift, so the scene can tell whether the last one did.
    public var onTouchesEnded: ((TouchEvent) -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        // Two fingers on the square must both reach it (and its recognizers).
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

    /// A pinch or rotation began: remembers where the square is, unless the other one already
    /// did for the same gesture.
    public func beginTransform() {
        if transformStart == nil { transformStart = (rotation, scale) }
    }

    /// The gesture is over and the square stays where it is.
    public func endTransform() {
        transformStart = nil
    }

    /// The gesture was taken back (a touchpad pinch ended with `cancelled`, the compositor
    /// cancelled the fingers): the square returns to where it was before it.
    public func rollBack() {
        guard let start = transformStart else { return }
        rotation = start.rotation
        scale = start.scale
        transformStart = nil
    }

    /// The square itself handles no touches; it only tells the scene when fingers lift.
    public override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {}
    public override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {}
    public override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        onTouchesEnded?(event)
    }
    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {}

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
