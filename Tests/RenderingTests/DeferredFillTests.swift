import Rendering
import Foundation
import Testing
import TouchKit
import TouchCanvasTesting

/// Shows an ink layer as it stands, whatever its rows hold (it never rebuilds it): copied when
/// the frame allows, otherwise drawn over a fill of the backdrop, as `StrokeInk` does.
@MainActor
final class StandingInkView: View, CairoDrawing {
    let layer: InkLayer
    /// Whether to try the copy at all (`false`: always the drawn fallback).
    var copies = true
    /// Whether the last `draw` copied the layer.
    private(set) var copied = false

    init(frame: Rect, layer: InkLayer) {
        self.layer = layer
        super.init(frame: frame)
    }

    func draw(in context: GraphicsContext, rect: Rect) {
        copied = copies && context.copy(layer)
        guard !copied else { return }
        if let backdrop = layer.backdrop {
            context.setColor(backdrop)
            context.fill(bounds)
        }
        context.draw(layer)
    }

    var paintsOwnBackdrop: Bool { true }
}

/// An opaque layer's fill with its backdrop waits (`InkLayer.filledRows`): a reset or a clear only
/// lowers the mark, frames show the backdrop on the unfilled rows — never the zeros of fresh
/// memory (black) nor an older picture — bands fill it in order, and any drawing fills the rest
/// first, giving the pixels of a layer filled at once.
@MainActor
@Suite struct DeferredFillTests {
    static let rect = OpaqueInkTests.rect
    static let beige = OpaqueInkTests.beige
    static let beigePixel = PixelColor(rgb: 0xF3E9D2)

    /// How the layer came to have unfilled rows.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        /// A new layer: its rows are zeros, black if copied.
        case fresh
        /// Ink drawn, then cleared: its rows hold the old ink.
        case cleared
        /// Ink drawn, then reset at the same size (the memory is reused): the old ink too.
        case reset

