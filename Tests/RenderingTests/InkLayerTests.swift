import Rendering
import Testing
import TouchKit
import TouchCanvasTesting

/// A polyline for the ink layer.
struct Line: InkStroke {
    var inkPoints: [Point]
    var inkStyle: InkStyle

    init(_ points: [Point], color: Color = Color(rgb: 0x34329C), width: Double = 4) {
        inkPoints = points
        inkStyle = InkStyle(color: color, width: width)
    }

    /// Everything the line covers (round caps), without antialiasing.
    var bounds: Rect {
        zip(inkPoints, inkPoints.dropFirst()).reduce(inkStyle.bounds(from: inkPoints[0], to: inkPoints[0])) {
            $0.union(inkStyle.bounds(from: $1.0, to: $1.1))
        }
    }
}

/// A view that shows ink layers, as the app's drawing views do.
@MainActor
final class InkView: View, CairoDrawing {
    var layers: [(layer: InkLayer, alpha: Double)] = []
    /// What `takeInvalidatedRects` answers next.
    var invalidated: [Rect] = []

    func draw(in context: GraphicsContext, rect: Rect) {
        for (layer, alpha) in layers { context.draw(layer, alpha: alpha) }
    }

    func takeInvalidatedRects(_ report: (Rect) -> Void) -> Bool {
        defer { invalidated.removeAll() }
        for rect in invalidated { report(rect) }
        return true
    }
}

/// The persistent ink layer: what it draws, how it is copied to a frame, and that rebuilding
/// and repairing give the pixels live drawing gave.
@MainActor
@Suite struct InkLayerTests {
    static let purple = PixelColor(rgb: 0x34329C)

    /// A window with one `InkView` showing `layers`, rendered by a fresh renderer at `scale`.
    func render(_ layers: [(InkLayer, Double)], size: Size = Size(width: 200, height: 100),
                scale: Double = 1) throws -> PixelBuffer {
        let window = Window(frame: Rect(origin: .zero, size: size), clock: { 0 })
        let view = InkView(frame: window.bounds)
        view.layers = layers
        window.addSubview(view)
        return try referenceRender(of: window, scale: scale)
    }

    @Test func aSegmentIsInkedWithRoundCapsAndReportsWhatItTouched() throws {
        let layer = InkLayer()
        #expect(layer.reset(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: 1))
        let dirty = layer.drawSegment(from: Point(x: 50, y: 50), to: Point(x: 150, y: 50),
                                      style: InkStyle(color: Color(rgb: 0x34329C), width: 4))
        // Bounding box, plus half the width, plus one pixel of antialiasing.
        #expect(dirty == Rect(x: 47, y: 47, width: 106, height: 6))
        #expect(layer.drawnSegmentCount == 1)
        let buffer = try render([(layer, 1)])
        #expect(buffer.pixel(x: 100, y: 48) == Self.purple)
        #expect(buffer.pixel(x: 100, y: 51) == Self.purple)
        #expect(buffer.pixel(x: 100, y: 52) == .white)
        #expect(buffer.pixel(x: 150, y: 50) == Self.purple, "round cap past the end")
        #expect(isBlend(buffer.pixel(x: 151, y: 51), between: Self.purple, and: .white), "rounded, not square")
        #expect(buffer.pixel(x: 153, y: 50) == .white)
        #expect(buffer.pixel(x: 10, y: 10) == .white, "transparent where nothing was drawn")
    }

    @Test func aLayerAtHalfAlphaShowsTheLighterColourOverWhite() throws {
        let layer = InkLayer()
        layer.reset(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: 1)
        layer.drawSegments(of: Line([Point(x: 20, y: 50), Point(x: 180, y: 50)]), from: 0)
        let buffer = try render([(layer, 0.5)])
        let ink = try #require(buffer.pixel(x: 100, y: 50))
        #expect(ink.distance(to: PixelColor(rgb: 0x9A99CE)) <= 1, "\(ink)")
    }

    @Test(arguments: [1.0, 2.0, 1.25])
    func theLayerIsCopiedPixelForPixelAtTheFrameScale(scale: Double) throws {
        let layer = InkLayer()
        layer.reset(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: scale)
        #expect(layer.pixelWidth == Int((200 * scale).rounded(.up)))
        layer.drawSegments(of: Line([Point(x: 20, y: 40), Point(x: 180, y: 40)], width: 8), from: 0)
        let buffer = try render([(layer, 1)], scale: scale)
        // 8 logical px wide, centred on y = 40: rows 36…44 in logical pixels.
        let column = Int(100 * scale)
        let inked = (0..<buffer.height).filter { buffer.pixel(x: column, y: $0) != .white }
        #expect(Double(inked.count) >= 8 * scale - 0.01 && Double(inked.count) <= 8 * scale + 2, "\(inked)")
        #expect(buffer.pixel(x: column, y: Int(40 * scale)) == Self.purple)
    }

