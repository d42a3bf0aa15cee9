import BenchmarkSupport
import Foundation
import Glibc
import MallocInterposerSwift
import RenderScenarios
import TouchCanvasApp

// Heap allocations per steady-state frame, and where they come from (BENCHMARKS.md, part B).
//
// The malloc interposer (ordo-one/malloc-interposer, the counter ordo-one/benchmark uses) counts
// every allocation while hooked; its per-allocation hook records the call stack with glibc's
// `backtrace`, and each stack is then attributed by the shared objects in it: an allocation with
// libcairo or libpixman on its stack is cairo's, any other is Swift's (ours or the runtime's on
// our behalf), and is named after the innermost function of ours on the stack.
//
//   AllocationSites [--frames N]

let frames = Int(CommandLine.arguments.drop { $0 != "--frames" }.dropFirst().first ?? "") ?? 500

@MainActor
func scenarios() throws -> [(String, FingerFrames)] {
    func fourK(_ scene: Scene) -> FingerFrames.Configuration {
        FingerFrames.Configuration(scene: scene, width: 3840, height: 2160, scale: 1, history: 1_000, fingers: 10)
    }
    return [
        ("trace, 3840×2160, 10 fingers, 1 000 strokes", try FingerFrames(fourK(.trace))),
        ("canvas, 3840×2160, 10 fingers, 1 000 strokes", try FingerFrames(fourK(.canvas))),
        ("spots, 1024×768, 1 finger", try FingerFrames(.init(scene: .spots, width: 1024, height: 768, scale: 1, history: 0, fingers: 1))),
    ]
}

@MainActor
func run() throws {
    print("Machine: \(Machine.description)\n")
    print("\(frames) steady-state frames per scenario (after 60 warm-up frames).\n")
    var table = MarkdownTable(["scenario", "allocations per frame: mean", "min / median / max",
                               "from cairo (per frame)", "from Swift (per frame)", "bytes per frame (mean)"])
    var sites: [String] = []
    for (name, scenario) in try scenarios() {
        var perFrame = Samples()
        var bytes = Samples()
        StackRecorder.start()
        for _ in 0..<frames {
            let before = MallocInterposerSwift.getStatistics()
            scenario.renderFrame()
            let after = MallocInterposerSwift.getStatistics()
            perFrame.append(Double(after.mallocCount - before.mallocCount))
            bytes.append(Double(after.mallocBytesCount - before.mallocBytesCount))
        }
        let stacks = StackRecorder.stop()
        let attribution = Attribution(stacks)
        let n = Double(frames)
        table.add([name, Format.fixed(perFrame.mean, 2),
                   "\(Int(perFrame.minimum)) / \(Int(perFrame.median)) / \(Int(perFrame.maximum))",
                   Format.fixed(Double(attribution.cairo) / n, 2), Format.fixed(Double(attribution.swift) / n, 2),
                   Format.fixed(bytes.mean, 0)])
        if !attribution.sites.isEmpty {
            sites.append("**\(name)** — allocation sites, by count over \(frames) frames:\n")
            for site in attribution.sites.prefix(12) {
                sites.append("- \(site.count)× \(site.origin): \(site.name)")
            }
            sites.append("")
        }
    }
    print(table.text + "\n")
    print(sites.joined(separator: "\n"))
}

try MainActor.assumeIsolated { try run() }
