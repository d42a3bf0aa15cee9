import TouchKit

/// The scenes `touchcanvas --scene` and the 1–6 keys switch between, in key order.
public enum Scene: String, CaseIterable, Sendable {
    case spots, canvas, draw, trace, gestures, inspect

    /// The root view for a scene, filling `frame`, on the contract's white background.
    ///
    /// Only `spots` is built so far: every other scene returns the spots `TouchableView` for now,
    /// so the app is usable whatever scene is asked for; the issues that build those scenes
    /// replace their cases here.
    @MainActor
    public static func makeRootView(for scene: Scene, frame: Rect) -> View {
        let root: View
        switch scene {
        case .spots, .canvas, .draw, .trace, .gestures, .inspect:
            root = TouchableView(frame: frame)
        }
        root.backgroundColor = .white
        return root
    }
}
