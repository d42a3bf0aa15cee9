import Rendering
import Testing
import TouchKit
import TouchCanvasTesting

/// Damage: what a frame repaints and reports must be what changed, and nothing else.
@MainActor
@Suite struct RendererDamageTests {
    static let sentinel: UInt32 = 0xFF12_3456

    /// A renderer that has drawn `scene` once into a fresh buffer.
    func settled(_ scene: SpotScene, scale: Double = 1) throws -> (ViewRenderer, PixelBuffer) {
        let renderer = ViewRenderer()
        let size = bufferSize(of: scene.window, scale: scale)
        let buffer = try PixelBuffer(width: size.width, height: size.height)
        _ = renderer.render(scene.window, into: buffer, scale: scale, bufferAge: 0)
        return (renderer, buffer)
    }

    @Test func unchangedFrameHasNoDamageAndTouchesNoPixel() throws {
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene)
        buffer.fill(Self.sentinel)

        let damage = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)

        #expect(damage.isEmpty)
        #expect(renderer.lastRepaintedRegion.isEmpty)
        #expect(count(in: buffer) { _, _, raw in raw != Self.sentinel } == 0)
    }

    @Test func unchangedFrameWithOlderBufferStillDrawsNothing() throws {
        // Nothing to commit, so nothing to bring up to date either (see render's contract).
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene)
        scene.spot.center = Point(x: 300, y: 250)
        _ = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)
        buffer.fill(Self.sentinel)
        #expect(renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 2).isEmpty)
        #expect(count(in: buffer) { _, _, raw in raw != Self.sentinel } == 0)
    }

    @Test(arguments: [1.0, 2.0, 1.25])
    func movingTheSpotDamagesOldAndNewPositionsOnly(scale: Double) throws {
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene, scale: scale)
        buffer.fill(Self.sentinel)

        scene.spot.center = Point(x: 450, y: 350)  // frame (400, 300, 100, 100)
        let damage = renderer.render(scene.window, into: buffer, scale: scale, bufferAge: 1)

        func px(_ v: Double) -> Int { Int((v * scale).rounded(.down)) }
        let old = PixelRect(enclosing: Rect(x: 200, y: 150, width: 100, height: 100), scale: scale)
        let new = PixelRect(enclosing: Rect(x: 400, y: 300, width: 100, height: 100), scale: scale)
        for rect in [old, new] {
            for (x, y) in [(rect.minX, rect.minY), (rect.maxX - 1, rect.maxY - 1), (rect.minX + rect.width / 2, rect.minY)] {
                #expect(damage.contains(x: x, y: y), "\(x),\(y) not in \(damage)")
            }
        }
        // Not the space between them, nor the rest of the window.
        #expect(!damage.contains(x: px(350), y: px(275)))
        #expect(!damage.contains(x: px(10), y: px(10)))
        #expect(!damage.contains(x: px(600), y: px(100)))
        let fraction = Double(damage.area) / Double(buffer.width * buffer.height)
        #expect(fraction < 0.08, "damaged \(fraction) of the buffer")

        // Inside the damage: what a full render shows; outside: untouched.
        let reference = try referenceRender(of: scene.window, scale: scale)
        #expect(buffer.pixel(x: px(250), y: px(200)) == .white)
        #expect(buffer.pixel(x: px(450), y: px(350)) == SpotScene.grayPixel)
        let wrong = count(in: buffer) { x, y, raw in
            damage.contains(x: x, y: y) ? raw != reference.rawPixel(x: x, y: y) : raw != Self.sentinel
        }
        #expect(wrong == 0)
    }

    @Test func appearingAndDisappearingViewsDamageTheirRects() throws {
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene)
        let extra = scene.addSpot(center: Point(x: 100, y: 100), diameter: 20)
        let appeared = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)
        #expect(appeared == DamageRegion(PixelRect(x: 89, y: 89, width: 22, height: 22)))
        #expect(buffer.pixel(x: 100, y: 100) == SpotScene.grayPixel)

        extra.removeFromSuperview()
        let disappeared = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)
        #expect(disappeared == appeared)
        #expect(buffer.pixel(x: 100, y: 100) == .white)

        scene.spot.isHidden = true
        let hidden = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)
        #expect(hidden == DamageRegion(PixelRect(x: 199, y: 149, width: 102, height: 102)))
        #expect(buffer.pixel(x: 250, y: 200) == .white)
    }

    @Test func colourAlphaAndRadiusChangesDamageTheView() throws {
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene)
        let spotRect = DamageRegion(PixelRect(x: 199, y: 149, width: 102, height: 102))

        scene.spot.backgroundColor = .black
        #expect(renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1) == spotRect)
        #expect(buffer.pixel(x: 250, y: 200) == .black)

        scene.spot.cornerRadius = 0
        #expect(renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1) == spotRect)
        #expect(buffer.pixel(x: 201, y: 151) == .black)

        scene.spot.alpha = 0.5
        #expect(renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1) == spotRect)
        #expect(buffer.pixel(x: 250, y: 200)?.red ?? 0 > 100)
    }

    @Test func setNeedsDisplayDamagesTheView() throws {
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene)
        scene.spot.setNeedsDisplay()
        let damage = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)
        #expect(damage == DamageRegion(PixelRect(x: 199, y: 149, width: 102, height: 102)))
        #expect(!scene.spot.needsDisplay)
    }

    @Test func restackingOverlappingViewsRepaintsTheOverlap() throws {
        let scene = SpotScene()
        let black = scene.addSpot(center: Point(x: 280, y: 200), color: .black)
        let (renderer, buffer) = try settled(scene)
        #expect(buffer.pixel(x: 260, y: 200) == .black)

        scene.window.bringSubviewToFront(scene.spot)
        let damage = renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1)
        #expect(!damage.isEmpty)
        #expect(buffer.pixel(x: 260, y: 200) == SpotScene.grayPixel)
        let diff = differences(buffer, try referenceRender(of: scene.window, scale: 1))
        #expect(diff.isEmpty, "\(diff) damage \(damage) subviews \(scene.window.subviews.map { $0 === black })")
    }

    @Test func animatedGrowthDamagesEachStep() throws {
        let clock = TestClock()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), clock: clock.read)
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: 400, height: 400)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)

        // The spots scene: a spot starts at 1×1 and grows to 100×100 in 0.2 s.
        let spot = View(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        spot.center = Point(x: 200, y: 200)
        spot.backgroundColor = SpotScene.gray
        spot.cornerRadius = 0.5
        window.addSubview(spot)
        View.animate(withDuration: 0.2) {
            spot.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            spot.cornerRadius = 50
        }
        var previousArea = 0
        for step in 0...4 {
            clock.now = Double(step) * 0.05
            window.advanceAnimations()
            let damage = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
            #expect(!damage.isEmpty)
            #expect(damage.area >= previousArea)
            previousArea = damage.area
            #expect(differences(buffer, try referenceRender(of: window, scale: 1)).isEmpty, "step \(step)")
        }
        #expect(buffer.pixel(x: 200 + 48, y: 200) == SpotScene.grayPixel)
        #expect(renderer.render(window, into: buffer, scale: 1, bufferAge: 1).isEmpty)
    }

    @Test func scaleOrSizeChangeRepaintsEverything() throws {
        let scene = SpotScene()
        let (renderer, _) = try settled(scene)
        let bigger = try PixelBuffer(width: 1280, height: 960)
        let damage = renderer.render(scene.window, into: bigger, scale: 2, bufferAge: 1)
        #expect(damage == DamageRegion(bigger.bounds))
        #expect(differences(bigger, try referenceRender(of: scene.window, scale: 2)).isEmpty)
    }

    @Test func offscreenChangesAreClippedAway() throws {
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene)
        scene.addSpot(center: Point(x: 5000, y: 5000))
        #expect(renderer.render(scene.window, into: buffer, scale: 1, bufferAge: 1).isEmpty)
    }

    @Test func nonFiniteGeometryIsSkippedNotFatal() throws {
        let scene = SpotScene()
        let (renderer, buffer) = try settled(scene)
        let bad = scene.addSpot(center: Point(x: .nan, y: 10))
        bad.alpha = .nan
        let weird = scene.addSpot(center: Point(x: 1e300, y: -1e300), diameter: .infinity)
        _ = weird
        _ = renderer.render(scene.window, into: buffer, scale: .nan, bufferAge: 1)
        #expect(renderer.lastError == nil)
        #expect(buffer.pixel(x: 250, y: 200) == SpotScene.grayPixel)
    }
}
