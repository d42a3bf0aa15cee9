import Rendering
import Testing
import TouchKit
import TouchCanvasTesting

/// Views that draw themselves through `CairoDrawing` and `GraphicsContext`.
@MainActor
@Suite struct CustomDrawingTests {
    func scene() -> (Window, StrokeView) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), clock: { 0 })
        let canvas = StrokeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(canvas)
        return (window, canvas)
    }

    @Test func strokeIsDrawnWithItsColourWidthAndRoundCaps() throws {
        let (window, canvas) = scene()
        canvas.add(Point(x: 50, y: 100))
        canvas.add(Point(x: 250, y: 100))
        let buffer = try referenceRender(of: window, scale: 1)
        #expect(buffer.pixel(x: 150, y: 99) == StrokeView.inkPixel)
        #expect(buffer.pixel(x: 150, y: 100) == StrokeView.inkPixel)
        #expect(buffer.pixel(x: 150, y: 103) == .white)       // 4 px wide: 98…102
        // Past the end point: covered by a cap, and rounded, not square, at the corner.
        #expect(buffer.pixel(x: 250, y: 99) == StrokeView.inkPixel)
        #expect(isBlend(buffer.pixel(x: 251, y: 98), between: StrokeView.inkPixel, and: .white))
        #expect(buffer.pixel(x: 253, y: 100) == .white)
    }

    /// A snapshot between frames draws everything but the excluded views, and leaves the
    /// renderer's own bookkeeping alone: the change pending before it is still drawn after it.
    @Test func aSnapshotLeavesOutExcludedViewsAndTheNextFrameAlone() throws {
        let (window, canvas) = scene()
        let overlay = StrokeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.addSubview(overlay)
        canvas.add(Point(x: 50, y: 100))
        canvas.add(Point(x: 250, y: 100))
        overlay.add(Point(x: 50, y: 200))
        overlay.add(Point(x: 250, y: 200))
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: 400, height: 300)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)

        canvas.add(Point(x: 250, y: 150))  // pending when the snapshot is taken
        let picture = try PixelBuffer(width: 400, height: 300)
        #expect(renderer.snapshot(window, into: picture, scale: 1, excluding: [overlay]) == nil)
        #expect(picture.pixel(x: 150, y: 100) == StrokeView.inkPixel)
        #expect(picture.pixel(x: 250, y: 125) == StrokeView.inkPixel, "the pending change, as it is now")
        #expect(picture.pixel(x: 150, y: 200) == .white, "the excluded view")

        let damage = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
        #expect(damage == DamageRegion(PixelRect(x: 247, y: 97, width: 6, height: 56)), "the pending segment only: \(damage)")
        #expect(buffer.pixel(x: 250, y: 125) == StrokeView.inkPixel)
        #expect(buffer.pixel(x: 150, y: 200) == StrokeView.inkPixel, "the overlay is still on screen")
    }

    @Test func addingASegmentDamagesOnlyItsBounds() throws {
        let (window, canvas) = scene()
        canvas.add(Point(x: 50, y: 100))
        canvas.add(Point(x: 60, y: 100))
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: 400, height: 300)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)

        canvas.add(Point(x: 70, y: 110))
        let damage = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
        // (60, 100)…(70, 110) plus 2 px of line and 1 px of antialiasing on each side.
        #expect(damage == DamageRegion(PixelRect(x: 57, y: 97, width: 16, height: 16)))
        #expect(damage.area * 100 < buffer.width * buffer.height)
        #expect(differences(buffer, try referenceRender(of: window, scale: 1)).isEmpty)
    }

    @Test func withoutPartialInvalidationTheWholeViewIsDamaged() throws {
        let (window, canvas) = scene()
        canvas.reportsPartialInvalidation = false
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: 400, height: 300)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)
        canvas.add(Point(x: 70, y: 110))
        #expect(renderer.render(window, into: buffer, scale: 1, bufferAge: 1) == DamageRegion(buffer.bounds))
    }

    @Test func drawGetsTheRepaintedRectInBoundsCoordinates() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300), clock: { 0 })
        let canvas = StrokeView(frame: Rect(x: 100, y: 50, width: 200, height: 200))
        canvas.bounds = Rect(x: -20, y: 0, width: 200, height: 200)
        window.addSubview(canvas)
        canvas.add(Point(x: 0, y: 0))
        canvas.add(Point(x: 50, y: 0))
        let buffer = try referenceRender(of: window, scale: 2)
        // Bounds origin (−20, 0) is the view's top-left: the point (0, 0) is at (120, 50).
        #expect(buffer.pixel(x: 2 * 130, y: 2 * 50) == StrokeView.inkPixel)
        #expect(buffer.pixel(x: 2 * 130, y: 2 * 50 - 4) == .white)  // clipped to the bounds
        #expect(canvas.drawnRects.last == Rect(x: -20, y: 0, width: 200, height: 200))
    }

    @Test func contextAlphaAndStateAreScopedToTheView() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let canvas = StrokeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        canvas.alpha = 0.5
        canvas.add(Point(x: 10, y: 50))
        canvas.add(Point(x: 90, y: 50))
        let spot = View(frame: Rect(x: 0, y: 80, width: 10, height: 10))
        spot.backgroundColor = .black
        window.addSubview(canvas)
        window.addSubview(spot)
        let buffer = try referenceRender(of: window, scale: 1)
        let ink = try #require(buffer.pixel(x: 50, y: 50))
        // #34329C at 50 % over white.
        #expect(ink.distance(to: PixelColor(rgb: 0x9A99CE)) <= 1, "\(ink)")
        #expect(buffer.pixel(x: 5, y: 85) == .black)
    }

    @Test func badValuesFromAViewDoNotBreakTheFrame() throws {
        final class Wild: View, CairoDrawing {
            func draw(in context: GraphicsContext, rect: Rect) {
                context.setLineWidth(.nan)
                context.translateBy(x: .infinity, y: 0)
                context.move(to: Point(x: .nan, y: 1))
                context.addArc(center: Point(x: 10, y: 10), radius: -5, startAngle: 0, endAngle: .pi)
                context.addEllipse(in: Rect(x: 0, y: 0, width: .infinity, height: 3))
                context.withSavedState { $0.clip(to: Rect(x: 0, y: 0, width: 5, height: 5)) }
                context.setColor(.black)
                context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
                context.addEllipse(in: Rect(x: 20, y: 20, width: 10, height: 10))
                context.fill()
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 50, height: 50), clock: { 0 })
        window.addSubview(Wild(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: 50, height: 50)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)
        #expect(renderer.lastError == nil)
        #expect(buffer.pixel(x: 9, y: 9) == .black)
        #expect(buffer.pixel(x: 25, y: 25) == .black)
        #expect(buffer.pixel(x: 15, y: 15) == .white)
    }
}
