import Rendering
import Testing
import TouchKit
import TouchCanvasTesting

/// Buffer age: with buffers swapping, every frame must come out exactly as a fresh full render.
@MainActor
@Suite struct BufferAgeTests {
    /// A ring of buffers used in turn, each aged like foot's `shm.c`: new buffers have age 0,
    /// and every committed frame ages all buffers by one and resets the one drawn to 1.
    struct SwapChain {
        var buffers: [PixelBuffer]
        var ages: [Int]
        var next = 0
        /// The buffer last committed: what the compositor shows.
        var front: PixelBuffer?

        init(count: Int, width: Int, height: Int) throws {
            buffers = try (0..<count).map { _ in try PixelBuffer(width: width, height: height) }
            ages = Array(repeating: 0, count: count)
        }

        /// Renders into the next buffer and "commits" it unless the damage is empty; returns
        /// what is on screen afterwards and the damage.
        @MainActor
        mutating func frame(_ renderer: ViewRenderer, _ window: Window, scale: Double) -> (PixelBuffer, DamageRegion) {
            let index = next
            let buffer = buffers[index]
            let damage = renderer.render(window, into: buffer, scale: scale, bufferAge: ages[index])
            if !damage.isEmpty {
                for i in ages.indices where ages[i] > 0 { ages[i] += 1 }
                ages[index] = 1
                next = (next + 1) % buffers.count
                front = buffer
            }
            return (front ?? buffer, damage)
        }
    }

    /// A few frames of a busy scene: the spot wanders, a second spot appears, moves, vanishes.
    func script(_ scene: SpotScene) -> [() -> Void] {
        var second: View?
        return [
            {},
            { scene.spot.center = Point(x: 280, y: 210) },
            { second = scene.addSpot(center: Point(x: 500, y: 120), diameter: 60) },
            { scene.spot.center = Point(x: 330, y: 260) },
            { second?.center = Point(x: 520, y: 300) },
            { scene.spot.backgroundColor = .black },
            {},
            { second?.removeFromSuperview() },
            { scene.spot.center = Point(x: 100, y: 400) },
            { scene.spot.alpha = 0.4 },
        ]
    }

    @Test(arguments: [(2, 1.0), (2, 2.0), (2, 1.5), (3, 1.0), (3, 1.25)])
    func swappingBuffersMatchesFullRenderEveryFrame(buffers: Int, scale: Double) throws {
        let scene = SpotScene()
        let renderer = ViewRenderer()
        let size = bufferSize(of: scene.window, scale: scale)
        var chain = try SwapChain(count: buffers, width: size.width, height: size.height)

        for (step, change) in script(scene).enumerated() {
            change()
            let (buffer, damage) = chain.frame(renderer, scene.window, scale: scale)
            let reference = try referenceRender(of: scene.window, scale: scale)
            #expect(differences(buffer, reference).isEmpty, "frame \(step): damage \(damage)")
        }
    }

    /// Overlapping spots over a window-wide stroke: partial repaints cut through shapes that
    /// did not change, which must still come out exactly as in a full render.
    func overlappingScript(_ scene: SpotScene, _ strokes: StrokeView) -> [() -> Void] {
        var other: View?
        return [
            { strokes.add(Point(x: 20, y: 190)); strokes.add(Point(x: 620, y: 230)) },
            { other = scene.addSpot(center: Point(x: 290, y: 230)) },
            { scene.spot.center = Point(x: 262, y: 214) },
            { strokes.add(Point(x: 300, y: 260)) },
            { other?.center = Point(x: 301.3, y: 244.6) },
            { scene.window.bringSubviewToFront(scene.spot) },
            { scene.spot.bounds = Rect(x: 0, y: 0, width: 60, height: 60); scene.spot.cornerRadius = 30 },
            { other?.alpha = 0.5 },
            { strokes.add(Point(x: 250, y: 150)) },
            { other?.removeFromSuperview() },
        ]
    }

