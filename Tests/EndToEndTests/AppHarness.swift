import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The real `touchcanvas` binary, started against a scripted compositor that the test drives.
///
/// Every wait pumps the compositor and has a deadline, so a broken app fails the test instead of
/// hanging it; the child is always stopped by its PID. The waits are async: while the socket is
/// quiet the test is suspended and its thread serves other tests.
///
/// Waiting: for what the app will get round to (a spot shown, a stroke drawn, a phase logged, a
/// scale applied) wait on that, with `frame(where:)` or `waitForLog`, then assert as usual. The
/// deadlines are generous (``patience``): they only decide how long a failing test takes, and a
/// loaded machine must not make a passing one fail. For what must *not* happen (nothing drawn,
/// no anomaly, no further commit) a wait would return at once, before the app had the chance to
/// do it: wait for a later sign that the app got that far (``roundtrip()``: it has handled
/// everything sent before; ``nextCommit()``: it has drawn since), and only where the point is a
/// span of time itself (an idle window, an animation's course) ``observe(for:)`` it.
final class AppHarness {
    let compositor: ScriptedCompositor
    let app: ClientProcess

    /// The executable sits next to the test bundle in the build folder, unless `TC_TOUCHCANVAS`
    /// names another (a release build, to measure it: BENCHMARKS.md, "Memory at 4K").
    static var executablePath: String {
        if let path = ProcessInfo.processInfo.environment["TC_TOUCHCANVAS"], !path.isEmpty { return path }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var dir = testBinary.deletingLastPathComponent()
        // `swift test` runs .build/<triple>/debug/<Package>PackageTests.xctest
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("touchcanvas").path
    }

    /// `outputMode` is the scripted output's mode in buffer pixels (1920×1080 unless given): the
    /// app clamps its window to what the outputs show, so a 4K window needs `(3840, 2160)`.
    init(arguments: [String] = ["--scene", "spots", "--log", "phases"], outputScale: Int32 = 1,
         fractionalScale: Double? = nil, outputMode: (width: Int32, height: Int32)? = nil, seats: [String] = ["seat0"], size: (Int32, Int32)? = (400, 300),
         extraEnvironment: [String: String] = [:], decorationManager: Bool = true, tabletManager: Bool = true,
         presentation: Bool = true, inputTimestamps: Bool = true, fifo: Bool = false, commitTiming: Bool = false,
         vblank: VblankMode? = nil, clock: ManualClock? = nil,
         beforeLaunch: (ScriptedCompositor) -> Void = { _ in }) async throws {
        compositor = try ScriptedCompositor(outputScale: outputScale, fractionalScale: fractionalScale,
                                            outputMode: outputMode, seats: seats,
                                            offersDecorationManager: decorationManager, offersTabletManager: tabletManager,
                                            offersPresentation: presentation, offersInputTimestamps: inputTimestamps,
                                            offersFifo: fifo, offersCommitTiming: commitTiming, vblank: vblank, clock: clock)
        // Devices the compositor knows before the app connects (a pen already near the screen).
        beforeLaunch(compositor)
        let environment = compositor.environmentForClient.merging(extraEnvironment) { $1 }
        if clock == nil {
            app = try Self.launch(arguments, environment: environment)
        } else {
            // On a manual clock the app reads the compositor's time.
            app = try compositor.startClientOnHeldClock(environment: environment) { environment, descriptor in
                try Self.launch(arguments, environment: environment, inheriting: descriptor)
            }
        }
        if let size {
            // Configure before mapping so the first buffer has the test's size.
            _ = await compositor.waitUntil(timeout: Self.patience) { compositor.toplevel != nil }
            compositor.configure(width: size.0, height: size.1)
        }
        guard await compositor.waitForMappedToplevel(timeout: Self.patience) else {
            _ = app.terminate()
            throw HarnessError("the app did not map a window; stderr: \(app.standardError)")
        }
    }

    deinit { _ = app.terminate(grace: Self.stopGrace) }

