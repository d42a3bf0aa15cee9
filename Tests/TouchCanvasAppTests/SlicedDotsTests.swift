import Rendering
import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The draw scene's debug overlay (`d`: a dot on every coalesced sample) after a size or scale
/// change, or turned on over a big drawing: its dots are drawn again a slice per frame, after
/// the ink's own rebuild, within the same budget, and every path through it ends in the pixels
/// of an unsliced rebuild.
@MainActor
@Suite struct SlicedDotsTests {
    /// `count` strokes of `samples` samples, moves delivered three to a display frame so two of
    /// every three samples are coalesced (dotted).
    static func drawHistory(_ p: SlicedPainter, count: Int, samples: Int = 12) {
        p.h.machine.holdsMovesUntilDisplayFrame = true
        for i in 0..<count {
            let x = Double((i * 37) % 700) + 20, y = Double((i * 53) % 520) + 20
            p.h.down(0, Point(x: x, y: y))
            for k in 1..<samples {
                p.h.move(0, Point(x: x + Double(k) * 5.5, y: y + Double((k * (i + 3)) % 17)))
                if k % 3 == 0 { p.frame() }
            }
            p.h.up(0)
            p.frame()
        }
    }

    static func overlaid(budget: InkPaintBudget) throws -> SlicedPainter {
        let p = try SlicedPainter(.draw, budget: budget)
        let view = try #require(p.h.root as? DrawingView)
        view.showsCoalescedSamples = true
        p.frame()
        drawHistory(p, count: 150)
        p.paintToEnd()
        return p
    }

    /// The dots of 150 strokes (over a thousand) after a scale change: at most the budget's worth
    /// of dots and segments in any frame, the ink first and the dots after it, and the picture
    /// an unsliced rebuild draws.
    @Test func theDotsAreRedrawnASliceAtATimeAfterTheInk() throws {
        let sliced = try Self.overlaid(budget: .segments(100))
        let whole = try Self.overlaid(budget: .unlimited)
        let ink = try #require(sliced.ink)
        let dotsBefore = try #require(ink.dotsLayer).drawnDotCount
        #expect(dotsBefore >= 1_000, "\(dotsBefore) dots")
        for p in [sliced, whole] { try p.resize(width: 800, height: 600, scale: 2) }
        var segments: [Int] = [], dots: [Int] = []
        repeat {
            let segmentsBefore = ink.drawnSegmentCount
            let dotsBefore = ink.dotsLayer?.drawnDotCount ?? 0
            sliced.frame()
            segments.append(ink.drawnSegmentCount - segmentsBefore)
            dots.append((ink.dotsLayer?.drawnDotCount ?? 0) - (ink.dotsLayer == nil ? 0 : dotsBefore))
        } while sliced.h.session.needsAnotherFrame && segments.count < 10_000
        #expect(whole.paintToEnd() == 1)
        // A dot counts as a segment, and a slice dots a stroke's samples up to its budget.
        #expect(dots.allSatisfy { $0 <= 100 }, "dots per frame: \(dots)")
        #expect(segments.allSatisfy { $0 <= 100 }, "segments per frame: \(segments)")
        #expect(dots.filter { $0 > 0 }.count >= 8, "1 800 samples in slices of 100: \(dots)")
        let firstDots = try #require(dots.firstIndex { $0 > 0 })
        #expect(segments[firstDots...].allSatisfy { $0 == 0 }, "the dots come once the ink is whole")
        #expect(differences(sliced.buffer, whole.buffer).isEmpty, "sliced vs unsliced")
        #expect(differences(sliced.buffer, try sliced.unslicedRebuild()).isEmpty, "vs a rebuild of the final drawing")
    }

    /// Turning the overlay on over the drawing dots it a slice per frame too.
    @Test func turningTheOverlayOnIsSliced() throws {
        let p = try SlicedPainter(.draw, budget: .segments(60))
        p.frame()
        Self.drawHistory(p, count: 100)
        p.paintToEnd()
        let view = try #require(p.h.root as? DrawingView)
        view.toggleDebugOverlay()
        let frames = p.paintToEnd()
        #expect(frames >= 10, "\(frames) frames for 800 dots in slices of 60")
        #expect(differences(p.buffer, try p.unslicedRebuild()).isEmpty)
    }

    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case strokeEnds, undo, erase, clear, overlayOffAndOn, resize, strokeCancelled
        var testDescription: String { rawValue }
    }

    /// A change while the dots are being redrawn (after `slices` frames: mid-ink, or mid-dots)
    /// ends in the pixels of an unsliced rebuild of the final drawing.
    @Test(arguments: Change.allCases, [3, 25])
    func aChangeDuringTheDotsEndsInTheSamePixels(change: Change, slices: Int) throws {
        let sliced = try Self.overlaid(budget: .segments(80))
        let whole = try Self.overlaid(budget: .unlimited)
        for p in [sliced, whole] {
            try p.resize(width: 760, height: 580, scale: 2)
            for _ in 0..<slices { p.frame() }
            try apply(change, to: p)
            p.frame()
            p.paintToEnd()
        }
        #expect(differences(sliced.buffer, whole.buffer).isEmpty, "sliced vs unsliced")
        #expect(differences(sliced.buffer, try sliced.reference()).isEmpty, "incremental vs a fresh renderer")
        #expect(differences(sliced.buffer, try sliced.unslicedRebuild()).isEmpty, "vs a rebuild of the final drawing")
    }

    func apply(_ change: Change, to p: SlicedPainter) throws {
        let view = try #require(p.h.root as? DrawingView)
        switch change {
        case .strokeEnds:
            p.h.down(0, Point(x: 40, y: 40))
            for k in 1...9 { p.h.move(0, Point(x: 40 + Double(k) * 60, y: 40 + Double(k) * 50)) }
            p.frame()
            p.h.up(0)
        case .undo:
            #expect(view.undo())
        case .erase:
            #expect(view.eraseStrokes(from: Point(x: 0, y: 0), to: Point(x: 760, y: 580), radius: 10))
        case .clear:
            view.clear()
        case .overlayOffAndOn:
            view.toggleDebugOverlay()
            p.frame()
            view.toggleDebugOverlay()
        case .resize:
            try p.resize(width: 640, height: 480, scale: 1)
        case .strokeCancelled:
            p.h.down(0, Point(x: 300, y: 300))
            for k in 1...6 { p.h.move(0, Point(x: 300 + Double(k) * 20, y: 300)) }
            p.frame()
            p.h.feed(.cancel)
        }
    }
}
