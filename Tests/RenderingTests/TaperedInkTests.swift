import Rendering
import Foundation
import Testing
import TouchKit
import TouchCanvasTesting

/// A polyline whose width changes from point to point, as a pen's pressure makes it.
struct TaperedLine: InkStroke {
    var inkPoints: [Point]
    var inkStyle: InkStyle
    var widths: [Double]
    var hasVariableWidth: Bool { true }
    func inkWidth(at index: Int) -> Double { widths[index] }
}

/// Strokes whose width varies: one fill per segment, the hull of its two end discs.
@MainActor
@Suite struct TaperedInkTests {
    static let purple = PixelColor(rgb: 0x34329C)

    func render(_ layer: InkLayer, size: Size, scale: Double) throws -> PixelBuffer {
        let window = Window(frame: Rect(origin: .zero, size: size), clock: { 0 })
        let view = InkView(frame: window.bounds)
        view.layers = [(layer, 1)]
        window.addSubview(view)
        return try referenceRender(of: window, scale: scale)
    }

    /// Inked buffer rows in column `x` (any pixel darker than white), as a logical height.
    func inkedHeight(_ buffer: PixelBuffer, x: Int, scale: Double) -> Double {
        Double((0..<buffer.height).filter { buffer.pixel(x: x, y: $0) != .white }.count) / scale
    }

    /// From 1 to 7 px over 60 samples: the width grows steadily along the stroke, with no dip
    /// (a gap or a step) and no bump (a bead at a joint), and ends at least 3× its start.
    @Test(arguments: [1.0, 2.0])
    func aWidthThatGrowsAlongTheStrokeGrowsSmoothly(scale: Double) throws {
        let points = (0...60).map { Point(x: 20 + Double($0) * 4, y: 50 + 6 * sin(Double($0) / 10)) }
        let widths = (0...60).map { 1 + 6 * Double($0) / 60 }
        let stroke = TaperedLine(inkPoints: points, inkStyle: InkStyle(color: Color(rgb: 0x34329C), width: 4), widths: widths)
        let layer = InkLayer()
        #expect(layer.reset(rect: Rect(x: 0, y: 0, width: 280, height: 100), scale: scale))
        // Drawn as it comes, a few points a frame, as the app draws a live stroke.
        var dirty = Rect.zero
        for start in stride(from: 0, to: points.count, by: 3) {
            var partial = stroke
            partial.inkPoints = Array(points[...min(start + 2, points.count - 1)])
            dirty = dirty.union(layer.drawSegments(of: partial, from: start))
        }
        let buffer = try render(layer, size: Size(width: 280, height: 100), scale: scale)
        let columns = stride(from: 30.0, through: 250, by: 4).map { inkedHeight(buffer, x: Int($0 * scale), scale: scale) }
        let start = inkedHeight(buffer, x: Int(24 * scale), scale: scale)
        let end = inkedHeight(buffer, x: Int(256 * scale), scale: scale)
        #expect(end >= 3 * start, "start \(start), end \(end)")
        #expect(columns.allSatisfy { $0 > 0 }, "no gaps: \(columns)")
        // Each column at most a pixel less than the one before it (the curve's slope tilts the
        // cross-section a little) and never more than a pixel and a half above the trend.
        for (a, b) in zip(columns, columns.dropFirst()) {
            #expect(b >= a - 1.0 / scale - 0.01, "a step down between \(a) and \(b): \(columns)")
            #expect(b <= a + 1.5, "a bead between \(a) and \(b): \(columns)")
        }
        let inked = inkedBox(buffer, scale: scale)
        #expect(dirty.union(inked) == dirty, "what changed, \(inked), lies in what was reported, \(dirty)")
    }

    /// The logical box round every inked pixel.
    func inkedBox(_ buffer: PixelBuffer, scale: Double) -> Rect {
        var box = Rect.zero
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer.pixel(x: x, y: y) != .white {
                box = box.union(Rect(x: Double(x) / scale, y: Double(y) / scale, width: 1 / scale, height: 1 / scale))
            }
        }
        return box
    }

    /// A disc inside the next one (the pen pressed hard where it stood): the larger disc alone.
    @Test func aDiscInsideTheNextIsTheLargerDisc() throws {
        let layer = InkLayer()
        #expect(layer.reset(rect: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1))
        let dirty = layer.drawTaperedSegment(from: Point(x: 50, y: 50), width: 2, to: Point(x: 51, y: 50), width: 20,
                                             color: Color(rgb: 0x34329C))
        let buffer = try render(layer, size: Size(width: 100, height: 100), scale: 1)
        #expect(buffer.pixel(x: 51, y: 41) == Self.purple && buffer.pixel(x: 51, y: 58) == Self.purple)
        #expect(buffer.pixel(x: 51, y: 38) == .white && buffer.pixel(x: 30, y: 50) == .white)
        #expect(dirty.union(inkedBox(buffer, scale: 1)) == dirty)
    }

    /// Widths that draw nothing (zero, negative, not finite) draw nothing and trap nowhere.
    @Test func unusableWidthsDrawNothing() throws {
        let layer = InkLayer()
        #expect(layer.reset(rect: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1))
        for width in [0.0, -3, .nan, .infinity] {
            _ = layer.drawTaperedSegment(from: Point(x: 10, y: 10), width: width, to: Point(x: 20, y: 20), width: width,
                                         color: Color(rgb: 0x34329C))
        }
        let buffer = try render(layer, size: Size(width: 100, height: 100), scale: 1)
        #expect(buffer.count { $0 != .white } == 0)
    }

    /// A stroke of constant width drawn tapered matches the round-capped stroke it replaces.
    @Test func aConstantWidthMatchesTheStrokedSegment() throws {
        let a = InkLayer(), b = InkLayer()
        #expect(a.reset(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: 1))
        #expect(b.reset(rect: Rect(x: 0, y: 0, width: 200, height: 100), scale: 1))
        _ = a.drawSegment(from: Point(x: 40, y: 40), to: Point(x: 160, y: 70), style: InkStyle(color: Color(rgb: 0x34329C), width: 8))
        _ = b.drawTaperedSegment(from: Point(x: 40, y: 40), width: 8, to: Point(x: 160, y: 70), width: 8, color: Color(rgb: 0x34329C))
        let stroked = try render(a, size: Size(width: 200, height: 100), scale: 1)
        let filled = try render(b, size: Size(width: 200, height: 100), scale: 1)
        #expect(stroked.count { $0 == Self.purple } > 0)
        // Same coverage up to antialiasing: the inked pixel counts agree within 2 %.
        let inkedA = Double(stroked.count { $0 != .white }), inkedB = Double(filled.count { $0 != .white })
        #expect(abs(inkedA - inkedB) / inkedA < 0.02, "\(inkedA) vs \(inkedB)")
    }
}
