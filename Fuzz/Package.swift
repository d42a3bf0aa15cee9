// swift-tools-version:5.4
import PackageDescription
import class Foundation.ProcessInfo

/// TouchCanvas's coverage-guided fuzz targets (libFuzzer): a package of its own, as Benchmarks/
/// is, so the main package's build and tests never compile them, and the fuzzer's flags
/// (coverage and AddressSanitizer, given on the command line by scripts/fuzz.sh) reach only a
/// build made for fuzzing. docs/fuzzing.md says how to build and run them.
///
/// Tools version 5.4, the last before SwiftPM renames an executable's `main` (so tests can link
/// it) and links `main` to that name: a fuzzer binary has no `main` of its own, libFuzzer's is
/// the one. Under 5.4 products name their package by its `name`, whatever its folder is called.
///
/// It uses the main package by path (`..`); `TOUCHCANVAS_PACKAGE` may point at another checkout.
let mainPackagePath = ProcessInfo.processInfo.environment["TOUCHCANVAS_PACKAGE"] ?? ".."
let mainPackage = "TouchCanvas"

let fuzzerEntryPoint: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
let libFuzzer: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer"])]

let package = Package(
    name: "TouchCanvasFuzz",
    dependencies: [
        .package(name: mainPackage, path: mainPackagePath),
    ],
    targets: [
        /// The invariant check that aborts (so libFuzzer keeps the input), the checks of touch
        /// lives and recognizer states the targets share, and the byte reader (and writer, for
        /// the seeds) the input machine and arena targets decode their input with.
        .target(name: "FuzzSupport", dependencies: [
            .product(name: "TouchKit", package: mainPackage),
        ]),

        // Each harness is a library, apart from the few lines that hand it libFuzzer's input, so
        // the seed writer can use its encoder.
        .target(name: "RecordingParserFuzz", dependencies: [
            "FuzzSupport",
            .product(name: "Rendering", package: mainPackage),
            .product(name: "TouchCanvasApp", package: mainPackage),
            .product(name: "TouchKit", package: mainPackage),
            .product(name: "Recording", package: mainPackage),
        ]),
        .target(name: "InputMachineFuzz", dependencies: [
            "FuzzSupport",
            .product(name: "Rendering", package: mainPackage),
            .product(name: "TouchCanvasApp", package: mainPackage),
            .product(name: "TouchKit", package: mainPackage),
        ]),
        .target(name: "GestureArenaFuzz", dependencies: [
            "FuzzSupport",
            .product(name: "TouchKit", package: mainPackage),
        ]),

        // The fuzzer binaries: only `LLVMFuzzerTestOneInput`; libFuzzer brings `main`, so their
        // one file is read as a library (no top-level code, no `main` of its own), and libFuzzer
        // is linked into them alone. Every module is compiled with the fuzzer's coverage (and
        // AddressSanitizer) by scripts/fuzz.sh's command line, not `-sanitize=fuzzer`: that would
        // also make the main package's code generator (its build-tool plugin, built with the same
        // flags whatever is asked for) a library with libFuzzer's `main`.
        .executableTarget(name: "fuzz-recording-parser", dependencies: ["FuzzSupport", "RecordingParserFuzz"],
                          swiftSettings: fuzzerEntryPoint, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-input-machine", dependencies: ["FuzzSupport", "InputMachineFuzz"],
                          swiftSettings: fuzzerEntryPoint, linkerSettings: libFuzzer),
        .executableTarget(name: "fuzz-gesture-arena", dependencies: ["FuzzSupport", "GestureArenaFuzz"],
                          swiftSettings: fuzzerEntryPoint, linkerSettings: libFuzzer),
        /// Writes the generated seeds of Corpus/ (built as the targets are, without libFuzzer):
        /// `scripts/fuzz.sh --write-seeds`.
        .executableTarget(name: "fuzz-seeds", dependencies: ["FuzzSupport", "InputMachineFuzz", "GestureArenaFuzz"]),
    ]
)
