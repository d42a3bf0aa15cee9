import Foundation
import ScriptedCompositor
import Testing

/// The built example under the scripted compositor, checked by the pixels it commits, so that
/// a change to the products it is written on cannot break it unnoticed.
///
/// Each wait pumps the compositor and has a deadline: a broken example fails, never hangs.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SimpleTouchTests {
    /// The example binary sits beside the test bundle in the build folder.
    static var executablePath: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("SimpleTouch").path
    }

    /// The example running under its own compositor, its window configured to 400×300 and shown.
    final class Running {
        let compositor: ScriptedCompositor
        let app: ClientProcess

        init() throws {
            compositor = try ScriptedCompositor()
            app = try ClientProcess(executable: SimpleTouchTests.executablePath, environment: compositor.environmentForClient)
            _ = compositor.waitUntil(timeout: 10) { compositor.toplevel != nil }
            compositor.configure(width: 400, height: 300)
            guard compositor.waitForMappedToplevel(timeout: 20), compositor.lastFrame?.width == 400 else {
                throw Failure(description: "the example showed no 400×300 window; stderr: \(app.standardError)")
            }
        }

        deinit { app.terminate() }

        /// Pumps until the last committed frame meets `condition`; returns that frame, or at the
        /// deadline the last one there is, so the `#expect`s after it fail on what was shown.
        func frame(within seconds: Double = 5, where condition: (Frame) -> Bool) -> Frame? {
            _ = compositor.waitUntil(timeout: seconds) { compositor.lastFrame.map(condition) ?? false }
            return compositor.lastFrame
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    @Test func aFingerDownShowsAGreySpotThatFollowsAndGoes() throws {
        let run = try Running()
        #expect(try #require(run.compositor.lastFrame).isBlank)
        run.compositor.touchDown(id: 0, x: 120.5, y: 140.25)
        run.compositor.touchFrame()
        let down = try #require(run.frame { $0.hasSpot(at: 120.5, 140.25) })
        #expect(down.hasSpot(at: 120.5, 140.25))
        #expect(down.isWhite(at: 300, 250))

        run.compositor.touchMotion(id: 0, x: 250, y: 160)
        run.compositor.touchFrame()
        let moved = try #require(run.frame { $0.hasSpot(at: 250, 160) && $0.isWhite(at: 120.5, 140.25) })
        #expect(moved.hasSpot(at: 250, 160) && moved.isWhite(at: 120.5, 140.25))
        // Where the spot was and is, not the window (a buffer new after the resize was damaged whole).
        #expect(moved.damagedArea > 0 && moved.damagedArea < 400 * 300 / 4)

        run.compositor.touchUp(id: 0)
        run.compositor.touchFrame()
        #expect(try #require(run.frame { $0.isBlank }).isBlank)
    }

    @Test func cancelRemovesEverySpot() throws {
        let run = try Running()
        for (id, x) in [(0, 80.0), (1, 200), (2, 320)] { run.compositor.touchDown(id: Int32(id), x: x, y: 150) }
        run.compositor.touchFrame()
        let down = try #require(run.frame { f in [80.0, 200, 320].allSatisfy { f.hasSpot(at: $0, 150) } })
        for x in [80.0, 200, 320] { #expect(down.hasSpot(at: x, 150)) }
        run.compositor.touchCancel()  // no frame follows a cancel
        #expect(try #require(run.frame { $0.isBlank }).isBlank)
    }

    /// A device or seat that goes takes its touches with it; GNOME sends no frame after the last up.
    @Test func touchesEndWithoutAFrameAndGoWithTheirDeviceOrSeat() throws {
        let run = try Running()
        run.compositor.touchDown(id: 0, x: 200, y: 150)
        run.compositor.touchFrame()
        _ = try #require(run.frame { $0.hasSpot(at: 200, 150) })
        run.compositor.touchUp(id: 0)
        #expect(try #require(run.frame { $0.isBlank }).isBlank)

        run.compositor.touchDown(id: 1, x: 100, y: 150)
        run.compositor.touchFrame()
        _ = try #require(run.frame { $0.hasSpot(at: 100, 150) })
        run.compositor.setCapabilities([.pointer, .keyboard])
        #expect(try #require(run.frame { $0.isBlank }).isBlank)

        run.compositor.setCapabilities(.all)
        run.compositor.pump(for: 0.1)  // the example asks for a new wl_touch
        run.compositor.touchDown(id: 2, x: 300, y: 150)
        run.compositor.touchFrame()
        _ = try #require(run.frame { $0.hasSpot(at: 300, 150) })
        run.compositor.removeSeat("seat0")
        #expect(try #require(run.frame { $0.isBlank }).isBlank)
    }

    @Test func aMouseButtonHeldShowsASpot() throws {
        let run = try Running()
        run.compositor.pointerEnter(x: 200, y: 150)
        run.compositor.pointerFrame()
        run.compositor.pointerButton(pressed: true)
        run.compositor.pointerFrame()
        #expect(try #require(run.frame { $0.hasSpot(at: 200, 150) }).hasSpot(at: 200, 150))
        run.compositor.pointerButton(pressed: false)
        run.compositor.pointerFrame()
        #expect(try #require(run.frame { $0.isBlank }).isBlank)
    }

    /// Ten motions in one `wl_touch.frame` are one change: weston's simple-touch commits ten times.
    @Test func oneCommitPerFrameAndNoneWhenIdle() throws {
        let run = try Running()
        run.compositor.touchDown(id: 0, x: 100, y: 150)
        run.compositor.touchFrame()
        _ = try #require(run.frame { $0.hasSpot(at: 100, 150) })
        run.compositor.pump(for: 0.2)
        let before = run.compositor.commitCount
        for step in 1...10 { run.compositor.touchMotion(id: 0, x: 100 + Double(step) * 20, y: 150) }
        run.compositor.touchFrame()
        #expect(try #require(run.frame { $0.hasSpot(at: 300, 150) }).hasSpot(at: 300, 150))
        run.compositor.pump(for: 0.3)
        #expect(run.compositor.commitCount - before == 1)
    }

    @Test func noCompositorIsOneLineAndStatusOne() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("simple-touch-\(getpid())")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let app = try ClientProcess(executable: Self.executablePath,
                                    environment: ["WAYLAND_DISPLAY": "no-such-display", "XDG_RUNTIME_DIR": runtime.path])
        #expect(app.waitForExit(timeout: 10) == 1)
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("simple-touch: ") == true && lines.first?.contains("no-such-display") == true)
    }
}

