import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// One scene three times, fed the same input: the app as it is (completed ink drawn straight
/// onto the backdrop and copied, the renderer painting nothing beneath, in-progress ink blended
/// only where it is), the app compositing as it did before (`StrokeInk.blendsEverything`: the
/// completed ink transparent, blended over everything), and the app again, its ink rebuilt from
/// the model before every frame compared. Every frame must be the same to the byte as the
/// rebuilt one whenever no stroke is in progress (in-progress strokes that cross are redrawn one
/// after the other, not interleaved, so rounding may differ where they overlap), and within
/// 2/255 of the blended one (8-bit compositing is not associative: see `InkLayer`).
@MainActor
final class TwoWays {
    let fast: SceneHarness
    let blended: SceneHarness
    let rebuilt: SceneHarness

    init(_ scene: Scene, width: Double = 800, height: Double = 600, scale: Double = 1) throws {
        fast = try SceneHarness(scene, width: width, height: height, scale: scale)
        blended = try SceneHarness(scene, width: width, height: height, scale: scale)
        rebuilt = try SceneHarness(scene, width: width, height: height, scale: scale)
        guard let ink = Self.ink(of: blended.root) else { throw Missing() }
        ink.blendsEverything = true
    }

    struct Missing: Error {}

    static func ink(of view: View) -> StrokeInk? {
        (view as? TouchTrackerView)?.ink ?? (view as? DrawingView)?.ink
    }

    /// Does the same to all three scenes.
    func both(_ body: (SceneHarness) throws -> Void) rethrows {
        try body(fast)
        try body(blended)
        try body(rebuilt)
    }

    /// Renders a frame in all three and compares them, and with what a fresh renderer draws.
    func frameMatches(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let ink = Self.ink(of: rebuilt.root) { ink.reset(active: ink.activeStrokes) }
        both { $0.render() }
        let diff = differences(fast.buffer, blended.buffer)
        #expect(largestDifference(fast.buffer, blended.buffer) <= 2, "\(step): \(diff)", sourceLocation: sourceLocation)
        if Self.ink(of: fast.root)?.activeStrokes.isEmpty ?? true {
            let exact = differences(fast.buffer, rebuilt.buffer)
            #expect(exact.isEmpty, "\(step), vs rebuilt: \(exact)", sourceLocation: sourceLocation)
        }
        let full = differences(fast.buffer, try fast.fullRender())
        #expect(full.isEmpty, "\(step), incremental vs full: \(full)", sourceLocation: sourceLocation)
    }

    /// Renders both windows into new buffers at `scale` (a new target: everything is rebuilt)
    /// and checks they are the same.
    func rebuiltFrameMatches(scale: Double, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var buffers: [PixelBuffer] = []
        try both { h in
            let size = h.window.bounds.size
            let buffer = try PixelBuffer(width: Int((size.width * scale).rounded(.up)),
                                         height: Int((size.height * scale).rounded(.up)), format: .xrgb8888)
            _ = h.renderer.render(h.window, into: buffer, scale: scale, bufferAge: 0)
            buffers.append(buffer)
        }
        let diff = differences(buffers[0], buffers[1])
        #expect(largestDifference(buffers[0], buffers[1]) <= 2, "\(step): \(diff)", sourceLocation: sourceLocation)
        let exact = differences(buffers[0], buffers[2])
        #expect(exact.isEmpty, "\(step), vs rebuilt: \(exact)", sourceLocation: sourceLocation)
    }
}

/// The opaque ink layer changes nothing the user can see: trace, canvas (spots over ink) and draw
/// scenes, through strokes in progress, completed, ended, cancelled, undone, cleared, and a scale
/// change and a resize that rebuild everything.
@MainActor
@Suite struct OpaqueInkSceneTests {
    /// Strokes across each other, at angles that leave plenty of antialiased, overlapping edges.
    static let history: [[Point]] = [
        [Point(x: 50, y: 80), Point(x: 300, y: 260), Point(x: 620, y: 90.5), Point(x: 700, y: 400)],
        [Point(x: 80, y: 500), Point(x: 260.3, y: 120.7), Point(x: 520, y: 540)],
        [Point(x: 30, y: 300), Point(x: 770, y: 310.25)],
        [Point(x: 400, y: 20), Point(x: 401.5, y: 580)],
    ]