    /// Starts the real binary, as every end-to-end test does (through here or `init`), so that
    /// each child is checked the same way when it goes: a test whose child wrote a sanitizer
    /// report fails with it, whatever the test itself looked at (most stop the app and never read
    /// its stderr or status).
    ///
    /// Under `make sanitize`, `TC_APP_ASAN_OPTIONS` replaces the test runner's `ASAN_OPTIONS` for
    /// the child: the runner has leak checking off (the tests keep touches and views in cycles
    /// on purpose, see docs/testing.md), the app has it on.
    static func launch(_ arguments: [String], environment: [String: String] = [:], inheriting descriptor: Int32? = nil) throws -> ClientProcess {
        var environment = environment
        let own = ProcessInfo.processInfo.environment
        // Unless the test set options of its own (the child inherits, or is handed, the runner's).
        if let appOptions = own["TC_APP_ASAN_OPTIONS"], environment["ASAN_OPTIONS"] ?? own["ASAN_OPTIONS"] == own["ASAN_OPTIONS"] {
            environment["ASAN_OPTIONS"] = appOptions
        }
        let app = try ClientProcess(executable: executablePath, arguments: patientWithTheCompositor(arguments, environment: environment),
                                    environment: environment, inheriting: descriptor)
        app.terminationGrace = stopGrace
        app.whenFinished = { app in
            guard let report = app.sanitizerReport else { return }
            Issue.record(Comment(rawValue: "touchcanvas \(arguments.joined(separator: " ")) (exit status "
                + "\(app.exitStatus.map(String.init) ?? "none")) wrote a sanitizer report:\n\(report)"))
        }
        return app
    }

    /// `arguments` with `--connect-timeout` at the tests' ``patience`` when the app is to talk to
    /// a scripted compositor: that one answers only while its test pumps it, and a loaded
    /// machine may leave a round trip unanswered longer than the 5 s a real compositor gets.
    /// A test that gives the option itself (the silent sockets' tests) keeps its own.
    static func patientWithTheCompositor(_ arguments: [String], environment: [String: String]) -> [String] {
        guard let display = environment["WAYLAND_DISPLAY"], display.hasPrefix("tc-scripted-"),
              !arguments.contains("--connect-timeout") else { return arguments }
        let connects = arguments.first.map { $0.hasPrefix("-") || ["run", "check", "report"].contains($0) } ?? true
        return connects ? arguments + ["--connect-timeout", "\(Int(patience))"] : arguments
    }

    /// Seconds from SIGTERM to SIGKILL when a test stops the app. A healthy app is gone within
    /// milliseconds; under a sanitizer (`TC_SANITIZER`, set by `make sanitize`) the exit includes
    /// the leak check and the symbolizing of any report, which must not be cut off by SIGKILL.
    static let stopGrace: Double = Sanitizer.choose(2, sanitized: 20)

    /// How long a wait for something that will come may take before the test says it did not:
    /// long enough for two busy loops beside the suite, or a sanitizer build, to slow the app
    /// down; a passing wait returns as soon as its condition holds.
    static let patience: Double = Sanitizer.choose(20, sanitized: 60)

    /// Pumps for `seconds`, for tests whose point is a span of time: that nothing happens in
    /// it (an idle window commits nothing), or that something runs its course (an animation, a
    /// timer the app keeps). To wait for something that will happen, use `frame(where:)`,
    /// `waitForLog`, ``roundtrip()`` or ``nextCommit()``.
    func observe(for seconds: Double) async {
        await compositor.pump(for: seconds)
        app.drainOutput()
    }

    /// `xdg_wm_base.ping`, and the wait for its pong: the app has read and handled everything
    /// the compositor sent before (it handles events in order). False when no pong came.
    @discardableResult
    func roundtrip(within seconds: Double = patience) async -> Bool {
        let serial = compositor.ping()
        let answered = await compositor.waitUntil(timeout: seconds) { compositor.lastPongSerial == serial }
        app.drainOutput()
        return answered
    }

    /// Waits until the app has handled everything sent so far and then committed nothing for
    /// `quiet` seconds (an animation finished, the last frames of a stroke in): the picture
    /// and the commit count are then what the app will show until something new happens.
    /// False when it was still committing at the deadline.
    @discardableResult
    func idle(quiet: Double = 0.1, within seconds: Double = patience) async -> Bool {
        let settled = await compositor.settle(quiet: quiet, within: seconds)
        app.drainOutput()
        return settled
    }


    /// The app's next commit of its window, or nil at the deadline.
    func nextCommit(within seconds: Double = patience) async -> Commit? {
        let commit = await compositor.waitForNextCommit(timeout: seconds)
        app.drainOutput()
        return commit
    }

    /// The last committed frame.
    var frame: Frame? { compositor.lastFrame }

