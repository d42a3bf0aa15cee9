import Foundation
import Rendering
import Testing
import TouchKit
@testable import TouchCanvasApp
import TouchCanvasTesting

/// The latency scene with no display: the flash lasts one frame and is pure black and white,
/// the rings sit where the finger was, and the caption reads the session's touch→glass.
@MainActor
@Suite struct LatencySceneTests {
    func isExactly(_ h: SceneHarness, _ x: Double, _ y: Double, _ value: UInt8) -> Bool {
        h.pixel(x, y) == PixelColor(red: value, green: value, blue: value)
    }

    @Test func aDownFlashesWhiteForOneFrameThenBlackAndNothingMore() throws {
        let h = try SceneHarness(.latency)
        _ = h.render()
        #expect(isExactly(h, 400, 400, 0))
        h.down(0, Point(x: 700, y: 500))
        #expect(!h.render().isEmpty)
        #expect(isExactly(h, 400, 400, 255) && isExactly(h, 20, 590, 255))
        #expect(h.session.mustShowLastFrame && h.session.needsAnotherFrame, "the white frame is seen, then the black follows")
        #expect(!h.render().isEmpty, "the black frame follows by itself")
        #expect(!h.session.mustShowLastFrame && !h.session.needsAnotherFrame)
        #expect(isExactly(h, 400, 400, 0) && isExactly(h, 20, 590, 0))
        #expect(h.render().isEmpty, "and then nothing is drawn until something changes")
        #expect((h.root as? LatencyView)?.flashCount == 1)
    }

    @Test func aSecondTapDuringTheWhiteFrameGetsAFlashOfItsOwn() throws {
        let h = try SceneHarness(.latency)
        _ = h.render()
        h.down(0, Point(x: 700, y: 500))
        _ = h.render()
        #expect(isExactly(h, 400, 400, 255))
        h.down(1, Point(x: 600, y: 500))
        _ = h.render()
        #expect(isExactly(h, 400, 400, 0), "black between the two flashes")
        _ = h.render()
        #expect(isExactly(h, 400, 400, 255))
        _ = h.render()
        #expect(isExactly(h, 400, 400, 0))
        #expect((h.root as? LatencyView)?.flashCount == 2)
    }

    @Test func theCornerPatchFlashesAloneAndTheChoiceIsACommand() throws {
        let h = try SceneHarness(.latency)
        #expect(h.session.toggleFlashArea() == .corner)
        _ = h.render()
        h.down(0, Point(x: 700, y: 500))
        _ = h.render()
        #expect(isExactly(h, 10, 10, 255) && isExactly(h, LatencyView.cornerSide - 2, LatencyView.cornerSide - 2, 255))
        #expect(isExactly(h, LatencyView.cornerSide + 4, 300, 0) && isExactly(h, 400, 400, 0))
        #expect(h.session.toggleFlashArea() == .window)
        #expect(h.session.toggleFlashArea() == .corner)
        let trace = try SceneHarness(.trace)
        #expect(trace.session.toggleFlashArea() == nil, "other scenes have no flash")
    }

    @Test func ringsMarkWhereTheFingerWasBeforeItsLatestSample() throws {
        // 1.25 px per ms to the right, a sample every 8 ms.
        let samples = (0...20).map { (location: Point(x: 100 + Double($0) * 10, y: 300), time: Double($0) * 0.008) }
        #expect(LagRingsView.location(in: samples, age: 0.050).map { abs($0.x - 237.5) < 1e-9 } == true)
        #expect(LagRingsView.location(in: samples, age: 0.010).map { abs($0.x - 287.5) < 1e-9 } == true)
        #expect(LagRingsView.location(in: samples, age: 0.200) == nil, "160 ms of history does not reach 200 ms back")

        let h = try SceneHarness(.latency)
        h.down(0, Point(x: 100, y: 300))
        h.move(0, (1...20).map { Point(x: 100 + Double($0) * 10, y: 300) })
        _ = h.render()
        _ = h.render()  // past the flash
        let ring = PixelColor(rgb: 0xE01B24)
        func ringNear(_ x: Double) -> Bool {
            (-10...10).contains { dx in h.pixel(x + Double(dx), 291).map { $0.distance(to: ring) <= 40 } == true }
        }
        #expect(ringNear(237.5) && ringNear(287.5) && ringNear(275) && ringNear(175), "rings at 50, 10, 20 and 100 ms")
        #expect(isExactly(h, 300, 300, 255), "the latest sample is a white dot")
    }

    @Test func theCaptionShowsTheMeasuredMedian() throws {
        let h = try SceneHarness(.latency)
        let view = try #require(h.root as? LatencyView)
        #expect(view.touchToGlassMedian?() == nil)
        h.session.inspector.notePresented(inputToPresent: 0.0125, frames: 1)
        #expect(view.touchToGlassMedian?() == 0.0125)
    }
}
