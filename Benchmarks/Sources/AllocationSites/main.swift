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
// With `--check`, it is also the regression guard of the allocation rule's "no heap allocation in a
// steady-state frame" for optimized builds (the unit tests count Swift's own allocations in
// the debug build; this counts every `malloc`, cairo's included): it exits with status 1 when a
// scenario's median allocations per frame exceed its ceiling below.
//
//   AllocationSites [--frames N] [--sites N] [--check]

func option(_ name: String) -> Int? {
    Int(CommandLine.arguments.drop { $0 != name }.dropFirst().first ?? "")
}
let frames = option("--frames") ?? 500
let sitesShown = option("--sites") ?? 12
let checks = CommandLine.arguments.contains("--check")

/// Median allocations per frame each scenario may make, as measured when the ceiling was set
/// (BENCHMARKS.md). Lower a ceiling whenever allocations go; never raise one to make a change
/// pass. What they are made of today: spots, cairo filling the circle (5); trace, cairo's stroke
/// and composite calls (~41, varying by about ±10 with the damage's shape) and 0.15 in Swift (a
/// stroke's samples array growing); canvas, the same plus cairo filling ten spots (~51).
let ceilings = [
    "trace, 3840×2160, 10 fingers, 1 000 strokes": 60,
    "canvas, 3840×2160, 10 fingers, 1 000 strokes": 110,
    "spots, 1024×768, 1 finger": 5,
]

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
    var exceeded: [String] = []
    for (name, scenario) in try scenarios() {
        var perFrame = Samples()
        var bytes = Samples()
        // Reserved up front: the recorder sees everything on this thread, and the samples'
        // own growth is not the frame's.
        perFrame.reserveCapacity(frames)
        bytes.reserveCapacity(frames)
        StackRecorder.start()
        for _ in 0..<frames {
            let before = MallocInterposerSwift.getStatistics()
            scenario.renderFrame()
            let after = MallocInterposerSwift.getStatistics()
            perFrame.append(Double(after.mallocCount - before.mallocCount))
            bytes.append(Double(after.mallocBytesCount - before.mallocBytesCount))
        }
        let stacks = StackRecorder.stop()
        if let ceiling = ceilings[name], Int(perFrame.median) > ceiling {
            exceeded.append("- \(name): median \(Int(perFrame.median)) per frame, ceiling \(ceiling)")
        }
        let attribution = Attribution(stacks)
        let n = Double(frames)
        table.add([name, Format.fixed(perFrame.mean, 2),
                   "\(Int(perFrame.minimum)) / \(Int(perFrame.median)) / \(Int(perFrame.maximum))",
                   Format.fixed(Double(attribution.cairo) / n, 2), Format.fixed(Double(attribution.swift) / n, 2),
                   Format.fixed(bytes.mean, 0)])
        if !attribution.sites.isEmpty {
            sites.append("**\(name)** — allocation sites, by count over \(frames) frames:\n")
            for site in attribution.sites.prefix(sitesShown) {
                sites.append("- \(site.count)× \(site.origin): \(site.name)")
            }
            sites.append("")
        }
    }
    print(table.text + "\n")
    print(sites.joined(separator: "\n"))
    if checks, !exceeded.isEmpty {
        print("Allocation ceilings exceeded:\n" + exceeded.joined(separator: "\n"))
        exit(1)
    }
}

try MainActor.assumeIsolated { try run() }
