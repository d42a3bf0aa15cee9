import Rendering
import Testing
import TouchKit

/// Drawing one part of a window into a buffer of that part's size (`origin`): what the app's
/// own frame does for its title bar and margin instead of a frame-sized buffer.
@MainActor
@Suite struct RendererOriginTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// A 100×100 white window with a red 10×10 square at (50, 50).
    func window() -> (Window, View) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let square = View(frame: Rect(x: 50, y: 50, width: 10, height: 10))
        square.backgroundColor = Self.red
        window.addSubview(square)
        return (window, square)
    }

    @Test(arguments: [1.0, 2.0])
    func theOriginIsTheBuffersTopLeft(scale: Double) throws {
        let (window, _) = window()
        let buffer = try PixelBuffer(width: Int(20 * scale), height: Int(20 * scale))
        let damage = ViewRenderer().render(window, into: buffer, scale: scale, bufferAge: 0, origin: Point(x: 40, y: 40))
        #expect(damage == DamageRegion(buffer.bounds))
        let s = Int(scale)
        #expect(buffer.pixel(x: 10 * s, y: 10 * s) == PixelColor(red: 255, green: 0, blue: 0))
        #expect(buffer.pixel(x: 19 * s, y: 19 * s) == PixelColor(red: 255, green: 0, blue: 0))
        #expect(buffer.pixel(x: 9 * s, y: 10 * s) == .white)
        #expect(buffer.pixel(x: 0, y: 0) == .white)

        let snapshot = try PixelBuffer(width: Int(20 * scale), height: Int(20 * scale))
        #expect(ViewRenderer().snapshot(window, into: snapshot, scale: scale, origin: Point(x: 40, y: 40)) == nil)
        for y in 0..<snapshot.height {
            for x in 0..<snapshot.width where snapshot.pixel(x: x, y: y) != buffer.pixel(x: x, y: y) {
                Issue.record("the snapshot differs at \(x), \(y)")
                return
            }
        }
    }

    /// Damage is in the buffer's pixels; a change of origin is a new target, repainted whole.
    @Test func damageIsInTheBuffersPixelsAndAMovedOriginRepaintsAll() throws {
        let (window, square) = window()
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: 20, height: 20)
        let origin = Point(x: 40, y: 40)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0, origin: origin)
        #expect(renderer.isUpToDate(window, width: 20, height: 20, format: buffer.format, scale: 1, origin: origin))
        square.frame = Rect(x: 52, y: 50, width: 10, height: 10)
        let moved = renderer.render(window, into: buffer, scale: 1, bufferAge: 1, origin: origin)
        // Old and new square with the antialias margin: x 9…22 clipped to the buffer, y 9…20.
        #expect(moved.boundingBox == PixelRect(x: 9, y: 9, width: 11, height: 11), "\(moved)")
        #expect(!renderer.isUpToDate(window, width: 20, height: 20, format: buffer.format, scale: 1,
                                     origin: Point(x: 0, y: 0)))
        let elsewhere = renderer.render(window, into: buffer, scale: 1, bufferAge: 1, origin: Point(x: 0, y: 0))
        #expect(elsewhere == DamageRegion(buffer.bounds))
        #expect(buffer.pixel(x: 5, y: 5) == .white)
    }
}
