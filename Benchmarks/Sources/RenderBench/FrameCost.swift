import BenchmarkSupport
import RenderScenarios
import TouchCanvasApp

/// Frame cost of several configurations, measured in interleaved rounds: each round runs a short
/// burst of frames of every configuration in turn, so a noisy neighbour slows all of them alike
/// and the ratios between them hold within the run.
@MainActor
struct InterleavedFrames {
    let scenarios: [FingerFrames]
    var rounds = 20
    var framesPerRound = 25
    /// Frames dropped at the start of each burst: the first frame after switching finds the
    /// caches full of another configuration's pixels.
    var settleFrames = 2

    struct Result {
        let configuration: FingerFrames.Configuration
        var frameNanoseconds = Samples()
        var damagedFraction = Samples()
    }

    func run() -> [Result] {
        var results = scenarios.map { Result(configuration: $0.configuration) }
        for _ in 0..<rounds {
            for (i, scenario) in scenarios.enumerated() {
                for f in 0..<(settleFrames + framesPerRound) {
                    let ns = measure { scenario.renderFrame() }
                    guard f >= settleFrames else { continue }
                    results[i].frameNanoseconds.append(ns)
                    results[i].damagedFraction.append(Double(scenario.lastDamage.area) / Double(scenario.bufferArea))
                }
            }
        }
        return results
    }
}
