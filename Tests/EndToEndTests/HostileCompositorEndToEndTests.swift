import Foundation
import Rendering
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// A compositor that sends sizes and scales no sane one would: the app says so where that helps,
/// keeps its memory bounded, keeps answering, and ends when asked. The scripted compositor's one
/// output is 1920×1080.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct HostileCompositorEndToEndTests {
    /// Pings, and waits up to `seconds` for the pong: frozen means not answering within 1 s.

    /// 100 000 × 100 000 asked: the window gets what the one output can show, not 16 384².
    @Test func aHugeConfigureIsHeldToWhatTheOutputsShow() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas"])
        h.compositor.configure(width: 100_000, height: 100_000)
        let frame = try #require(await h.frame { $0.width == 1920 && $0.height == 1080 })
        #expect(frame.width == 1920 && frame.height == 1080)
        await h.drawLine(fromX: 50, y: 60, step: 20)
        #expect(await h.roundtrip())
        #expect(h.app.terminate(grace: AppHarness.stopGrace) == 0, "ended by SIGTERM, not killed")
    }

    /// 0×0 after a maximised spell: the size it had while floating.
    @Test func zeroByZeroFallsBackToTheLastFloatingSize() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--decorations", "none"])
        let c = h.compositor
        c.configure(width: 700, height: 500)
        #expect(await h.frame { $0.width == 700 && $0.height == 500 } != nil)
        c.configure(width: 1000, height: 700, maximized: true)
        #expect(await h.frame { $0.width == 1000 && $0.height == 700 } != nil)
        c.configure(width: 0, height: 0)
        let back = try #require(await h.frame { $0.width == 700 && $0.height == 500 })
        #expect(back.width == 700 && back.height == 500)
    }

    @Test func aNegativeSizeIsAProtocolErrorThatEndsTheApp() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas"])
        h.compositor.configure(width: -5, height: 300)
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor) == 1)
        #expect(h.app.standardError.contains("negative size (-5×300)"), "\(h.app.standardError)")
    }

    /// `configure_bounds` holds the size the app chooses (its `--size`), not one the compositor sets.
    @Test func boundsHoldTheSizeTheAppChooses() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--decorations", "none", "--size", "1200x900"], size: nil)
        let c = h.compositor
        #expect(await h.frame { $0.width == 1200 && $0.height == 900 } != nil)
        #expect(c.configure(width: 0, height: 0, bounds: (800, 600)))
        let bounded = try #require(await h.frame { $0.width == 800 && $0.height == 600 })
        #expect(bounded.width == 800 && bounded.height == 600)
        #expect(c.configure(width: 1000, height: 700, bounds: (800, 600)))
        #expect(await h.frame { $0.width == 1000 && $0.height == 700 } != nil, "a size the compositor sets is its own")
    }

    @Test(arguments: [(Int32(0), 1, 400, 300), (-3, 1, 400, 300), (1000, 8, 3200, 2400)])
    func anOutputScaleIsHeldBetweenOneAndEight(announced: Int32, used: Int, bufferWidth: Int, bufferHeight: Int) async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--decorations", "none"])
        #expect(await h.frame { $0.width == 400 } != nil)
        h.compositor.sendOutputScaleUnchecked(2)
        #expect(await h.frame { $0.width == 800 } != nil)
        h.compositor.sendOutputScaleUnchecked(announced)
        let frame = try #require(await h.frame { $0.width == bufferWidth })
        #expect(frame.width == bufferWidth && frame.height == bufferHeight)
        #expect(h.app.standardError.contains("an output announced scale \(announced); using \(used)"), "\(h.app.standardError)")
        #expect(await h.roundtrip())
    }

    @Test(arguments: [(UInt32(0), 1), (100_000, 8)])
    func aFractionalScaleIsHeldBetweenOneAndEight(per120: UInt32, used: Int) async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--decorations", "none"], fractionalScale: 1.5)
        #expect(await h.frame { $0.width == 600 } != nil)
        h.compositor.sendPreferredScaleUnchecked(per120: per120)
        let frame = try #require(await h.frame { $0.width == 400 * used })
        #expect(frame.width == 400 * used && frame.height == 300 * used)
        #expect(h.app.standardError.contains("preferred fractional scale is \(per120)/120"), "\(h.app.standardError)")
    }

    /// Ten seconds' worth of one finger at 200 Hz, sent as fast as the app reads them: 2 000
    /// moves.
    func longStroke(_ h: AppHarness, moves: Int = 2_000) async {
        let c = h.compositor
        c.touchDown(id: 3, x: 50, y: 100)
        c.touchFrame()
        for step in 1...moves {
            c.touchMotion(id: 3, x: 50 + Double(step % 300), y: 100 + Double(step % 150))
            c.touchFrame()
            // The app must keep up, or libwayland drops it as any compositor would when its
            // socket fills: each batch waits for the pong that shows the app has read it.
            if step % 50 == 0 { await h.roundtrip() }
        }
        c.touchUp(id: 3)
        c.touchFrame()
        await h.roundtrip()  // the app has read the whole stroke
    }

    /// Every buffer is kept by the compositor: the app draws into at most three, then waits; it
    /// still takes input (logged), answers, and ends when asked.
    @Test func aCompositorThatNeverReleasesBuffersGetsNoMoreThanThree() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--decorations", "none", "--log", "phases"]) {
            $0.holdsAllBuffers = true
        }
        await longStroke(h)
        #expect(h.compositor.liveBufferCount <= 3, "\(h.compositor.liveBufferCount) buffers")
        let phases = Set(h.logLines.compactMap { $0["phase"] as? String })
        #expect(phases.isSuperset(of: ["began", "moved", "ended"]), "\(phases)")
        #expect(await h.roundtrip())
        #expect(h.app.terminate(grace: AppHarness.stopGrace) == 0)
    }

    /// Frame callbacks never answered: input is still taken and logged, held moves do not pile
    /// up without bound, ping and close work, and a save on exit has the drawing.
    @Test func aCompositorThatNeverAnswersFrameCallbacks() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-nocallbacks-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let saved = directory.appendingPathComponent("saved.png").path
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--decorations", "none", "--log", "phases", "--save-on-exit", saved])
        h.compositor.answersFrameCallbacks = false
        await longStroke(h)
        let moved = h.logLines.filter { $0["phase"] as? String == "moved" }
        #expect(!moved.isEmpty, "moves are delivered though no frame comes")
        #expect(h.logLines.contains { $0["phase"] as? String == "ended" })
        #expect(await h.roundtrip())
        h.compositor.close()
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor) == 0)
        let picture = try PNGReader.read(saved)
        var inked = 0
        for y in stride(from: 0, to: picture.height, by: 2) {
            for x in stride(from: 0, to: picture.width, by: 2) {
                guard let p = picture.pixel(x: x, y: y) else { continue }
                if Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 200 { inked += 1 }
            }
        }
        #expect(inked > 100, "the stroke is in the saved picture")
    }
}

