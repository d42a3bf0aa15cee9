import TouchKit

/// A small dot that flashes when the last finger in the window lifts (the "knowing when the
/// last finger lifts" rule of the Event Handling Guide).
public final class LastFingerFlashView: View {
    public static let color = Color(rgb: 0xF2B705)
    public private(set) var flashCount = 0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        backgroundColor = Self.color
        cornerRadius = frame.width / 2
        alpha = 0
    }

    public func flash() {
        flashCount += 1
        alpha = 1
        View.animate(withDuration: 0.6, animations: { self.alpha = 0 })
    }
}
