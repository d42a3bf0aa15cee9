import Rendering
import Foundation
import Testing
import TouchCanvasApp
import TouchKit
@testable import Recording
import TouchCanvasTesting

/// The recordings in `Recordings/`, replayed and looked at as a person would.
@MainActor
@Suite struct ShippedRecordingTests {
    static let purple = PixelColor(rgb: 0x34329C)

    func load(_ name: String) throws -> Recording {
        try RecordingParser.parse(contentsOf: RecordingGenerator.folder.appendingPathComponent(name).path)
    }

    /// The files are what the generator makes; set TOUCHCANVAS_REGENERATE_RECORDINGS=1 to rewrite them.
    @Test(arguments: RecordingGenerator.all.map(\.name))
    func filesMatchTheirGenerator(name: String) throws {
        let text = try #require(RecordingGenerator.all.first { $0.name == name }?.text)
        let url = RecordingGenerator.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TOUCHCANVAS_REGENERATE_RECORDINGS"] == "1" {
            try FileManager.default.createDirectory(at: RecordingGenerator.folder, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let shipped = try String(contentsOf: url, encoding: .utf8)
        #expect(shipped == text, "regenerate with TOUCHCANVAS_REGENERATE_RECORDINGS=1")
    }

    @Test func tenFingersLeaveTenCompletedPurplePaths() throws {
        let recording = try load("ten-fingers.tcrec")
        let touchIDs = Set(recording.events.compactMap { event -> Int32? in
            if case let .touch(_, .down(id, _, _)) = event.event { id } else { nil }
        })
        #expect(touchIDs.count == 10)
        let pixels = try Replayer(recording: recording).run()
        #expect(pixels.width == 800 && pixels.height == 600)
        for finger in 0..<10 {
            var misses: [String] = []
            for step in 0..<RecordingGenerator.tenFingersSteps {
                let p = RecordingGenerator.tenFingersPoint(finger: finger, step: step)
                if pixels.pixel(atLogical: p.x, p.y, scale: 1) != Self.purple { misses.append("\(p)") }
            }
            #expect(misses.isEmpty, "finger \(finger): not #34329C at \(misses.prefix(5))")
            // Between two fingers' columns the canvas stays white.
            let between = RecordingGenerator.tenFingersPoint(finger: finger, step: 30)
            #expect(pixels.pixel(atLogical: between.x + 37, between.y, scale: 1) == .white)
        }
        #expect(pixels.count { $0 == Self.purple } > 10 * 400 * 3, "ten lines ~400 px long, 4 px wide")
        #expect(pixels.count { !$0.isBlend(of: Self.purple) } == 0, "nothing but purple ink: no spots")
    }

    @Test func theLatencyDragEndsWithRingsBehindTheStillDownFinger() throws {
        let recording = try load("latency-drag.tcrec")
        let pixels = try Replayer(recording: recording).run()
        let lastTime = Double(71) * 1000 / 120
        let head = RecordingGenerator.latencyDragPoint(at: lastTime)
        #expect(pixels.pixel(atLogical: head.x, head.y, scale: 1) == .white, "the latest sample's dot")
        #expect(pixels.pixel(atLogical: 700, 560, scale: 1) == PixelColor(rgb: 0x000000), "black where nothing is: the flash is long over")
        let ring = PixelColor(rgb: 0xE01B24)
        for age in [10.0, 20, 50, 100] {
            // Each ring (radius 9) is drawn about where the finger was `age` ms before the dot.
            let centre = RecordingGenerator.latencyDragPoint(at: lastTime - age)
            var hits = 0
            for dy in -12...12 {
                for dx in -12...12 where pixels.pixel(atLogical: centre.x + Double(dx), centre.y + Double(dy), scale: 1)
                    .map({ $0.distance(to: ring) <= 40 }) == true { hits += 1 }
            }
            #expect(hits > 20, "a ring \(Int(age)) ms back, at \(centre)")
        }
    }

    @Test func theTargetsCourseReplaysToItsVerdict() throws {
        let replayer = Replayer(recording: try load("targets-rotated.tcrec"))
        var results: [TargetsResults] = []
        replayer.onTargetsFinished = { results.append($0) }
        let pixels = try replayer.run()
        #expect(results.count == 1)
        let fit = try #require(results.first?.fit)
        #expect(fit.orientation == .rotated90)
        #expect(abs(fit.offset.x - 12) < 0.01 && abs(fit.offset.y + 8) < 0.01, "\(fit.offset)")
        #expect(fit.residual.largest < 0.01)
        #expect(abs((results.first?.jitter.pixels ?? 0) - 0.4) < 0.01)
        // The verdict's panel over the course: text at the top left, a tap's orange dot below it.
        #expect(pixels.count { $0 == PixelColor(rgb: 0x1C1C1E) } > 500, "the verdict's text is drawn")
        let orange = PixelColor(rgb: 0xE66100)
        // The top right target's tap lands at the bottom right, below the panel.
        let tap = RecordingGenerator.rotatedTap(Point(x: 720, y: 60))
        #expect(tap.y > 500 && pixels.pixel(atLogical: tap.x, tap.y, scale: 1) == orange, "\(tap)")
        #expect(pixels.count { $0 == orange } > 1000, "the taps joined to their targets")
    }

    @Test func pinchCancelLeavesOnlyThePinchThatEnded() throws {
        let pixels = try Replayer(recording: try load("pinch-cancel.tcrec")).run()
        // The cancelled pinch moved its fingers from x 150 / 650 to about 260 / 540 on row 200.
        let cancelled = stride(from: 140.0, through: 660, by: 2).filter {
            pixels.pixel(atLogical: $0, RecordingGenerator.cancelledRow, scale: 1) != .white
        }
        #expect(cancelled.isEmpty, "the cancelled in-progress strokes are gone: ink at x \(cancelled.prefix(5))")
        #expect(pixels.count { !$0.isBlend(of: Self.purple) } == 0, "nothing but purple ink")
        // The completed pinch spread from x 360 / 440 to 120 / 680 on row 420.
        let completed = (Array(stride(from: 121.0, through: 359, by: 2)) + Array(stride(from: 441.0, through: 679, by: 2))).filter {
            pixels.pixel(atLogical: $0, RecordingGenerator.completedRow, scale: 1) != Self.purple
        }
        #expect(completed.isEmpty, "the completed pinch is solid #34329C: missing at x \(completed.prefix(5))")
        #expect(pixels.pixel(atLogical: 400, RecordingGenerator.completedRow, scale: 1) == .white, "the fingers started apart")
    }

    @Test func fastScribbleIsOneLongBlackStroke() throws {
        let recording = try load("fast-scribble.tcrec")
        #expect(recording.scale == 2)
        let pixels = try Replayer(recording: recording).run()
        #expect(pixels.width == 1600 && pixels.height == 1200)
        var misses: [Point] = []
        for sample in 0..<RecordingGenerator.scribbleSamples {
            let p = RecordingGenerator.scribblePoint(at: Double(sample) * RecordingGenerator.scribbleInterval)
            if pixels.pixel(atLogical: p.x, p.y, scale: 2) != .black { misses.append(p) }
        }
        #expect(misses.isEmpty, "every sample lies under black ink: missing at \(misses.prefix(5))")
        // Midway between two fast samples (~15 px apart) the stroke is continuous too.
        let a = RecordingGenerator.scribblePoint(at: 400), b = RecordingGenerator.scribblePoint(at: 404)
        #expect(a.distance(to: b) > 10)
        #expect(pixels.pixel(atLogical: (a.x + b.x) / 2, (a.y + b.y) / 2, scale: 2) == .black)
        // 3 logical px wide at scale 2 over a path of several thousand px: many black pixels.
        #expect(pixels.count { $0 == .black } > 20_000)
    }
}