    @Test(arguments: [1.0, 2.0, 1.25])
    func theTraceSceneLooksTheSameBothWays(scale: Double) throws {
        let two = try TwoWays(.trace, scale: scale)
        try two.frameMatches("empty")
        for (id, points) in Self.history.enumerated() { two.both { $0.stroke(points, id: Int32(id)) } }
        try two.frameMatches("completed strokes")

        // Three fingers in progress across the completed ink and each other.
        two.both { h in
            h.down(10, Point(x: 100, y: 100))
            h.down(11, Point(x: 700, y: 120))
            h.down(12, Point(x: 380, y: 560))
        }
        try two.frameMatches("fingers down")
        for step in 1...6 {
            let t = Double(step)
            two.both { h in
                h.move(10, Point(x: 100 + 60 * t, y: 100 + 55 * t))
                h.move(11, Point(x: 700 - 70 * t, y: 120 + 40.5 * t))
                h.move(12, Point(x: 380 + 9 * t, y: 560 - 80 * t))
            }
            try two.frameMatches("moves, frame \(step)")
            let repainted = two.fast.renderer.lastRepaintedRegion
            #expect(repainted.rects.allSatisfy { $0.width < two.fast.buffer.width / 4 },
                    "the fingers' boxes, not bands across the window: \(repainted)")
        }
        two.both { $0.up(11) }
        try two.frameMatches("one ends")
        two.both { h in
            h.feed(.cancel)
        }
        try two.frameMatches("the others are cancelled")
        two.both { h in
            h.down(20, Point(x: 200, y: 400))
            h.move(20, Point(x: 600, y: 200))
        }
        try two.frameMatches("a new stroke in progress")
        two.both { h in (h.root as? Undoable)?.undo() }
        try two.frameMatches("undo")
        two.both { h in (h.root as? Undoable)?.undo() }
        try two.frameMatches("undo again")
        try two.rebuiltFrameMatches(scale: scale * 2, "rebuilt at twice the scale")
        two.both { h in (h.root as? Clearable)?.clear() }
        try two.frameMatches("cleared while a stroke goes on")
        two.both { $0.up(20) }
        try two.frameMatches("it ends")
    }

    @Test(arguments: [1.0, 2.0])
    func theCanvasSceneLooksTheSameWithSpotsOverTheInk(scale: Double) throws {
        let two = try TwoWays(.canvas, scale: scale)
        for (id, points) in Self.history.enumerated() { two.both { $0.stroke(points, id: Int32(id)) } }
        try two.frameMatches("completed strokes")
        two.both { h in
            h.down(10, Point(x: 300, y: 260))
            h.down(11, Point(x: 400, y: 300))
        }
        for step in 1...8 {
            let t = Double(step)
            two.both { h in
                h.advanceClock(to: 0.03 * t)  // the spots grow in over 0.2 s
                h.move(10, Point(x: 300 + 31 * t, y: 260 - 12.5 * t))
                h.move(11, Point(x: 400 - 20 * t, y: 300 + 27 * t))
            }
            try two.frameMatches("spots growing and moving, frame \(step)")
            let repainted = two.fast.renderer.lastRepaintedRegion
            #expect(repainted.rects.allSatisfy { $0.width < two.fast.buffer.width / 2 },
                    "the spots' boxes, not bands across the window: \(repainted)")
        }
        two.both { $0.up(10) }
        try two.frameMatches("one finger lifts")
        two.both { h in (h.root as? Undoable)?.undo() }
        try two.frameMatches("undo under a spot")
    }

    @Test func theDrawSceneLooksTheSameWithTheDebugOverlay() throws {
        let two = try TwoWays(.draw)
        two.both { $0.machine.holdsMovesUntilDisplayFrame = true }
        for points in Self.history.prefix(2) { two.both { $0.stroke(points) } }
        try two.frameMatches("completed strokes")
        two.both { h in (h.root as? DebugOverlayToggling)?.toggleDebugOverlay() }
        try two.frameMatches("dots on")
        two.both { h in
            h.down(0, Point(x: 100, y: 300))
            h.move(0, [Point(x: 150, y: 310), Point(x: 200, y: 290), Point(x: 260, y: 300)])
            h.machine.deliverHeldMoves()
        }
        try two.frameMatches("coalesced samples and the prediction")
        two.both { $0.up(0) }
        try two.frameMatches("ended")
        two.both { h in (h.root as? Undoable)?.undo() }
        try two.frameMatches("undo")
        two.both { h in (h.root as? Clearable)?.clear() }
        try two.frameMatches("cleared")
    }

    @Test func aResizeRebuildsTheSamePixels() throws {
        let two = try TwoWays(.trace, width: 800, height: 600)
        for (id, points) in Self.history.enumerated() { two.both { $0.stroke(points, id: Int32(id)) } }
        try two.frameMatches("before")
        two.both { h in
            let frame = Rect(x: 0, y: 0, width: 1024, height: 768)
            h.window.frame = frame
            h.root.frame = frame
        }
        try two.rebuiltFrameMatches(scale: 1, "resized")
    }
}
