import BenchmarkSupport
import Rendering
import Foundation
import RenderScenarios
import TouchCanvasApp
import TouchKit

// Rendering benchmarks (BENCHMARKS.md, part B). Usage:
//
//   RenderBench [--quick]                      every section, Markdown on stdout
//   RenderBench --frames-only SCENE SCALE HISTORY N
//                                              set up one frame scenario and run N frames in
//                                              `measuredFrames` (for valgrind --tool=callgrind
//                                              --collect-atstart=no --toggle-collect='*measuredFrames*')
//   RenderBench --trail-only [--quick]         only the gestures trail comparison
//   RenderBench --rebuild-only SCALE N         N full rebuilds of the 100 000-segment 4K layer in
//                                              `measuredRebuilds`, for callgrind or perf the same way
//   RenderBench --slicing-only [--quick]       only the sliced rebuild against the unsliced one,
//                                              and the full repaint of a huge (8K) window

let arguments = Array(CommandLine.arguments.dropFirst())

/// The frames callgrind counts: only this function is collected.
@MainActor @inline(never)
func measuredFrames(_ scenario: FingerFrames, _ count: Int) {
    for _ in 0..<count { scenario.renderFrame() }
}

/// The rebuilds callgrind counts with `--toggle-collect='*measuredRebuilds*'`.
@MainActor @inline(never)
func measuredRebuilds(_ layer: InkLayer, _ strokes: [Stroke], rect: Rect, scale: Double, _ count: Int) {
    for _ in 0..<count { layer.rebuild(from: strokes, rect: rect, scale: scale) }
}

@MainActor
func runRebuildOnly(_ args: [String]) {
    guard args.count == 2, let scale = Double(args[0]), let count = Int(args[1]) else {
        log("usage: RenderBench --rebuild-only SCALE REBUILDS")
        exit(2)
    }
    let rect = Rect(x: 0, y: 0, width: 3840 / scale, height: 2160 / scale)
    let strokes = InkWork.strokes(count: 10_000, segmentsPerStroke: 10, in: rect.size)
    let layer = InkLayer()
    let ns = measure { measuredRebuilds(layer, strokes, rect: rect, scale: scale, count) }
    print("\(count) rebuilds of 100 000 segments at scale \(scale): \(Format.ms(ns / Double(count), 1)) ms each")
}

@MainActor
func fourK(_ scene: Scene, scale: Double, history: Int, fingers: Int = 10) -> FingerFrames.Configuration {
    FingerFrames.Configuration(scene: scene, width: 3840 / scale, height: 2160 / scale, scale: scale,
                               history: history, fingers: fingers)
}

