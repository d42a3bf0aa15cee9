import TouchKit

/// The inspect scene: the canvas (spots over traces) where every cancelled touch leaves a red
/// ring at its last location and its unfinished stroke flashes red, both fading over a second,
/// so a compositor's `wl_touch.cancel` is visible where it happened. The HUD with the numbers
/// is the app's overlay (shown by default in this scene, `h` in every scene).
///
/// A drag handle at the top right (``MoveHandleView``) moves the window with the finger that grabs
/// it, to show what the compositor does with a touch that started an interactive move.
public final class InspectView: CanvasView, WindowMoving {
    public let moveHandle = MoveHandleView()

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(moveHandle)
        moveHandle.frame = MoveHandleView.frame(in: bounds)
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            super.bounds = newValue
            moveHandle.frame = MoveHandleView.frame(in: newValue)
        }
    }

    public var onBeginWindowMove: (@MainActor (Touch) -> Void)? {
        get { moveHandle.onBeginWindowMove }
        set { moveHandle.onBeginWindowMove = newValue }
    }

    public override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches.sorted(by: { $0.number < $1.number }) {
            let points = touchPaths[touch].map { stroke in stroke.samples.map(\.location) } ?? []
            let mark = CancelMarkView(location: touch.preciseLocation(in: self), stroke: points,
                                      strokeWidth: touchPaths[touch]?.width ?? lineWidth)
            addSubview(mark)
            mark.fadeOut()
        }
        super.touchesCancelled(touches, with: event)
    }

    /// Marks still fading.
    public var cancelMarks: [CancelMarkView] { subviews.compactMap { $0 as? CancelMarkView } }
}