/// The look TouchCanvas gives a spot: `#AAAAAA`, 100 px across, on white; a little tolerance for
/// antialiasing.
extension Frame {
    func matches(_ x: Double, _ y: Double, _ value: UInt8) -> Bool {
        let p = pixel(x: Int(x), y: Int(y))
        return [p.r, p.g, p.b].allSatisfy { abs(Int($0) - Int(value)) <= 3 }
    }

    func isWhite(at x: Double, _ y: Double) -> Bool { matches(x, y, 0xFF) }

    /// Grey at the centre and 45 px out each way, white 56 px out.
    func hasSpot(at x: Double, _ y: Double) -> Bool {
        [(0.0, 0.0), (45, 0), (-45, 0), (0, 45), (0, -45)].allSatisfy { matches(x + $0.0, y + $0.1, 0xAA) }
            && [(56.0, 0.0), (-56, 0), (0, 56), (0, -56)].allSatisfy { isWhite(at: x + $0.0, y + $0.1) }
    }

    /// White everywhere, checked on a 10 px grid.
    var isBlank: Bool {
        Swift.stride(from: 0, to: width, by: 10).allSatisfy { x in
            Swift.stride(from: 0, to: height, by: 10).allSatisfy { y in isWhite(at: Double(x), Double(y)) }
        }
    }
}