    @Test(arguments: [(2, 1.0), (2, 2.0), (2, 1.25), (3, 1.5)])
    func overlappingShapesStayPixelExact(buffers: Int, scale: Double) throws {
        let scene = SpotScene()
        let strokes = StrokeView(frame: scene.window.bounds)
        scene.window.insertSubview(strokes, at: 0)
        let renderer = ViewRenderer()
        let size = bufferSize(of: scene.window, scale: scale)
        var chain = try SwapChain(count: buffers, width: size.width, height: size.height)
        for (step, change) in overlappingScript(scene, strokes).enumerated() {
            change()
            let (buffer, damage) = chain.frame(renderer, scene.window, scale: scale)
            let reference = try referenceRender(of: scene.window, scale: scale)
            #expect(differences(buffer, reference).isEmpty, "frame \(step): damage \(damage)")
            if step >= buffers {  // after every buffer's first, full frame
                #expect(damage.area < size.width * size.height / 4, "frame \(step): damage \(damage)")
            }
        }
    }

    @Test func ageTwoRepaintsThePreviousFramesDamageToo() throws {
        let scene = SpotScene()
        let renderer = ViewRenderer()
        var chain = try SwapChain(count: 2, width: 640, height: 480)
        _ = chain.frame(renderer, scene.window, scale: 1)  // A, age 0: full
        _ = chain.frame(renderer, scene.window, scale: 1)  // B, age 0: full

        scene.spot.center = Point(x: 450, y: 350)
        let (a, first) = chain.frame(renderer, scene.window, scale: 1)   // A, age 2
        scene.spot.center = Point(x: 100, y: 100)
        let (b, second) = chain.frame(renderer, scene.window, scale: 1)  // B, age 2
        #expect(a !== b)

        // B missed the move to (450, 350): its repaint covers that frame's damage as well.
        #expect(renderer.lastRepaintedRegion == second.union(first))
        #expect(second != renderer.lastRepaintedRegion)
        #expect(b.pixel(x: 450, y: 350) == .white)
        #expect(b.pixel(x: 250, y: 200) == .white)
        #expect(b.pixel(x: 100, y: 100) == SpotScene.grayPixel)
    }

    @Test func tooOldOrUnknownBufferIsRepaintedFully() throws {
        let scene = SpotScene()
        let renderer = ViewRenderer(maximumBufferAge: 2)
        let buffer = try PixelBuffer(width: 640, height: 480)
        _ = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 0)
        scene.spot.center = Point(x: 300, y: 300)
        let damage = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 5)
        #expect(damage.area < buffer.width * buffer.height / 10)
        #expect(renderer.lastRepaintedRegion == DamageRegion(buffer.bounds))

        // A buffer of unknown contents with nothing changed: nothing to commit.
        let fresh = try PixelBuffer(width: 640, height: 480)
        #expect(renderer.render(scene.window, into: fresh, scale: 1, bufferAge: 0).isEmpty)
        // With a change it is painted whole, but damaged only where the frame changed: the
        // compositor has the rest (a new swapchain buffer must not cost a whole-buffer upload).
        scene.spot.center = Point(x: 320, y: 300)
        let unknown = renderer.render(scene.window, into: fresh, scale: 1, bufferAge: 0)
        #expect(!unknown.isEmpty && unknown.area < buffer.width * buffer.height / 10)
        #expect(renderer.lastRepaintedRegion == DamageRegion(fresh.bounds))
        // Painted whole: far from the spot the fresh (zeroed) buffer is now the white background.
        #expect(fresh.pixel(x: 5, y: 5) == .white && fresh.pixel(x: 635, y: 475) == .white)
        #expect(fresh.pixel(x: 320, y: 300) == SpotScene.grayPixel)
    }

    @Test func theMaximumAgeIsStillRepairedIncrementally() throws {
        let scene = SpotScene()
        let renderer = ViewRenderer(maximumBufferAge: 3)
        let buffer = try PixelBuffer(width: 640, height: 480)
        _ = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 0)
        for x in [260.0, 270, 280] {
            scene.spot.center = Point(x: x, y: 200)
            _ = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)
        }
        scene.spot.center = Point(x: 290, y: 200)
        _ = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 3)
        #expect(renderer.lastRepaintedRegion.area < buffer.width * buffer.height / 10)
        scene.spot.center = Point(x: 300, y: 200)
        _ = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 4)
        #expect(renderer.lastRepaintedRegion == DamageRegion(buffer.bounds))
    }
}
