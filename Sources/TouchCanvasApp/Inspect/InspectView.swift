import TouchKit

/// The inspect scene: the canvas (spots over traces) where every cancelled touch leaves a red
/// ring at its last location and its unfinished stroke flashes red, both fading over a second,
/// so a compositor's `wl_touch.cancel` is visible where it happened. The HUD with the numbers
/// is the app's overlay (shown by default in this scene, `h` in every scene).
public final class InspectView: CanvasView {
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
