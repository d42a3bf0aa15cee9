import TouchKit

/// A grey spot, 100 px across, under every touch (fingers and the pressed mouse alike), gone
/// when the touch ends or is cancelled. Fixed in size: TouchCanvas's own spots grow in, which
/// takes an animation. No Wayland here: TouchKit hands it UIKit-style phases.
final class SpotsView: View {
    /// Keyed by `Touch`, which lives as long as its finger is down: compositors reuse wl ids.
    private var spots: [Touch: View] = [:]

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true  // else, as in UIKit, only the first finger is ours
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            let spot = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            spot.backgroundColor = Color(rgb: 0xAAAAAA)
            spot.cornerRadius = 50
            spot.isUserInteractionEnabled = false  // a finger landing on a spot is still ours
            spot.center = touch.location(in: self)
            addSubview(spot)
            spots[touch] = spot
        }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { spots[touch]?.center = touch.location(in: self) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { spots.removeValue(forKey: touch)?.removeFromSuperview() }
    }

    /// `wl_touch.cancel` (the compositor took the fingers for itself) brings all of the seat's.
    override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        touchesEnded(touches, with: event)
    }
}
