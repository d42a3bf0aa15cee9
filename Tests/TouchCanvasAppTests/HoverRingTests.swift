import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp

/// The hover ring: where it is drawn, and that moving it repaints only its old and new place.
@MainActor @Suite struct HoverRingTests {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let rings = HoverRingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let buffer: PixelBuffer
    let renderer = ViewRenderer()

    /// A white 400×300 window with the ring layer over it.
    init() throws {
        window.backgroundColor = .white
        window.addSubview(rings)
        buffer = try PixelBuffer(width: 400, height: 300, format: .xrgb8888)
    }

    @Test func aRingIsDrawnWhereThePointerHoversAndRepaintsOnlyItsBoxes() throws {
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)

        rings.setHover(Point(x: 150, y: 120), seat: SeatID(1))
        let damage = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
        #expect(damage.boundingBox.width <= 30 && damage.boundingBox.height <= 30, "\(damage)")
        let row = (136...164).map { buffer.pixel(x: $0, y: 120)?.red ?? 0 }
        let column = (106...134).map { buffer.pixel(x: 150, y: $0)?.red ?? 0 }
        // The line 11 to 13 px from the centre on both sides, white inside and out.
        #expect(row.enumerated().filter { $0.element < 0xC0 }.map { $0.offset + 136 } == [137, 138, 161, 162], "\(row)")
        #expect(column.enumerated().filter { $0.element < 0xC0 }.map { $0.offset + 106 } == [107, 108, 131, 132], "\(column)")

        rings.setHover(Point(x: 300, y: 200), seat: SeatID(1))
        let moved = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
        #expect(Double(moved.area) < 2 * 30 * 30, "only the old and the new ring's boxes: \(moved)")
        #expect(buffer.pixel(x: 161, y: 120) == .white, "the old ring is gone")
        rings.setHover(nil, seat: SeatID(1))
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
        #expect((280...320).allSatisfy { buffer.pixel(x: $0, y: 200) == .white })
    }

    /// The ring layer covers the window; were it one view stroking shapes, the renderer would
    /// widen every repaint across it to the window's width (cairo's clip seams), in every scene.
    @Test func theRingLayerDoesNotWidenRepaintsElsewhere() throws {
        rings.setHover(Point(x: 50, y: 200), seat: SeatID(1))
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)

        let spot = View(frame: Rect(x: 300, y: 190, width: 20, height: 20))
        spot.backgroundColor = Color(rgb: 0xFF0000)
        window.insertSubview(spot, at: 0)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
        let repainted = renderer.lastRepaintedRegion.boundingBox
        #expect(repainted.width <= 24, "a spot's box, not a band across the window: \(repainted)")
        #expect(buffer.pixel(x: 310, y: 200)?.red == 0xFF)
    }
}