/// Many of what there is usually one of: outputs, seats, touch ids over a session.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct HostileCountsEndToEndTests {

    /// The child's resident memory in kB, from /proc.
    func residentKilobytes(_ h: AppHarness) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(h.app.pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func twoHundredOutputs() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"])
        for n in 2...200 { h.compositor.addOutput(named: "SCRIPTED-\(n)", scale: Int32(1 + n % 3)) }
        #expect(await h.roundtrip())
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        #expect(await h.waitForLog { $0.contains { $0["phase"] as? String == "began" } })
        for n in 2...200 { h.compositor.removeOutput(named: "SCRIPTED-\(n)") }
        #expect(await h.roundtrip())
        #expect(h.app.isRunning, "\(h.app.standardError)")
    }

    @Test func fiftySeats() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--log", "phases"])
        let names = (1...50).map { "extra\($0)" }
        for name in names { h.compositor.addSeat(name, capabilities: [.touch, .pointer, .keyboard]) }
        #expect(await h.compositor.waitUntil(timeout: AppHarness.patience) {
            names.allSatisfy { h.compositor.touchObjectCount(seat: $0) > 0 }
        })
        for (i, name) in names.enumerated() {
            h.compositor.touchDown(id: 0, x: 20 + Double(i * 7), y: 100, seat: name)
            h.compositor.touchFrame(seat: name)
        }
        #expect(await h.waitForLog { lines in lines.filter { $0["phase"] as? String == "began" }.count >= 50 })
        for name in names { h.compositor.removeSeat(name) }
        await h.waitForLog { lines in lines.filter { $0["phase"] as? String == "cancelled" }.count >= 50 }
        let cancelled = h.logLines.filter { $0["phase"] as? String == "cancelled" }.count
        #expect(cancelled >= 50, "each removed seat's touch is cancelled")
        #expect(await h.roundtrip())
    }

    @Test func aKeymapThatCannotBeMapped() async throws {
        let h = try await AppHarness(arguments: ["--scene", "canvas", "--log", "phases"])
        #expect(h.compositor.sendUnmappableKeymap() == 1)
        await h.roundtrip()  // the keymap event handled, its line written
        #expect(h.app.standardError.contains("keymap (1073741824 bytes) cannot be read"), "\(h.app.standardError)")
        h.compositor.touchDown(id: 0, x: 100, y: 100)
        h.compositor.touchFrame()
        #expect(await h.waitForLog { $0.contains { $0["phase"] as? String == "began" } })
        #expect(await h.roundtrip())
        h.compositor.close()
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor) == 0)
    }

    /// Ten thousand taps, each with an id never used before: what the app keeps per touch goes
    /// when the touch ends.
    @Test func tenThousandTouchIds() async throws {
        let h = try await AppHarness(arguments: ["--scene", "spots", "--decorations", "none"])
        let c = h.compositor
        func taps(_ ids: Range<Int32>) async {
            for id in ids {
                c.touchDown(id: id, x: 50 + Double(id % 300), y: 50 + Double(id % 200))
                c.touchFrame()
                c.touchUp(id: id)
                c.touchFrame()
                // The app must keep up, or libwayland drops it as any compositor would: each
                // batch waits for the pong that shows the app has read the batch.
                if id % 20 == 19 { await h.roundtrip() }
            }
            await h.roundtrip()
        }
        await taps(0..<1_000)
        let warm = residentKilobytes(h)
        await taps(1_000..<10_000)
        let after = residentKilobytes(h)
        // Under AddressSanitizer freed memory waits in its quarantine (up to 256 MB), so resident
        // memory says nothing there; the sanitizer itself reports what leaks.
        if !Sanitizer.isActive {
            #expect(warm > 0 && after - warm < 4_096, "RSS \(warm) kB after 1 000 taps, \(after) kB after 10 000")
        }
        #expect(await h.roundtrip())
        #expect(h.app.isRunning, "status \(String(describing: h.app.exitStatus)); \(h.app.standardError.suffix(2000))")
    }
}