        var testDescription: String { rawValue }
    }

    /// An opaque layer on beige over `rect` at `scale`, in state `start`, with no rows filled.
    static func layer(_ start: Start, rect: Rect = rect, scale: Double) -> InkLayer {
        let layer = InkLayer()
        layer.backdrop = beige
        layer.reset(rect: rect, scale: scale)
        guard start != .fresh else { return layer }
        for stroke in OpaqueInkTests.strokes { layer.drawSegments(of: stroke, from: 0) }
        layer.drawSegments(of: Line([Point(x: 0, y: 0), Point(x: rect.maxX, y: rect.maxY)], color: .black, width: 30), from: 0)
        if start == .cleared {
            layer.clear()
        } else {
            layer.reset(rect: rect, scale: scale)
        }
        return layer
    }

    /// The layer's bytes per row.
    static func stride(of layer: InkLayer) -> Int { layer.byteCount / max(layer.pixelHeight, 1) }

    /// A frame of a window holding only a ``StandingInkView`` of `layer` (at `viewFrame`, the
    /// whole window by default), into a buffer first painted 0x5A5A5A, so any pixel the frame
    /// leaves alone shows. Returns the buffer and whether the view copied the layer.
    func frame(_ layer: InkLayer, scale: Double, copies: Bool = true,
               viewFrame: Rect = rect) throws -> (PixelBuffer, copied: Bool) {
        let window = Window(frame: Self.rect, clock: { 0 })
        window.backgroundColor = Self.beige
        let view = StandingInkView(frame: viewFrame, layer: layer)
        view.backgroundColor = Self.beige
        view.copies = copies
        window.addSubview(view)
        let size = bufferSize(of: window, scale: scale)
        let buffer = try PixelBuffer(width: size.width, height: size.height, format: .xrgb8888)
        memset(buffer.baseAddress, 0x5A, buffer.stride * buffer.height)
        buffer.markDirty()
        _ = ViewRenderer().render(window, into: buffer, scale: scale, bufferAge: 0)
        return (buffer, view.copied)
    }

    /// Pixels of `buffer` further than `tolerance` from the backdrop.
    func notBackdrop(_ buffer: PixelBuffer, tolerance: Int = 0) -> Int {
        count(in: buffer) { x, y, _ in (buffer.pixel(x: x, y: y)?.distance(to: Self.beigePixel) ?? 255) > tolerance }
    }

    @Test func onlyAnOpaqueLayerHasRowsLeftToFill() {
        let opaque = InkLayer()
        opaque.backdrop = Self.beige
        opaque.reset(rect: Self.rect, scale: 2)
        #expect(opaque.hasUnfilledRows && opaque.filledRows == 0, "reset fills nothing")
        let transparent = InkLayer()
        transparent.reset(rect: Self.rect, scale: 2)
        let coverage = InkLayer()
        coverage.coverageColor = .black
        coverage.reset(rect: Self.rect, scale: 2)
        for layer in [transparent, coverage] {
            #expect(!layer.hasUnfilledRows && layer.filledRows == layer.pixelHeight && layer.pixelHeight == 200)
            #expect(layer.fillNextRows(bytes: 1 << 20) == 0)
            layer.clear()
            #expect(!layer.hasUnfilledRows)
        }
        opaque.backdrop = .white
        #expect(!opaque.hasUnfilledRows && opaque.filledRows == 0, "a new backdrop drops the pixels and the mark")
    }

    /// With none, some and all of its rows filled, from fresh memory or over an older picture,
    /// the copied layer shows the backdrop everywhere: nothing of the buffer's old contents
    /// (the copy reaches every row), no black and no old ink (it does not copy unfilled rows).
    @Test(arguments: [1.0, 2.0], Start.allCases)
    func theCopyShowsTheBackdropOnRowsNotFilledYet(scale: Double, start: Start) throws {
        for rows in [0, 37, Int.max] {
            let layer = Self.layer(start, scale: scale)
            if rows == Int.max {
                layer.fillRemainingRows()
            } else if rows > 0 {
                layer.fillNextRows(bytes: rows * Self.stride(of: layer))
            }
            #expect(layer.filledRows == min(rows, layer.pixelHeight))
            let (buffer, copied) = try frame(layer, scale: scale)
            #expect(copied)
            #expect(notBackdrop(buffer) == 0, "\(rows) rows filled")
        }
    }

    /// A layer drawn rather than copied (another position than a whole pixel, or the owner's
    /// choice) shows only its filled rows, over the backdrop the owner painted.
    @Test(arguments: [false, true])
    func aDrawnLayerShowsOnlyItsFilledRows(fractionalPosition: Bool) throws {
        let viewFrame = fractionalPosition ? Rect(x: 10.5, y: 0, width: 180, height: 100) : Self.rect
        for start in Start.allCases {
            let layer = Self.layer(start, rect: Rect(origin: .zero, size: viewFrame.size), scale: 1)
            layer.fillNextRows(bytes: 40 * Self.stride(of: layer))
            #expect(layer.filledRows == 40)
            let (buffer, copied) = try frame(layer, scale: 1, copies: false, viewFrame: viewFrame)
            #expect(!copied)
            // Resampled at a half pixel, the backdrop over the backdrop may round by one.
            #expect(notBackdrop(buffer, tolerance: fractionalPosition ? 2 : 0) == 0, "\(start)")
        }
    }

    enum Drawing: String, CaseIterable, CustomTestStringConvertible {
        case segments, taperedSegment, dot, repair

        var testDescription: String { rawValue }

        @MainActor
        func apply(to layer: InkLayer) {
            switch self {
            case .segments:
                for stroke in OpaqueInkTests.strokes { layer.drawSegments(of: stroke, from: 0) }
            case .taperedSegment:
                layer.drawTaperedSegment(from: Point(x: 20, y: 90), width: 2, to: Point(x: 180, y: 8), width: 14,
                                         color: Color(rgb: 0xE01B24))
            case .dot:
                layer.drawDot(at: Point(x: 150, y: 80), diameter: 24, color: .black)
            case .repair:
                let strokes = OpaqueInkTests.strokes
                for stroke in strokes { layer.drawSegments(of: stroke, from: 0) }
                layer.repair(covering: strokes[1].bounds) { band in
                    for stroke in [strokes[0], strokes[2], strokes[3]] where stroke.bounds.intersects(band) {
                        layer.drawSegments(of: stroke, from: 0, within: band)
                    }
                }
            }
        }
    }

    /// Drawing on a layer with rows left to fill fills them all first: the pixels are those of a
    /// layer filled at once, with nothing of an older picture left, whatever the owner did.
    @Test(arguments: Drawing.allCases, [1.0, 1.25])
    func drawingFillsTheRemainingRowsFirst(drawing: Drawing, scale: Double) throws {
        let whole = Self.layer(.fresh, scale: scale).filledWhole()
        drawing.apply(to: whole)
        let (expected, _) = try frame(whole, scale: scale)
        #expect(notBackdrop(expected) > 100, "there is ink")
        for start in Start.allCases {
            let layer = Self.layer(start, scale: scale)
            layer.fillNextRows(bytes: 23 * Self.stride(of: layer))
            #expect(layer.hasUnfilledRows)
            drawing.apply(to: layer)
            #expect(!layer.hasUnfilledRows, "\(start)")
            let (buffer, _) = try frame(layer, scale: scale)
            #expect(differences(buffer, expected).isEmpty, "\(start): \(differences(buffer, expected))")
        }
    }

    @Test func bandsFillInOrderUpToTheHeight() throws {
        let layer = Self.layer(.cleared, scale: 1)
        let stride = Self.stride(of: layer)
        #expect(layer.fillNextRows(bytes: 1) == 1, "at least a row")
        #expect(layer.fillNextRows(bytes: stride * 30 + stride / 2) == 30, "whole rows")
        var marks = [layer.filledRows]
        while layer.hasUnfilledRows {
            let before = layer.filledRows
            let rows = layer.fillNextRows(bytes: stride * 30)
            #expect(layer.filledRows == before + rows)
            marks.append(layer.filledRows)
            // The rows up to the mark are filled, not only counted: an older picture would show.
            let (buffer, _) = try frame(layer, scale: 1)
            #expect(notBackdrop(buffer) == 0, "\(layer.filledRows) rows")
        }
        #expect(marks == [31, 61, 91, 100])
        #expect(layer.fillNextRows(bytes: stride) == 0)
        layer.clear()
        #expect(layer.filledRows == 0, "clear leaves every row to fill again")
    }
}

extension InkLayer {
    /// Fills every row now, as a reset did before the fill waited; returns the layer.
    fileprivate func filledWhole() -> InkLayer {
        fillRemainingRows()
        return self
    }
}