    /// The three ways a layer keeps its pixels: transparent, opaque on a backdrop (the completed
    /// ink of the app's views), coverage strips in one colour (their in-progress ink).
    nonisolated static let kinds = ["transparent", "opaque", "coverage"]

    /// A blank layer of `kind`, before its first reset.
    static func layer(_ kind: String) -> InkLayer {
        let layer = InkLayer()
        switch kind {
        case "opaque": layer.backdrop = Color(rgb: 0xF3E9D2)
        case "coverage": layer.coverageColor = Color(rgb: 0x34329C)
        default: break
        }
        return layer
    }

    @Test(arguments: [1.0, 2.0, 1.25], kinds)
    func rebuildingGivesThePixelsThatLiveDrawingGave(scale: Double, kind: String) throws {
        let strokes = [
            Line([Point(x: 10, y: 10), Point(x: 90, y: 60), Point(x: 150, y: 20), Point(x: 150, y: 20),
                  Point(x: 190, y: 90)]),
            Line([Point(x: 30, y: 80)], color: .black, width: 3),
            Line([Point(x: 5, y: 50), Point(x: 195, y: 45)], color: Color(rgb: 0xE01B24), width: 6),
        ]
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let live = Self.layer(kind)
        live.reset(rect: rect, scale: scale)
        // A point at a time, as frames would add them.
        for stroke in strokes {
            for count in 1...stroke.inkPoints.count {
                let partial = Line(Array(stroke.inkPoints.prefix(count)), color: stroke.inkStyle.color,
                                   width: stroke.inkStyle.width)
                live.drawSegments(of: partial, from: count - 1)
            }
        }
        let rebuilt = Self.layer(kind)
        rebuilt.rebuild(from: strokes, rect: rect, scale: scale)
        #expect(live.drawnSegmentCount == rebuilt.drawnSegmentCount)
        #expect(live.drawnSegmentCount == 7, "a dot per stroke plus one per distinct point after it")
        #expect(differences(try render([(live, 1)], scale: scale), try render([(rebuilt, 1)], scale: scale)).isEmpty)
    }

    @Test(arguments: [1.0, 2.0, 1.25], kinds)
    func repairingGivesThePixelsOfARebuildWithoutTheStroke(scale: Double, kind: String) throws {
        let a = Line([Point(x: 10, y: 20), Point(x: 190, y: 70)])
        let removed = Line([Point(x: 20, y: 60), Point(x: 100, y: 30), Point(x: 180, y: 55)], color: .black, width: 7)
        let c = Line([Point(x: 60, y: 90), Point(x: 120, y: 10)], width: 5)
        let far = Line([Point(x: 10, y: 95), Point(x: 190, y: 95)], width: 2)
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)

        let repaired = Self.layer(kind)
        repaired.rebuild(from: [a, removed, c, far], rect: rect, scale: scale)
        let before = repaired.drawnSegmentCount
        let band = repaired.repair(covering: removed.bounds) { band in
            for line in [a, c, far] where line.bounds.intersects(band) {
                repaired.drawSegments(of: line, from: 0, within: band)
            }
        }
        #expect(band.minX == 0 && band.width == 200, "whole rows")
        #expect(band.minY <= removed.bounds.minY && band.maxY >= removed.bounds.maxY)
        #expect(repaired.drawnSegmentCount - before == 2, "only the segments crossing the band: a's and c's")

