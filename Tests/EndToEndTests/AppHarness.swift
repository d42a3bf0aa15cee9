import Foundation
import ScriptedCompositor
import Testing

/// The real `touchcanvas` binary, started against a scripted compositor that the test drives.
///
/// Every wait pumps the compositor (it runs on the test's thread) and has a deadline, so a
/// broken app fails the test instead of hanging it; the child is always stopped by its PID.
final class AppHarness {
    let compositor: ScriptedCompositor
    let app: ClientProcess

    /// The executable sits next to the test bundle in the build folder.
    static var executablePath: String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var dir = testBinary.deletingLastPathComponent()
        // `swift test` runs .build/<triple>/debug/<Package>PackageTests.xctest
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("touchcanvas").path
    }

    init(arguments: [String] = ["--scene", "spots", "--log", "phases"], outputScale: Int32 = 1,
         fractionalScale: Double? = nil, seats: [String] = ["seat0"], size: (Int32, Int32)? = (400, 300),
         extraEnvironment: [String: String] = [:], decorationManager: Bool = true) throws {
        compositor = try ScriptedCompositor(outputScale: outputScale, fractionalScale: fractionalScale, seats: seats,
                                            offersDecorationManager: decorationManager)
        app = try ClientProcess(executable: Self.executablePath, arguments: arguments,
                                environment: compositor.environmentForClient.merging(extraEnvironment) { $1 })
        if let size {
            // Configure before mapping so the first buffer has the test's size.
            _ = compositor.waitUntil(timeout: 10) { compositor.toplevel != nil }
            compositor.configure(width: size.0, height: size.1)
        }
        guard compositor.waitForMappedToplevel(timeout: 20) else {
            _ = app.terminate()
            throw HarnessError("the app did not map a window; stderr: \(app.standardError)")
        }
    }

    deinit { _ = app.terminate() }

    /// Pumps for `seconds` so animations and frame callbacks run their course.
    func settle(_ seconds: Double = 0.35) {
        compositor.pump(for: seconds)
        app.drainOutput()
    }

    var frame: Frame? { compositor.lastFrame }

    /// Parsed `--log phases` lines so far.
    var logLines: [[String: Any]] {
        app.drainOutput()
        return app.lines.compactMap { line in
            guard let data = line.data(using: .utf8) else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
    }

    func phases(ofTouch number: Int) -> [String] {
        logLines.filter { ($0["touch"] as? Int) == number }.compactMap { $0["phase"] as? String }
    }

    func entries(phase: String) -> [[String: Any]] {
        logLines.filter { ($0["phase"] as? String) == phase }
    }

    func anomalies() -> [String] { logLines.compactMap { $0["anomaly"] as? String } }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Colour checks with a little tolerance for antialiasing and rounding.
enum Colors {
    static let spot: (UInt8, UInt8, UInt8) = (0xAA, 0xAA, 0xAA)
    static let white: (UInt8, UInt8, UInt8) = (0xFF, 0xFF, 0xFF)

    static func matches(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (UInt8, UInt8, UInt8), tolerance: Int = 3) -> Bool {
        abs(Int(p.r) - Int(c.0)) <= tolerance && abs(Int(p.g) - Int(c.1)) <= tolerance && abs(Int(p.b) - Int(c.2)) <= tolerance
    }
}

extension Frame {
    /// The pixel at a logical position (scaled to buffer pixels).
    func logicalPixel(_ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        pixel(x: Int((x * Double(scale)).rounded(.down)), y: Int((y * Double(scale)).rounded(.down)))
    }

    func isSpot(at x: Double, _ y: Double) -> Bool { Colors.matches(logicalPixel(x, y), Colors.spot) }
    func isWhite(at x: Double, _ y: Double) -> Bool { Colors.matches(logicalPixel(x, y), Colors.white) }

    /// A full-size spot (100 px) centred at (x, y): grey at the centre and 45 px out, white 56 px out.
    func hasFullSpot(at x: Double, _ y: Double) -> Bool {
        isSpot(at: x, y) && isSpot(at: x + 45, y) && isSpot(at: x - 45, y) && isSpot(at: x, y + 45)
            && isSpot(at: x, y - 45) && isWhite(at: x + 56, y) && isWhite(at: x - 56, y)
            && isWhite(at: x, y + 56) && isWhite(at: x, y - 56)
    }

    func isBlank(near x: Double, _ y: Double) -> Bool {
        isWhite(at: x, y) && isWhite(at: x + 30, y) && isWhite(at: x, y + 30)
    }
}
