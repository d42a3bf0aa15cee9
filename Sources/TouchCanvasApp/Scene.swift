import TouchKit

/// The scenes `touchcanvas --scene` and the 1–8 keys switch between.
public enum Scene: String, CaseIterable, Sendable {
    case spots, canvas, draw, trace, gestures, inspect, targets, latency

    /// The scenes of keys 1–8, in that order (the default scene first), as the help lists them.
    public static let keyOrder: [Scene] = [.canvas, .spots, .draw, .trace, .gestures, .inspect, .targets, .latency]

    /// The root view for a scene, filling `frame`, on the white background of the visual contract
    /// (docs/architecture.md); the latency scene's is black.
    ///
    /// - `spots`: ``TouchableView`` (*Implementing a Multi-Touch App*).
    /// - `canvas`: ``CanvasView``, spots over accumulating paths.
    /// - `draw`: ``DrawingView`` (*Implementing Coalesced Touch Support in an App*).
    /// - `trace`: ``TouchTrackerView`` (Dr. Dobb's *Gestures and Touches in iOS 6*).
    /// - `inspect`: ``InspectView``, the canvas scene with cancelled touches marked in red (the app
    ///   adds the ``InspectorHUDView`` overlay).
    /// - `gestures`: ``GesturesView``, the MoveMe placard among the guide's gestures (*Multitouch Events*).
    /// - `targets`: ``TargetsView``, crosshairs to tap, a finger to hold and a line to draw,
    ///   then what they say about how the touchscreen is mapped and how steady it is.
    /// - `latency`: ``LatencyView``, black, flashing white for one frame at each touch down,
    ///   with rings where a dragging finger was 10–100 ms before, for latency rigs.
    ///
    /// With `singleTouch` (`--single-touch`) the scene's drawing view takes only the first
    /// finger (`isMultipleTouchEnabled` off). What the app may ask of the root view is in
    /// ``Clearable``, ``Undoable``, ``SVGExportable`` and ``DebugOverlayToggling``.
    @MainActor
    public static func makeRootView(for scene: Scene, frame: Rect, singleTouch: Bool = false) -> View {
        let root: View = switch scene {
        case .spots: TouchableView(frame: frame)
        case .draw: DrawingView(frame: frame)
        case .trace: TouchTrackerView(frame: frame)
        case .inspect: InspectView(frame: frame)
        case .canvas: CanvasView(frame: frame)
        case .gestures: GesturesView(frame: frame)
        case .targets: TargetsView(frame: frame)
        case .latency: LatencyView(frame: frame)
        }
        if singleTouch { root.isMultipleTouchEnabled = false }
        // A photodiode needs black to flash from; every other scene keeps the white of the contract.
        root.backgroundColor = scene == .latency ? .black : .white
        return root
    }
}