        let rebuilt = Self.layer(kind)
        rebuilt.rebuild(from: [a, c, far], rect: rect, scale: scale)
        #expect(differences(try render([(repaired, 1)], scale: scale), try render([(rebuilt, 1)], scale: scale)).isEmpty)
    }

    /// In-progress ink in one colour is kept as coverage: the same picture as the transparent
    /// layer to within rounding, a quarter of its bytes, and a different colour (or none) drops
    /// the pixels for the owner to redraw.
    @Test(arguments: [1.0, 2.0])
    func aCoverageLayerShowsWhatATransparentOneShowsInAQuarterOfTheBytes(scale: Double) throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let strokes = [Line([Point(x: 10, y: 10), Point(x: 190, y: 90), Point(x: 100, y: 95)], width: 8),
                       Line([Point(x: 63.5, y: 5), Point(x: 66, y: 95)], width: 5)]
        let transparent = Self.layer("transparent"), coverage = Self.layer("coverage")
        transparent.rebuild(from: strokes, rect: rect, scale: scale)
        coverage.rebuild(from: strokes, rect: rect, scale: scale)
        let a = try render([(transparent, 0.5)], scale: scale), b = try render([(coverage, 0.5)], scale: scale)
        // Rounding, and where a shape crosses a strip's edge (the second line does, at x = 64)
        // cairo's rasteriser cuts it slightly differently: a few levels at most.
        #expect(largestDifference(a, b) <= 8, "\(differences(a, b))")
        #expect(count(in: b) { _, _, raw in raw & 0xFF_FFFF != 0xFF_FFFF } > 1000, "there is ink")
        // At 4K: 8 MB against 33 MB (strips are whole pages, so small layers gain less).
        let big = Rect(x: 0, y: 0, width: 3840, height: 2160)
        transparent.reset(rect: big, scale: 1)
        coverage.reset(rect: big, scale: 1)
        #expect(coverage.byteCount <= transparent.byteCount / 4 + 60 * 4096, "\(coverage.byteCount)")
        coverage.reset(rect: rect, scale: scale)
        coverage.rebuild(from: strokes, rect: rect, scale: scale)
        coverage.coverageColor = .black
        #expect(!coverage.matches(rect: rect, scale: scale), "another colour: redraw")
        coverage.rebuild(from: strokes, rect: rect, scale: scale)
        coverage.clear()
        #expect(count(in: try render([(coverage, 1)], scale: scale)) { _, _, raw in raw & 0xFF_FFFF != 0xFF_FFFF } == 0)
    }

    @Test func clearEmptiesTheLayerAndResetKeepsTheMemoryForTheSameSize() throws {
        let layer = InkLayer()
        layer.reset(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: 1)
        layer.drawSegments(of: Line([Point(x: 20, y: 50), Point(x: 180, y: 50)]), from: 0)
        layer.clear()
        #expect(count(in: try render([(layer, 1)])) { _, _, raw in raw & 0xFF_FFFF != 0xFF_FFFF } == 0)
        #expect(layer.byteCount == layer.pixelWidth * 4 * 100)
        #expect(layer.matches(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: 1))
        #expect(!layer.matches(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: 2))
    }

    @Test func unusableGeometryLeavesAnEmptyLayerThatDrawsNothing() throws {
        let layer = InkLayer()
        #expect(!layer.reset(rect: .zero, scale: 1))
        #expect(!layer.reset(rect: Rect(x: 0, y: 0, width: 100, height: 100), scale: .nan))
        #expect(!layer.reset(rect: Rect(x: 0, y: 0, width: 1e9, height: 10), scale: 1))
        #expect(layer.drawSegment(from: .zero, to: Point(x: 10, y: 10), style: InkStyle(color: .black, width: 2)) == .zero)
        #expect(layer.drawnSegmentCount == 0 && layer.byteCount == 0)
        #expect(layer.repair(covering: Rect(x: 0, y: 0, width: 5, height: 5)) { _ in Issue.record("no redraw") } == .zero)
        #expect(try render([(layer, 1)]).pixel(x: 5, y: 5) == .white)

        layer.reset(rect: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1)
        #expect(layer.drawSegment(from: Point(x: .nan, y: 0), to: Point(x: 10, y: 10),
                                  style: InkStyle(color: .black, width: 2)) == .zero)
        #expect(layer.lastError == nil)
    }

    @Test func scatteredInvalidationDamagesEachRectangleNotTheirUnion() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 1000, height: 800), clock: { 0 })
        let view = InkView(frame: window.bounds)
        window.addSubview(view)
        let renderer = ViewRenderer()
        let buffer = try PixelBuffer(width: 1000, height: 800)
        _ = renderer.render(window, into: buffer, scale: 1, bufferAge: 0)

        view.invalidated = [Rect(x: 10, y: 10, width: 10, height: 10), Rect(x: 900, y: 700, width: 10, height: 10)]
        view.setNeedsDisplay()
        let damage = renderer.render(window, into: buffer, scale: 1, bufferAge: 1)
        #expect(damage == DamageRegion([PixelRect(x: 9, y: 9, width: 12, height: 12),
                                        PixelRect(x: 899, y: 699, width: 12, height: 12)]))

        // Reporting nothing with needsDisplay set: nothing visible changed.
        view.setNeedsDisplay()
        #expect(renderer.render(window, into: buffer, scale: 1, bufferAge: 1).isEmpty)
    }

    @Test func textIsDrawnInsideItsBox() throws {
        final class Label: View, CairoDrawing {
            func draw(in context: GraphicsContext, rect: Rect) {
                context.setColor(.black)
                context.setFont(size: 20, weight: .bold)
                let ink = context.textBounds("Clear")
                #expect(ink.width > 20 && ink.height > 8 && ink.minY < 0, "\(ink)")
                context.showText("Clear", centeredIn: bounds)
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), clock: { 0 })
        window.addSubview(Label(frame: Rect(x: 50, y: 30, width: 100, height: 40)))
        let buffer = try referenceRender(of: window, scale: 1)
        let dark = count(in: buffer) { _, _, raw in raw & 0xFF < 0x80 }
        let outside = count(in: buffer) { x, y, raw in
            raw & 0xFF < 0xF0 && !(50..<150).contains(x) || raw & 0xFF < 0xF0 && !(30..<70).contains(y)
        }
        #expect(dark > 50, "the word is drawn")
        #expect(outside == 0, "and stays in its box")
    }
}
