import Benchmark
import RenderScenarios
import TouchCanvasApp

// Heap allocations in one steady-state frame, counted by ordo-one/benchmark's malloc
// interposer: `swift package --disable-sandbox benchmark --target Allocations`.
// One iteration is one frame of `FingerFrames` (input through TouchInputMachine, then
// ViewRenderer into a buffer with buffer age 2). AllocationSites tells where they come from.
//
// Only `mallocCountTotal` and `wallClock` are measured: the default metric set (throughput,
// memory, syscalls…) allocates inside the measured region itself (16 allocations in an empty
// benchmark here), which "Empty frame" guards against.

/// The scenario of the benchmark now running; the views are main-actor objects, so every use hops
/// there (outside the measured region).
@MainActor var scenario: FingerFrames?

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.mallocCountTotal, .wallClock], warmupIterations: 20,
                                                maxDuration: .seconds(10), maxIterations: 500)

    func frames(_ name: String, _ make: @escaping @MainActor () throws -> FingerFrames) {
        Benchmark(name, configuration: configuration, closure: { benchmark in
            // Used strictly in turn: this task waits for the main actor to finish the frame.
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                guard let scenario else { return }
                benchmark.startMeasurement()
                scenario.renderFrame()
                benchmark.stopMeasurement()
            }
        }, setup: {
            try await MainActor.run { scenario = try make() }
        }, teardown: {
            await MainActor.run { scenario = nil }
        })
    }

    Benchmark("Empty frame", configuration: configuration) { benchmark in
        benchmark.startMeasurement()
        blackHole(benchmark)
        benchmark.stopMeasurement()
    }
    frames("Trace frame, 3840×2160, 10 fingers, 1000 strokes") {
        try FingerFrames(.init(scene: .trace, width: 3840, height: 2160, scale: 1, history: 1_000, fingers: 10))
    }
    frames("Canvas frame, 3840×2160, 10 fingers, 1000 strokes") {
        try FingerFrames(.init(scene: .canvas, width: 3840, height: 2160, scale: 1, history: 1_000, fingers: 10))
    }
    frames("Spots frame, 1024×768, 1 finger") {
        try FingerFrames(.init(scene: .spots, width: 1024, height: 768, scale: 1, history: 0, fingers: 1))
    }
}