    /// Pumps until the last committed frame meets `condition`, or `seconds` pass.
    ///
    /// Returns the first such frame; at the deadline, the last frame there is (nil if none), so
    /// the `#expect`s that follow fail on the picture the app did show. Put in `condition` what
    /// will come true and assert it again after (`#expect` says what was wrong, the wait does not).
    /// `condition` runs once per new commit, so it may look at many pixels.
    ///
    /// ```swift
    /// let moved = try #require(h.frame { $0.hasFullSpot(at: 250, 160) })
    /// #expect(moved.hasFullSpot(at: 250, 160))
    /// ```
    func frame(within seconds: Double = patience, where condition: (Frame) -> Bool) async -> Frame? {
        var checkedCommit: Int?
        _ = await compositor.waitUntil(timeout: seconds) {
            // The last frame only changes at a commit: look at each one once.
            guard compositor.commitCount != checkedCommit, let frame = compositor.lastFrame else { return false }
            checkedCommit = compositor.commitCount
            return condition(frame)
        }
        app.drainOutput()
        return compositor.lastFrame
    }

    /// Pumps until the parsed log so far (as `logLines`) meets `condition`, or `seconds` pass;
    /// returns whether it did. Assert after it as usual.
    ///
    /// ```swift
    /// h.waitForLog { $0.phases(ofTouch: 1).last == "ended" }
    /// #expect(h.phases(ofTouch: 1) == ["began", "moved", "ended"])
    /// ```
    @discardableResult
    func waitForLog(within seconds: Double = patience, _ condition: ([[String: Any]]) -> Bool) async -> Bool {
        var checkedCount: Int?
        return await compositor.waitUntil(timeout: seconds) {
            let lines = logLines
            guard lines.count != checkedCount else { return false }
            checkedCount = lines.count
            return condition(lines)
        }
    }

    private var parsedLog: [[String: Any]] = []
    private var linesParsed = 0

    /// Parsed `--log` lines so far (lines that are not JSON objects are left out).
    var logLines: [[String: Any]] {
        let lines = app.lines  // drains
        // Lines only ever get appended: parse each once.
        while linesParsed < lines.count {
            if let data = lines[linesParsed].data(using: .utf8),
               let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
                parsedLog.append(object)
            }
            linesParsed += 1
        }
        return parsedLog
    }

    func phases(ofTouch number: Int) -> [String] { logLines.phases(ofTouch: number) }

    func entries(phase: String) -> [[String: Any]] { logLines.entries(phase: phase) }

    func anomalies() -> [String] { logLines.anomalies() }

    /// One finger down at (`x`, `y`), `steps` moves of `step` to the right with their frames,
    /// `pause` apart (the compositor pumped meanwhile), and lifted: a straight stroke.
    func drawLine(fromX x: Double, y: Double, step: Double, steps: Int = 10, pause: Double = 0.01) async {
        let c = compositor
        c.touchDown(id: 0, x: x, y: y)
        c.touchFrame()
        for k in 1...steps {
            c.touchMotion(id: 0, x: x + Double(k) * step, y: y)
            c.touchFrame()
            await c.pump(for: pause)
        }
        c.touchUp(id: 0)
        c.touchFrame()
    }
}

/// Queries on parsed log lines, for `AppHarness` and for `waitForLog` conditions.
extension Array where Element == [String: Any] {
    func phases(ofTouch number: Int) -> [String] {
        filter { ($0["touch"] as? Int) == number }.compactMap { $0["phase"] as? String }
    }

    func entries(phase: String) -> [[String: Any]] {
        filter { ($0["phase"] as? String) == phase }
    }

    func anomalies() -> [String] { compactMap { $0["anomaly"] as? String } }
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

/// A failed `#expect` about a frame names its size and scale instead of listing every byte of it.
extension Frame: CustomTestStringConvertible {
    public var testDescription: String { "\(width)×\(height) frame at scale \(scale)" }
}

extension Frame {
    /// Pixels in the logical box darker than near-white: text, lines, marks.
    func inkedPixels(x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        var n = 0
        for py in y {
            for px in x {
                let p = logicalPixel(Double(px), Double(py))
                if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 200 { n += 1 }
            }
        }
        return n
    }

    /// Saves the frame for people to look at (`TC_SHOTS=dir`, as the integration scripts).
    func keep(as name: String) {
        guard let dir = ProcessInfo.processInfo.environment["TC_SHOTS"] else { return }
        var bytes = pixels
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress,
                  let buffer = try? PixelBuffer(borrowing: base, width: width, height: height,
                                                stride: width * 4, format: .xrgb8888) else { return }
            try? PNGWriter().write(buffer, to: dir + "/" + name + ".png")
        }
    }

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
