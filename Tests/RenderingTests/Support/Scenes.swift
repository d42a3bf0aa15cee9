import Rendering
import TouchKit

/// The spots scene (*Implementing a Multi-Touch App*), reduced to what the renderer sees: a window with one
/// 100×100 `#AAAAAA` circle whose frame starts at (200, 150), so its centre is (250, 200).
@MainActor
struct SpotScene {
    static let gray = Color(rgb: 0xAAAAAA)
    static let grayPixel = PixelColor(rgb: 0xAAAAAA)

    let window: Window
    let spot: View

    init(width: Double = 640, height: Double = 480) {
        window = Window(frame: Rect(x: 0, y: 0, width: width, height: height), clock: { 0 })
        spot = View(frame: Rect(x: 200, y: 150, width: 100, height: 100))
        spot.backgroundColor = Self.gray
        spot.cornerRadius = 50
        window.addSubview(spot)
    }

    /// Adds another circle of `diameter` centred on `center`.
    @discardableResult
    func addSpot(center: Point, diameter: Double = 100, color: Color = gray) -> View {
        let view = View(frame: Rect(x: center.x - diameter / 2, y: center.y - diameter / 2,
                                    width: diameter, height: diameter))
        view.backgroundColor = color
        view.cornerRadius = diameter / 2
        window.addSubview(view)
        return view
    }
}
