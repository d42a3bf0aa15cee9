// swift-tools-version:6.0
import PackageDescription

/// The system C libraries are wrapped once, here at the edge, as `.systemLibrary` targets found
/// through pkg-config; everything above them is Swift with typed APIs.
let package = Package(
    name: "TouchCanvas",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TouchKit", targets: ["TouchKit"]),
        .executable(name: "touchcanvas", targets: ["touchcanvas"]),
        // For Benchmarks/, a package of its own that uses these by path.
        .library(name: "Rendering", targets: ["Rendering"]),
        /// The typed protocol bindings (generated from Protocols/protocols.list by the plugin), the
        /// connection, registry, event loop and shm buffers: what Examples/SimpleTouch and any
        /// outside client are written on.
        .library(name: "Wayland", targets: ["Wayland"]),
        /// Large mappings given back off the main thread (Benchmarks/ waits for it between rounds).
        .library(name: "MappedMemory", targets: ["MappedMemory"]),
        .library(name: "SystemClock", targets: ["SystemClock"]),
        /// What the tests and the benchmarks share: the seeded generator, the hand-set clock, pixel helpers.
        .library(name: "TouchCanvasTesting", targets: ["TouchCanvasTesting"]),
        .library(name: "TouchCanvasApp", targets: ["TouchCanvasApp"]),
        .library(name: "ScriptedCompositor", targets: ["ScriptedCompositor"]),
        /// The recording format (parser, writer, headless replay), for Fuzz/'s parser target.
        .library(name: "Recording", targets: ["Recording"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: C libraries
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandServer", pkgConfig: "wayland-server",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandCursor", pkgConfig: "wayland-cursor",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        /// What Swift cannot reach directly (`memfd_create` needs `_GNU_SOURCE`).
        .target(name: "CShim"),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        /// Client-side decorations where the compositor draws none (Mutter, Weston); at run time
        /// libdecor-0-0 and a plugin (libdecor-0-plugin-1-cairo) draw the frame.
        .systemLibrary(name: "CLibdecor", pkgConfig: "libdecor-0",
                       providers: [.apt(["libdecor-0-dev"])]),

        // MARK: Protocol bindings
        .target(name: "WaylandScannerKit"),
        .executableTarget(name: "WaylandScanner", dependencies: ["WaylandScannerKit"]),
        .plugin(name: "WaylandScannerPlugin", capability: .buildTool(), dependencies: ["WaylandScanner"]),
        .target(name: "Wayland", dependencies: ["CWaylandClient", "CWaylandCursor", "CShim", "MappedMemory", "SystemClock"],
                plugins: ["WaylandScannerPlugin"]),
        /// libdecor's typed Swift face, for the app only.
        .target(name: "WaylandDecor", dependencies: ["Wayland", "CLibdecor", "CWaylandClient"]),
        .target(name: "WaylandServer", dependencies: ["CWaylandServer"],
                plugins: ["WaylandScannerPlugin"]),
        .target(name: "ScriptedCompositor", dependencies: ["WaylandServer", "CWaylandServer", "CXKBCommon", "CShim", "SystemClock"]),

        // MARK: Pure Swift
        /// The version and the size limits, in the one module every other can depend on.
        .target(name: "TouchCanvasConstants"),
        /// The kernel's clocks, read in one place (CLOCK_MONOTONIC and whatever wp_presentation names).
        .target(name: "SystemClock"),
        .target(name: "TouchKit", dependencies: ["SystemClock"]),
        /// Large memory mappings given back off the main thread, for Wayland's buffers and Rendering's layers.
        .target(name: "MappedMemory"),
        .target(name: "Rendering", dependencies: ["TouchKit", "CCairo", "MappedMemory", "CShim"]),
        .target(name: "TouchCanvasApp", dependencies: ["TouchKit", "Rendering", "TouchCanvasConstants"]),
        .target(name: "Recording", dependencies: ["TouchKit", "Rendering", "TouchCanvasApp", "TouchCanvasConstants"]),

        // MARK: The app
        .executableTarget(name: "touchcanvas", dependencies: [
            "Wayland", "WaylandDecor", "TouchKit", "Rendering", "TouchCanvasApp", "Recording", "CXKBCommon", "ScriptedCompositor",
            "TouchCanvasConstants", "SystemClock",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: Tests
        /// Fakes input in real compositors for Tests/Integration (wlroots virtual pointer, KWin
        /// fake input); the test scripts run it.
        .executableTarget(name: "tc-inject", dependencies: ["Wayland", "SystemClock"], path: "Tests/Integration/Inject"),
        /// `make soak`: half an hour of ten fingers through the scripted compositor, by hand.
        .executableTarget(name: "tc-soak", dependencies: ["ScriptedCompositor", "Rendering", "TouchKit"], path: "Tests/Soak"),
        /// Counts Swift heap allocations on one thread, for the steady-state allocation tests
        /// (a C hook into the Swift runtime, and its Swift face).
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .target(name: "AllocationCounting", dependencies: ["CAllocationCounter"], path: "Tests/AllocationCounting"),
        /// What every test target shares: the test clock, the pixel helpers and the harness on
        /// AppSession.
        .target(name: "TouchCanvasTesting", dependencies: ["TouchKit", "Rendering", "TouchCanvasApp"],
                path: "Tests/TouchCanvasTesting"),
        .testTarget(name: "WaylandScannerTests", dependencies: ["WaylandScannerKit"]),
        .testTarget(name: "TouchKitTests", dependencies: ["TouchKit", "AllocationCounting", "TouchCanvasTesting"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "MappedMemory", "TouchKit", "AllocationCounting", "TouchCanvasTesting"]),
        .testTarget(name: "TouchCanvasAppTests", dependencies: ["TouchCanvasApp", "Rendering", "TouchKit", "AllocationCounting", "TouchCanvasTesting", "TouchCanvasConstants"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "TouchKit", "Rendering", "TouchCanvasApp", "TouchCanvasTesting", "TouchCanvasConstants"]),
        /// The Wayland shell's parts that need no compositor (the key table), through @testable.
        .testTarget(name: "TouchCanvasShellTests", dependencies: ["touchcanvas"]),
        /// The real binary under the scripted compositor; depends on the executable so it is built.
        .testTarget(name: "EndToEndTests", dependencies: ["ScriptedCompositor", "Rendering", "touchcanvas", "TouchCanvasApp", "TouchCanvasTesting", "TouchCanvasConstants"]),
        .testTarget(name: "ScriptedCompositorTests", dependencies: ["ScriptedCompositor", "Wayland", "CWaylandClient", "TouchCanvasTesting"]),
        .testTarget(name: "MappedMemoryTests", dependencies: ["MappedMemory"]),
        .testTarget(name: "WaylandTests", dependencies: ["Wayland", "MappedMemory", "ScriptedCompositor", "CWaylandClient", "TouchCanvasTesting"]),
        .testTarget(name: "WaylandDecorTests", dependencies: ["WaylandDecor"]),
    ]
)
