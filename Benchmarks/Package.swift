// swift-tools-version:6.1
import PackageDescription
import class Foundation.ProcessInfo
import struct Foundation.URL

/// TouchCanvas benchmarks: a package of its own, so the main package's build and tests never
/// compile them or fetch their dependencies (swift-nio keeps its benchmarks the same way).
///
/// It uses the main package by path (`..`). `TOUCHCANVAS_PACKAGE` may point at another checkout
/// of it, e.g. to compare two commits side by side.
let mainPackagePath = ProcessInfo.processInfo.environment["TOUCHCANVAS_PACKAGE"] ?? ".."
/// SwiftPM names a path dependency after its folder, whatever the folder is called in a clone.
let mainPackage = URL(fileURLWithPath: mainPackagePath, relativeTo: URL(fileURLWithPath: Context.packageDirectory + "/"))
    .standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "TouchCanvasBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: mainPackagePath),
        // The malloc counter needs the interposer trait (and tools 6.1 for traits).
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // The same counter, used directly by AllocationSites to tell cairo's allocations from Swift's.
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        /// Statistics, tables and the machine description shared by the executables.
        .target(name: "BenchmarkSupport"),
        /// A: end-to-end latency of real clients (ours and peers) under the scripted compositor.
        .executableTarget(name: "TouchLatency", dependencies: [
            "BenchmarkSupport",
            .product(name: "ScriptedCompositor", package: mainPackage),
            .product(name: "Rendering", package: mainPackage),
        ]),
        /// The figures the end-to-end tests asserted on the machine's clock before they moved
        /// to the held clock: the present log's agreement, prediction, the latency flash, check glass.
        .executableTarget(name: "RealClockFigures", dependencies: [
            "BenchmarkSupport",
            .product(name: "ScriptedCompositor", package: mainPackage),
        ]),
        /// How long the real app's loop is away from poll while it resizes to 8K.
        .executableTarget(name: "LoopTurns", dependencies: [
            "BenchmarkSupport",
            .product(name: "ScriptedCompositor", package: mainPackage),
        ]),
        /// B: the frame, ink and renderer scenarios, shared by RenderBench and the allocation suite.
        .target(name: "RenderScenarios", dependencies: [
            .product(name: "TouchCanvasTesting", package: mainPackage),
            .product(name: "SystemClock", package: mainPackage),
            .product(name: "Rendering", package: mainPackage),
            .product(name: "TouchCanvasApp", package: mainPackage),
            .product(name: "TouchKit", package: mainPackage),
        ]),
        /// B: frame cost over history, ink throughput and rebuild, the spots renderer; timed with
        /// rounds interleaved so ratios come from one run; `--frames-only` runs one scenario for
        /// scripts/callgrind-frames.sh.
        .executableTarget(name: "RenderBench", dependencies: [
            "BenchmarkSupport", "RenderScenarios",
            .product(name: "SystemClock", package: mainPackage),
            .product(name: "Rendering", package: mainPackage),
            .product(name: "TouchCanvasApp", package: mainPackage),
            .product(name: "TouchKit", package: mainPackage),
            .product(name: "Wayland", package: mainPackage),
            .product(name: "MappedMemory", package: mainPackage),
        ]),
        /// B: allocations per steady-state frame, each attributed to cairo or to Swift by its
        /// call stack (a separate binary: the interposer must not slow RenderBench's timings).
        .target(name: "CStackTrace"),
        .executableTarget(name: "AllocationSites", dependencies: [
            "BenchmarkSupport", "RenderScenarios", "CStackTrace",
            .product(name: "TouchCanvasApp", package: mainPackage),
            .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
        ]),
        /// B: heap allocations per steady-state frame with ordo-one/benchmark's malloc counter
        /// (`swift package benchmark`).
        .executableTarget(
            name: "Allocations",
            dependencies: [
                "RenderScenarios",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Allocations",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
