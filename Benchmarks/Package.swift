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
    ],
    targets: [
        /// Statistics, tables and the machine description shared by the executables.
        .target(name: "BenchmarkSupport"),
        /// A: end-to-end latency of real clients (ours and peers) under the scripted compositor.
        .executableTarget(name: "TouchLatency", dependencies: [
            "BenchmarkSupport",
            .product(name: "ScriptedCompositor", package: mainPackage),
            .product(name: "Canvas", package: mainPackage),
        ]),
        /// B: the frame, ink and renderer scenarios, shared by RenderBench and the allocation suite.
        .target(name: "RenderScenarios", dependencies: [
            .product(name: "Canvas", package: mainPackage),
            .product(name: "TouchCanvasApp", package: mainPackage),
            .product(name: "TouchKit", package: mainPackage),
        ]),
        /// B: frame cost over history, ink throughput and rebuild, the spots renderer; timed with
        /// rounds interleaved so ratios come from one run; `--frames-only` runs one scenario for
        /// scripts/callgrind-frames.sh.
        .executableTarget(name: "RenderBench", dependencies: [
            "BenchmarkSupport", "RenderScenarios",
            .product(name: "Canvas", package: mainPackage),
            .product(name: "TouchCanvasApp", package: mainPackage),
            .product(name: "TouchKit", package: mainPackage),
        ]),
    ]
)
