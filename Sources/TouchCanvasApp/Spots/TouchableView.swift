import Foundation
import TouchKit

/// The spots scene (*Implementing a Multi-Touch App*): a gray circle under every finger that grows in when the touch
/// begins, follows it, and disappears when it ends or is cancelled.
///
/// Spots are keyed by `Touch` identity, not by wl id, because compositors reuse ids while a
/// `Touch` is never reused.
open class TouchableView: View {
    /// Full spot size from the visual contract (docs/architecture.md), and how long it takes to grow from 1 px.
    public static let spotDiameter = 100.0
    public static let growDuration: TimeInterval = 0.2

    public private(set) var touchViews: [Touch: TouchSpotView] = [:]

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { createSpot(for: touch) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches {
            touchViews[touch]?.center = touch.location(in: self)
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { removeSpot(for: touch) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: TouchEvent) {
        for touch in touches { removeSpot(for: touch) }
    }

    private func createSpot(for touch: Touch) {
        let spot = TouchSpotView()
        spot.bounds = Rect(x: 0, y: 0, width: 1, height: 1)
        spot.center = touch.location(in: self)
        // Added before animating: only views in a window have a clock to animate on.
        addSubview(spot)
        View.animate(withDuration: Self.growDuration) {
            spot.bounds.size = Size(width: Self.spotDiameter, height: Self.spotDiameter)
        }
        touchViews[touch] = spot
    }

    private func removeSpot(for touch: Touch) {
        touchViews.removeValue(forKey: touch)?.removeFromSuperview()
    }
}
