import TouchKit

/// The light-gray disc under one finger in the spots scene (*Implementing a Multi-Touch App*).
///
/// It stays a circle by keeping `cornerRadius` at half its width whenever its bounds change —
/// frame changes arrive through `bounds` too. Inside an animation block the radius is animated
/// along with the bounds on the same curve, so the presentation radius is always half the
/// presentation width while the spot grows.
public final class TouchSpotView: View {
    /// `#AAAAAA` from the visual contract (docs/architecture.md).
    public static let color = Color(rgb: 0xAAAAAA)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = TouchSpotView.color
        cornerRadius = frame.width / 2
        // A spot only shows a finger: a finger landing on it must reach the scene, or it would
        // be bound to a view that goes away when the first finger lifts.
        isUserInteractionEnabled = false
    }

    public override var bounds: Rect {
        get { super.bounds }
        set {
            super.bounds = newValue
            cornerRadius = newValue.width / 2
        }
    }
}
