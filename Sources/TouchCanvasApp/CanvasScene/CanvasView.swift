import TouchKit

/// The canvas scene, the app's default: the spots of *Implementing a Multi-Touch App* under every finger, above the
/// accumulating paths of the trace scene.
///
/// The paths are this view's own ink; the spots live in ``spotLayer``, a `TouchableView`
/// subview covering the bounds that takes no touches itself — this view forwards its touches to
/// it. Subviews draw above their superview's content, so spots are always above the strokes.
open class CanvasView: TouchTrackerView {
    public let spotLayer: TouchableView

    public override init(frame: Rect = .zero) {
        spotLayer = TouchableView(frame: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        spotLayer.isUserInteractionEnabled = false
        addSubview(spotLayer)
        spotLayer.frame = bounds
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            super.bounds = newValue
            spotLayer.frame = newValue
        }
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        spotLayer.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesMoved(touches, with: event)
        spotLayer.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesEnded(touches, with: event)
        spotLayer.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        super.touchesCancelled(touches, with: event)
        spotLayer.touchesCancelled(touches, with: event)
    }
}
