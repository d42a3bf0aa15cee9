import TouchKit

/// A small dot where a single tap landed: what the scene's single-tap recognizer drops.
///
/// The scene keeps at most ``GesturesView/maximumTapMarkers`` of them, dropping the oldest, so a
/// long session of tapping never fills the window or grows the view tree without bound.
public final class TapMarkerView: View {
    public static let color = Color(rgb: 0x2A9D8F)
    public static let diameter = 12.0

    /// A dot centred on `point` (in its superview's coordinates).
    public init(at point: Point) {
        super.init(frame: Rect(x: point.x - Self.diameter / 2, y: point.y - Self.diameter / 2,
                               width: Self.diameter, height: Self.diameter))
        // A marker is decoration: touches pass through it to the scene.
        isUserInteractionEnabled = false
        backgroundColor = Self.color
        cornerRadius = Self.diameter / 2
        accessibilityIdentifier = "marker"
    }
}