@MainActor
func log(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

@MainActor
func runFramesOnly(_ args: [String]) throws {
    guard args.count == 4, let scene = Scene(rawValue: args[0]), let scale = Double(args[1]),
          let history = Int(args[2]), let count = Int(args[3]) else {
        log("usage: RenderBench --frames-only SCENE SCALE HISTORY FRAMES")
        exit(2)
    }
    let scenario = try FingerFrames(fourK(scene, scale: scale, history: history))
    measuredFrames(scenario, count)
    print("\(count) frames of \(scenario.configuration)")
}

@MainActor
func runAll(quick: Bool) throws {
    print("Machine: \(Machine.description)\n")

    // MARK: Frame cost over history at 4K
    let histories = [0, 1_000, 10_000]
    var configurations: [FingerFrames.Configuration] = []
    for scene in [Scene.canvas, .trace] {
        for scale in [1.0, 2.0] where !(quick && scale == 2) {
            for history in histories { configurations.append(fourK(scene, scale: scale, history: history)) }
        }
    }
    var setups = Samples()
    var scenarios: [FingerFrames] = []
    for configuration in configurations {
        log("setting up \(configuration)…")
        var scenario: FingerFrames?
        setups.append(try measureThrowing { scenario = try FingerFrames(configuration) })
        scenarios.append(scenario!)
    }
    log("measuring frames…")
    var interleaved = InterleavedFrames(scenarios: scenarios)
    if quick { interleaved.rounds = 6 }
    let results = interleaved.run()
    scenarios.removeAll()

    print("### Frame cost over history: 10 moving fingers, 3840×2160 buffer\n")
    print("\(interleaved.rounds) interleaved rounds of \(interleaved.framesPerRound) frames per configuration "
          + "(\(interleaved.rounds * interleaved.framesPerRound) frames each).\n")
    var table = MarkdownTable(["scene", "scale", "completed strokes", "frame median (ms)", "frame p99 (ms)",
                               "median / median at 0 strokes", "damaged fraction per frame (mean)"])
    for result in results {
        let c = result.configuration
        let base = results.first {
            $0.configuration.scene == c.scene && $0.configuration.scale == c.scale && $0.configuration.history == 0
        }
        let ratio = base.map { result.frameNanoseconds.median / $0.frameNanoseconds.median } ?? .nan
        table.add([c.scene.rawValue, Format.fixed(c.scale, 0), "\(c.history)",
                   Format.ms(result.frameNanoseconds.median, 3), Format.ms(result.frameNanoseconds.p99, 3),
                   Format.fixed(ratio, 2), Format.fraction(result.damagedFraction.mean)])
    }
    print(table.text + "\n")

    // MARK: The spots renderer
    log("measuring the spots renderer…")
    let spotConfigurations = [1.0, 2.0].map {
        FingerFrames.Configuration(scene: .spots, width: 1024, height: 768, scale: $0, history: 0, fingers: 1)
    }
    let spotResults = InterleavedFrames(scenarios: try spotConfigurations.map { try FingerFrames($0) },
                                        rounds: quick ? 10 : 40, framesPerRound: 25).run()
    print("### One spot moving over 1024×768 (spots scene)\n")
    var spotTable = MarkdownTable(["scale", "buffer", "frame median (ms)", "frame p99 (ms)", "damaged fraction per frame (mean)"])
    for result in spotResults {
        let c = result.configuration
        spotTable.add([Format.fixed(c.scale, 0), "\(c.bufferWidth)×\(c.bufferHeight)",
                       Format.ms(result.frameNanoseconds.median, 3), Format.ms(result.frameNanoseconds.p99, 3),
                       Format.fraction(result.damagedFraction.mean)])
    }
    print(spotTable.text + "\n")

    try runTrail(quick: quick)

    // MARK: Ink throughput and rebuild
    log("measuring ink throughput and rebuild…")
    let repeats = quick ? 3 : 7
    var inkTable = MarkdownTable(["work", "layer", "median", "spread (min – max)"])
    for scale in [1.0, 2.0] {
        let size = Size(width: 3840 / scale, height: 2160 / scale)
        let rect = Rect(origin: .zero, size: size)
        let layerName = "3840×2160, scale \(Format.fixed(scale, 0))"

        let segments = InkWork.segments(count: 100_000, length: 4, in: size)
        let layer = InkLayer()
        layer.reset(rect: rect, scale: scale)
        var rates = Samples()
        for _ in 0..<repeats {
            layer.clear()
            let ns = measure {
                for (start, end) in segments { layer.drawSegment(from: start, to: end, style: InkWork.style) }
            }
            rates.append(Double(segments.count) / (ns / 1e9))
        }
        inkTable.add(["segments drawn per second (4 px long, 8 px wide)", layerName,
                      Format.fixed(rates.median / 1000, 0) + " k/s",
                      Format.fixed(rates.minimum / 1000, 0) + " – " + Format.fixed(rates.maximum / 1000, 0) + " k/s"])

        let strokes = InkWork.strokes(count: 10_000, segmentsPerStroke: 10, in: size)
        var rebuilds = Samples()
        for _ in 0..<repeats {
            rebuilds.append(measure { layer.rebuild(from: strokes, rect: rect, scale: scale) })
        }
        inkTable.add(["full rebuild, 100 000 segments (10 000 strokes × 10)", layerName,
                      Format.ms(rebuilds.median, 1) + " ms",
                      Format.ms(rebuilds.minimum, 1) + " – " + Format.ms(rebuilds.maximum, 1) + " ms"])
    }
    print("### Ink layer work\n")
    print(inkTable.text + "\n")
    try runSlicing(quick: quick)
    try runNewBuffers(quick: quick)
    print("Setting up each 4K frame scenario (history drawn through the input machine, then the first, "
          + "full render): median \(Format.ms(setups.median, 0)) ms, longest \(Format.ms(setups.maximum, 0)) ms.")
}

/// The gestures scene's trail: the view reporting each new segment against the whole window
/// repainted, as it was before it did.
@MainActor
func runTrail(quick: Bool) throws {
    log("measuring the gestures trail…")
    let trailConfigurations = [false, true].map { whole in
        var c = FingerFrames.Configuration(scene: .gestures, width: 1920, height: 1080, scale: 1, history: 0, fingers: 1)
        c.repaintsWholeWindow = whole
        return c
    }
    let trailResults = InterleavedFrames(scenarios: try trailConfigurations.map { try FingerFrames($0) },
                                         rounds: quick ? 10 : 40, framesPerRound: 25).run()
    print("### One finger's trail in the gestures scene, 1920×1080\n")
    var trailTable = MarkdownTable(["repaint", "frame median (ms)", "frame p99 (ms)", "damaged fraction per frame (mean)",
                                    "median / median of the segment repaint"])
    for result in trailResults {
        let c = result.configuration
        let base = trailResults.first { !$0.configuration.repaintsWholeWindow }
        trailTable.add([c.repaintsWholeWindow ? "whole window (before)" : "new segment (the view reports it)",
                        Format.ms(result.frameNanoseconds.median, 3), Format.ms(result.frameNanoseconds.p99, 3),
                        Format.fraction(result.damagedFraction.mean),
                        Format.fixed(base.map { result.frameNanoseconds.median / $0.frameNanoseconds.median } ?? .nan, 1)])
    }
    print(trailTable.text + "\n")
}

func measureThrowing(_ body: () throws -> Void) throws -> Double {
    let start = monotonicNanoseconds()
    try body()
    return Double(monotonicNanoseconds() - start)
}

/// A size change over 10 000 strokes at 4K through the session's frames: the app's 8 ms paint
/// budget (a slice per frame) against an unlimited one (the whole rebuild in one frame),
/// interleaved, so the ratio comes from one run. Then what one full repaint of a new buffer costs
/// at 4K and at 7680×4320, the largest window the app makes.
@MainActor
func runSlicing(quick: Bool) throws {
    log("measuring the sliced rebuild…")
    let rounds = quick ? 2 : 5
    var table = MarkdownTable(["rebuild (10 000 strokes × 10 segments, size change)", "layer", "frames",
                               "longest frame (median of rounds)", "total drawing time (median)", "total / unsliced"])
    var repaints = MarkdownTable(["full repaint of a new buffer (nothing to rebuild)", "median", "spread (min – max)"])
    for scale in [1.0, 2.0] {
        let scenario = try RebuildFrames(width: 3840 / scale, height: 2160 / scale, scale: scale,
                                         strokes: 10_000, segmentsPerStroke: 10)
        var sliced: [RebuildFrames.Result] = [], whole: [RebuildFrames.Result] = []
        for _ in 0..<rounds {
            whole.append(scenario.rebuild(budget: .unlimited))
            sliced.append(scenario.rebuild(budget: .seconds(0.008)))
        }
        let wholeTotal = Samples(whole.map(\.total)).median
        for (name, results) in [("unsliced (before)", whole), ("sliced, 8 ms budget", sliced)] {
            let total = Samples(results.map(\.total)).median
            table.add([name, "3840×2160, scale \(Format.fixed(scale, 0))",
                       Format.fixed(Samples(results.map { Double($0.frames.count) }).median, 0),
                       Format.ms(Samples(results.map(\.longest)).median, 1) + " ms",
                       Format.ms(total, 0) + " ms", Format.fixed(total / wholeTotal, 2)])
        }
        var slicedUndo: [RebuildFrames.Result] = [], wholeUndo: [RebuildFrames.Result] = []
        for _ in 0..<rounds {
            wholeUndo.append(scenario.tallUndo(budget: .unlimited))
            slicedUndo.append(scenario.tallUndo(budget: .seconds(0.008)))
        }
        let wholeUndoTotal = Samples(wholeUndo.map(\.total)).median
        for (name, results) in [("undo of a stroke top to bottom, unsliced (before)", wholeUndo),
                                ("undo of a stroke top to bottom, sliced, 8 ms budget", slicedUndo)] {
            let total = Samples(results.map(\.total)).median
            table.add([name, "3840×2160, scale \(Format.fixed(scale, 0))",
                       Format.fixed(Samples(results.map { Double($0.frames.count) }).median, 0),
                       Format.ms(Samples(results.map(\.longest)).median, 1) + " ms",
                       Format.ms(total, 0) + " ms", Format.fixed(total / wholeUndoTotal, 2)])
        }
        if scale == 1 {
            var ns = Samples()
            for _ in 0..<(quick ? 3 : 9) { ns.append(scenario.fullRepaint()) }
            repaints.add(["3840×2160, trace scene, 10 000 strokes", Format.ms(ns.median, 1) + " ms",
                          Format.ms(ns.minimum, 1) + " – " + Format.ms(ns.maximum, 1) + " ms"])
        }
    }
    // The largest window (no output known): the first frame at that size (layers allocated,
    // the opaque one filled with the backdrop, nothing drawn), then repaints of a new buffer.
    // With the app's budget the fill goes in bands over the next frames: every frame of the
    // size change, unsliced and sliced, interleaved.
    let huge = try RebuildFrames(width: 7680, height: 4320, scale: 1, strokes: 0, segmentsPerStroke: 0)
    var firsts = Samples(), ns = Samples()
    var hugeWhole: [RebuildFrames.Result] = [], hugeSliced: [RebuildFrames.Result] = []
    for _ in 0..<(quick ? 2 : 5) {
        let whole = huge.rebuild(budget: .unlimited)
        hugeWhole.append(whole)
        firsts.append(whole.total)
        hugeSliced.append(huge.rebuild(budget: .seconds(0.008)))
        for _ in 0..<2 { ns.append(huge.fullRepaint()) }
    }
    let hugeWholeTotal = Samples(hugeWhole.map(\.total)).median
    for (name, results) in [("size change, empty drawing, unsliced (before)", hugeWhole),
                            ("size change, empty drawing, sliced, 8 ms budget", hugeSliced)] {
        let total = Samples(results.map(\.total)).median
        table.add([name, "7680×4320, scale 1",
                   Format.fixed(Samples(results.map { Double($0.frames.count) }).median, 0),
                   Format.ms(Samples(results.map(\.longest)).median, 1) + " ms",
                   Format.ms(total, 0) + " ms", Format.fixed(total / hugeWholeTotal, 2)])
    }
    repaints.add(["7680×4320, trace scene, empty: first frame at a new size", Format.ms(firsts.median, 1) + " ms",
                  Format.ms(firsts.minimum, 1) + " – " + Format.ms(firsts.maximum, 1) + " ms"])
    let slicedFirsts = Samples(hugeSliced.map { $0.frames.first ?? 0 })
    repaints.add(["7680×4320, trace scene, empty: first frame at a new size, sliced (8 ms budget)",
                  Format.ms(slicedFirsts.median, 1) + " ms",
                  Format.ms(slicedFirsts.minimum, 1) + " – " + Format.ms(slicedFirsts.maximum, 1) + " ms"])
    repaints.add(["7680×4320, trace scene, empty: new buffer, same size", Format.ms(ns.median, 1) + " ms",
                  Format.ms(ns.minimum, 1) + " – " + Format.ms(ns.maximum, 1) + " ms"])
    print("### A rebuild in slices\n")
    print(table.text + "\n")
    print(repaints.text + "\n")
}

try MainActor.assumeIsolated {
    if arguments.first == "--slicing-only" {
        try runSlicing(quick: arguments.contains("--quick"))
    } else if arguments.first == "--frames-only" {
        try runFramesOnly(Array(arguments.dropFirst()))
    } else if arguments.first == "--trail-only" {
        try runTrail(quick: arguments.contains("--quick"))
    } else if arguments.first == "--new-buffers-only" {
        try runNewBuffers(quick: arguments.contains("--quick"))
    } else if arguments.first == "--rebuild-only" {
        runRebuildOnly(Array(arguments.dropFirst()))
    } else {
        try runAll(quick: arguments.contains("--quick"))
    }
}
