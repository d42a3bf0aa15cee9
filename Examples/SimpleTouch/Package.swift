// swift-tools-version:6.0
import PackageDescription

/// The smallest TouchCanvas client, in a package of its own so that it uses TouchCanvas only
/// through its library products, exactly as an outside package would. To start your own, copy
/// this file and change the `path` (the `name` is what `.product(package:)` refers to, whatever
/// the folder of the checkout is called).
let package = Package(
    name: "SimpleTouch",
    dependencies: [
        .package(name: "TouchCanvas", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "SimpleTouch", dependencies: [
            .product(name: "Wayland", package: "TouchCanvas"),
            .product(name: "TouchKit", package: "TouchCanvas"),
            .product(name: "Rendering", package: "TouchCanvas"),
        ]),
        /// Runs the built example under the scripted compositor; depends on the executable so
        /// that `swift build --build-tests` builds it.
        .testTarget(name: "SimpleTouchTests", dependencies: [
            "SimpleTouch",
            .product(name: "ScriptedCompositor", package: "TouchCanvas"),
        ]),
    ]
)
