@testable import Rendering
import Testing
import TouchKit

/// Round views are composited through cached masks (``CircleMasks``): what they show must be the
/// circle the view describes, wherever it sits between pixels and at any scale, and the cache
/// must stay small however many sizes a growing spot passes through.
@MainActor
@Suite struct CircleMaskTests {
    /// How much of the pixel (`x`, `y`) the circle covers, by 16×16 samples.
    private func coverage(x: Int, y: Int, center: (x: Double, y: Double), radius: Double) -> Double {
        var inside = 0
        for i in 0..<16 {
            for j in 0..<16 {
                let dx = Double(x) + (Double(i) + 0.5) / 16 - center.x
                let dy = Double(y) + (Double(j) + 0.5) / 16 - center.y
                if dx * dx + dy * dy <= radius * radius { inside += 1 }
            }
        }
        return Double(inside) / 256
    }

    @Test(arguments: [(1.0, 0.0), (1.0, 0.3), (1.0, 0.87), (1.5, 0.41), (2.0, 0.125), (1.25, 0.6)])
    func aCircleShowsItsCoverageWhereverItSits(scale: Double, offset: Double) throws {
        let diameter = 88.6
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), clock: { 0 })
        let spot = View(frame: Rect(x: 40 + offset, y: 50 + offset / 2, width: diameter, height: diameter))
        spot.backgroundColor = Color(rgb: 0x000000)
        spot.cornerRadius = diameter / 2
        window.addSubview(spot)
        let side = Int((200 * scale).rounded(.up))
        let buffer = try PixelBuffer(width: side, height: side)
        _ = ViewRenderer().render(window, into: buffer, scale: scale, bufferAge: 0)
        let filled = try PixelBuffer(width: side, height: side)
        let pathRenderer = ViewRenderer()
        pathRenderer.masksCircles = false
        _ = pathRenderer.render(window, into: filled, scale: scale, bufferAge: 0)

        let center = ((spot.frame.midX) * scale, (spot.frame.midY) * scale)
        let radius = diameter / 2 * scale
        var worst = 0.0
        var worstAgainstPath = 0
        for y in 0..<side {
            for x in 0..<side {
                let expected = 255 * (1 - coverage(x: x, y: y, center: center, radius: radius))
                let shown = try #require(buffer.pixel(x: x, y: y)).red
                worst = max(worst, abs(Double(shown) - expected))
                worstAgainstPath = max(worstAgainstPath, abs(Int(shown) - Int(try #require(filled.pixel(x: x, y: y)).red)))
            }
        }
        // Black on white, the widest range there is. A sixteenth of a pixel of position and of
        // diameter moves an edge pixel's coverage a little, and cairo samples coverage on 15 rows
        // a pixel, so the mask, drawn at another offset, can land a row or two apart: up to 34
        // levels from the path fill were seen. cairo's path fill is itself up to 25 from the true
        // coverage.
        #expect(worstAgainstPath <= 40, "worst \(worstAgainstPath) levels from the path fill")
        #expect(worst <= 48, "worst \(worst) levels from the true coverage")
        // The centre is the colour itself and far outside is untouched.
        #expect(buffer.pixel(x: Int(center.0), y: Int(center.1))?.red == 0)
        #expect(buffer.pixel(x: side - 1, y: side - 1)?.red == 255)
    }

    @Test func aGrowingSpotKeepsTheCacheBounded() throws {
        let masks = CircleMasks()
        let buffer = try PixelBuffer(width: 400, height: 400)
        let context = try buffer.context()
        context.setSource(red: 0, green: 0, blue: 0, alpha: 1)
        for step in 0..<1_000 {
            let diameter = 10 + Double(step) * 0.3
            #expect(masks.fill(Rect(x: 20 + Double(step) * 0.01, y: 20, width: diameter, height: diameter),
                               scale: 1, cairo: context))
            #expect(masks.count <= CircleMasks.capacity)
        }
        // Too large for a mask, or not finite: the caller fills the path.
        #expect(!masks.fill(Rect(x: 0, y: 0, width: 600, height: 600), scale: 1, cairo: context))
        #expect(!masks.fill(Rect(x: .nan, y: 0, width: 60, height: 60), scale: 1, cairo: context))
        #expect(!masks.fill(Rect(x: 0, y: 0, width: 0, height: 0), scale: 1, cairo: context))
    }
}
