import Rendering
import Foundation
import Testing
import TouchKit
import TouchCanvasTesting

/// What a person sees: the spots scene's spot drawn at the output scales Wayland uses.
@MainActor
@Suite struct RendererPixelTests {
    static let white = PixelColor.white
    static let gray = SpotScene.grayPixel

    @Test func circleAtScale1HasGrayCentreWhiteOutsideAndAntialiasedEdge() throws {
        let scene = SpotScene()
        let buffer = try PixelBuffer(width: 640, height: 480)
        let damage = ViewRenderer().render(scene.window, into: buffer, scale: 1, bufferAge: 0)

        #expect(damage == DamageRegion(buffer.bounds))
        #expect(buffer.pixel(x: 250, y: 200) == Self.gray)
        #expect(buffer.pixel(x: 250 + 52, y: 200) == Self.white)
        #expect(buffer.pixel(x: 250, y: 200 - 52) == Self.white)
        #expect(buffer.pixel(x: 0, y: 0) == Self.white)
        // Where the circle crosses the 45° diagonal the pixel is about half covered.
        let edge = buffer.pixel(x: 285, y: 235)
        #expect(isBlend(edge, between: Self.gray, and: Self.white), "edge pixel \(String(describing: edge))")
        // A circle, not a square: the bounding box's corner is outside it.
        #expect(buffer.pixel(x: 203, y: 153) == Self.white)
    }

    @Test(arguments: [2.0, 1.25, 1.5])
    func circleScalesAroundTheSameCentre(scale: Double) throws {
        let scene = SpotScene()
        let buffer = try referenceRender(of: scene.window, scale: scale)
        #expect(buffer.width == Int((640 * scale).rounded(.up)))

        func at(_ x: Double, _ y: Double) -> PixelColor? {
            buffer.pixel(x: Int((x * scale).rounded(.down)), y: Int((y * scale).rounded(.down)))
        }
        #expect(at(250, 200) == Self.gray)
        #expect(at(250 - 48, 200) == Self.gray)
        #expect(at(250 + 52, 200) == Self.white)
        #expect(at(250, 200 + 52) == Self.white)
        #expect(at(203, 153) == Self.white)
        // Going right along a row that crosses the edge at a slant, gray turns to white through
        // at least one blended pixel.
        let row = Int((200 + 30) * scale)
        let colours = (Int(250 * scale)..<buffer.width).compactMap { buffer.pixel(x: $0, y: row) }
        let blends = colours.filter { isBlend($0, between: Self.gray, and: Self.white) }
        #expect(colours.first == Self.gray && colours.last == Self.white)
        #expect(!blends.isEmpty && blends.count <= 3, "\(blends)")
    }

    @Test func scale2DoublesEveryPixelDistance() throws {
        let scene = SpotScene()
        let one = try referenceRender(of: scene.window, scale: 1)
        let two = try referenceRender(of: scene.window, scale: 2)
        // The gray span along the horizontal diameter is twice as long, around the doubled centre.
        func graySpan(_ buffer: PixelBuffer, row: Int) -> (Int, Int) {
            let xs = (0..<buffer.width).filter { buffer.pixel(x: $0, y: row) == Self.gray }
            return (xs.first ?? -1, xs.last ?? -1)
        }
        let (a0, a1) = graySpan(one, row: 200)
        let (b0, b1) = graySpan(two, row: 400)
        #expect(a0 + a1 + 1 == 500)         // symmetric around x = 250
        #expect(b0 + b1 + 1 == 1000)        // symmetric around x = 500
        #expect(abs((b1 - b0 + 1) - 2 * (a1 - a0 + 1)) <= 2)
    }

    @Test func windowBackgroundColourReplacesWhite() throws {
        let scene = SpotScene()
        scene.window.backgroundColor = Color(rgb: 0x202020)
        let buffer = try referenceRender(of: scene.window, scale: 1)
        #expect(buffer.pixel(x: 5, y: 5) == PixelColor(rgb: 0x202020))
        #expect(buffer.pixel(x: 250, y: 200) == Self.gray)
    }

    @Test func alphaMultipliesDownTheTree() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.alpha = 0.5
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        child.backgroundColor = .black
        child.alpha = 0.5
        parent.addSubview(child)
        window.addSubview(parent)
        let buffer = try referenceRender(of: window, scale: 1)
        // Black at 25 % over white: 255 × 0.75 ≈ 191.
        let pixel = try #require(buffer.pixel(x: 20, y: 20))
        #expect(abs(Int(pixel.red) - 191) <= 1, "\(pixel)")
        #expect(pixel.alpha == 255)
    }

    @Test func hiddenAndTransparentViewsHideTheirSubtrees() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: { 0 })
        let hidden = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        hidden.backgroundColor = .black
        hidden.isHidden = true
        let transparent = View(frame: Rect(x: 50, y: 50, width: 50, height: 50))
        transparent.alpha = 0
        let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = .black
        transparent.addSubview(child)
        window.addSubview(hidden)
        window.addSubview(transparent)
        let buffer = try referenceRender(of: window, scale: 1)
        #expect(count(in: buffer) { _, _, raw in raw != 0xFFFF_FFFF } == 0)
    }

    @Test func childOriginFollowsParentFrameAndBoundsOrigin() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), clock: { 0 })
        let parent = View(frame: Rect(x: 50, y: 40, width: 100, height: 100))
        parent.bounds = Rect(x: 10, y: 20, width: 100, height: 100)
        let child = View(frame: Rect(x: 10, y: 20, width: 10, height: 10))
        child.backgroundColor = .black
        parent.addSubview(child)
        window.addSubview(parent)
        let buffer = try referenceRender(of: window, scale: 1)
        // parent origin (50, 40) + child origin (10, 20) − bounds origin (10, 20) = (50, 40).
        #expect(buffer.pixel(x: 50, y: 40) == .black)
        #expect(buffer.pixel(x: 59, y: 49) == .black)
        #expect(buffer.pixel(x: 60, y: 50) == .white)
        #expect(buffer.pixel(x: 49, y: 39) == .white)
    }

    @Test func drawsIntoBorrowedXRGBMemoryInWaylandByteOrder() throws {
        let scene = SpotScene(width: 400, height: 300)
        let stride = 400 * 4 + 64  // padded rows, as some pools use
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * 300, alignment: 4096)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0x55, count: stride * 300)
        let buffer = try PixelBuffer(borrowing: memory, width: 400, height: 300, stride: stride, format: .xrgb8888)
        _ = ViewRenderer().render(scene.window, into: buffer, scale: 1, bufferAge: 0)
        // Little-endian xrgb8888: bytes B, G, R, X.
        let centre = memory + 200 * stride + 250 * 4
        #expect(centre.load(as: UInt8.self) == 0xAA)
        #expect(centre.load(fromByteOffset: 1, as: UInt8.self) == 0xAA)
        #expect(centre.load(fromByteOffset: 2, as: UInt8.self) == 0xAA)
        #expect(buffer.pixel(x: 250, y: 200) == Self.gray)
        #expect(buffer.pixel(x: 10, y: 10) == Self.white)
        // The row padding is not ours to touch.
        #expect((memory + stride - 1).load(as: UInt8.self) == 0x55)
    }
}
