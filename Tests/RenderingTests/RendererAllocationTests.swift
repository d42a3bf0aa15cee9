import AllocationCounting
import Rendering
import Testing
import TouchKit
import TouchCanvasTesting

/// The allocation rule (docs/architecture.md, *Allocation rule*). Once warmed up, a frame in which a
/// spot moves and a custom-drawn view reports a small change allocates nothing in Swift: the
/// renderer reuses its draw list, records, damage regions and history. (cairo's own allocations
/// are not counted here; `Benchmarks/AllocationSites` lists them.)
@MainActor @Suite(.needsAllocationCounter) struct RendererAllocationTests {
    /// A custom-drawn view that moves a small square each frame and reports only its boxes.
    final class Marker: View, CairoDrawing {
        var position = Point(x: 10, y: 10)
        private var invalidated: (old: Rect, new: Rect)?

        func move(to point: Point) {
            invalidated = (square(at: position), square(at: point))
            position = point
            setNeedsDisplay()
        }

        private func square(at point: Point) -> Rect {
            Rect(x: point.x - 4, y: point.y - 4, width: 8, height: 8)
        }

        func draw(in context: GraphicsContext, rect: Rect) {
            context.setColor(.black)
            context.fill(square(at: position))
        }

        func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
            defer { invalidated = nil }
            guard let invalidated else { return false }
            report(invalidated.old)
            report(invalidated.new)
            return true
        }
    }

    @Test(arguments: [1.0, 2.0])
    func aMovingFrameAllocatesNothing(scale: Double) throws {
        let scene = SpotScene()
        let marker = Marker(frame: Rect(x: 0, y: 0, width: 640, height: 480))
        scene.window.insertSubview(marker, at: 0)
        let renderer = ViewRenderer()
        let size = bufferSize(of: scene.window, scale: scale)
        let buffers = try (0..<2).map { _ in try PixelBuffer(width: size.width, height: size.height) }
        var ages = [0, 0]
        var next = 0
        var lastDamage = DamageRegion()
        var step = 0
        // Two buffers in turn, aged as the swapchain does, the damage kept until the next frame
        // as a caller may keep it.
        func frame() {
            step += 1
            scene.spot.center = Point(x: 250 + Double(step % 40), y: 200)
            marker.move(to: Point(x: 100 + Double(step % 30), y: 300))
            lastDamage = renderer.render(scene.window, into: buffers[next], scale: scale, bufferAge: ages[next])
            for index in ages.indices where ages[index] > 0 { ages[index] += 1 }
            ages[next] = 1
            next = 1 - next
        }
        // One whole cycle of both motions (120 frames), so every buffer has grown to fit.
        for _ in 0..<120 { frame() }

        let allocations = try #require(AllocationCounter.swiftAllocations {
            for _ in 0..<120 { frame() }
        }, "the allocation counter cannot see Swift allocations in this process")

        #expect(allocations == 0, "allocations over 120 steady frames")
        #expect(!lastDamage.isEmpty && lastDamage.area < size.width * size.height / 4)
        #expect(renderer.lastError == nil)
    }
}
