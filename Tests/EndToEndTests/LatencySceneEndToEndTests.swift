import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// `--scene latency`: the flash a photodiode watches is one pure white frame, the first the app
/// commits after the touch, and it reaches the glass (the compositor does not replace it).
///
/// On the held clock (``ManualClock``, which the app reads too), so which vblank each frame
/// reaches, and what the app committed while a frame callback was held, are exact.
@Suite(.compositorSlot(timeLimit: .minutes(2)))
struct LatencySceneEndToEndTests {
    static let vblank = VblankMode(hertz: 60, scanoutDelay: .milliseconds(5))

    func isExactly(_ frame: Frame, _ x: Double, _ y: Double, _ value: UInt8) -> Bool {
        let p = frame.logicalPixel(x, y)
        return p.r == value && p.g == value && p.b == value && p.a == 255
    }

    @Test(arguments: [false, true])
    func aTouchDownFlashesOneWhiteFrameThatReachesTheGlass(corner: Bool) async throws {
        let h = try await AppHarness(arguments: ["--scene", "latency", "--log", "present"], size: (640, 480), vblank: Self.vblank, clock: ManualClock())
        let c = h.compositor
        if corner {
            c.key(33, pressed: true)  // f: the corner patch
            c.key(33, pressed: false)
            #expect(await c.waitUntil(timeout: AppHarness.patience) { h.app.standardError.contains("latency flash: the top-left corner patch") })
        }
        await h.observe(for: 0.2)
        let idle = try #require(h.frame)
        #expect(isExactly(idle, 80, 80, 0) && isExactly(idle, 400, 400, 0), "black before any touch")

        c.touchDown(id: 0, x: 560, y: 420)
        c.touchFrame()
        // The white frame and the black one that ends it, which its frame callback brings: on
        // the held clock both may come in one round, so they are waited for together.
        let commits = await c.waitForCommits(2, timeout: AppHarness.patience)
        let flash = try #require(commits.first, "the touch is drawn")
        let white = try #require(flash.frame)
        #expect(isExactly(white, 80, 80, 255), "the first frame after the touch is white where the flash is")
        #expect(isExactly(white, 400, 300, corner ? 0 : 255), corner ? "the rest stays black" : "the whole window flashes")
        let after = try #require(commits.dropFirst().first, "the flash asks for the frame that ends it")
        let black = try #require(after.frame)
        #expect(isExactly(black, 80, 80, 0) && isExactly(black, 400, 300, 0), "one frame only")

        // The white commit was shown, not replaced by the black one before a vblank.
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            if case .presented = c.presentation(ofCommit: flash.sequence)?.outcome { return true } else { return false }
        }, "\(String(describing: c.presentation(ofCommit: flash.sequence)))")
        // --log present says when the commit that carried the down reached the glass.
        #expect(await h.waitForLog { lines in lines.contains { ($0["touches"] as? [Int]) == [1] && $0["present"] != nil } })
        let line = try #require(h.logLines.first { ($0["touches"] as? [Int]) == [1] && $0["present"] != nil })
        if case let .presented(nanoseconds, _)? = c.presentation(ofCommit: flash.sequence)?.outcome {
            #expect((line["present"] as? NSNumber)?.uint64Value == nanoseconds, "the logged presentation is the flash's")
        }
        // At the first vblank it could make.
        #expect(line["frames"] as? Int == 1, "\(line)")
    }

    /// Taps in quick succession, each flash committed while the last black frame may still be
    /// pending: every white frame reaches the glass, none is replaced before a vblank.
    @Test func everyFlashOfQuickTapsIsShown() async throws {
        let h = try await AppHarness(arguments: ["--scene", "latency"], size: (640, 480), vblank: Self.vblank, clock: ManualClock())
        let c = h.compositor
        await h.observe(for: 0.1)
        var flashes: [Int] = []
        for tap in 0..<6 {
            c.touchDown(id: Int32(tap), x: 500, y: 400)
            c.touchFrame()
            c.touchUp(id: Int32(tap))
            c.touchFrame()
            // The tap's flash: the last tap's black frame may still be on its way first.
            var white: Commit?
            for _ in 0..<4 where white == nil {
                let commit = try #require(await c.waitForNextCommit(timeout: AppHarness.patience), "tap \(tap)")
                if commit.frame.map({ isExactly($0, 80, 80, 255) }) == true { white = commit }
            }
            flashes.append(try #require(white, "tap \(tap) flashed").sequence)
            await c.pump(for: 0.02)
        }
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            flashes.allSatisfy { c.presentation(ofCommit: $0)?.outcome != .pending }
        })
        for sequence in flashes {
            let outcome = c.presentation(ofCommit: sequence)?.outcome
            if case .presented = outcome {} else { Issue.record("flash commit \(sequence): \(String(describing: outcome))") }
        }
    }

    /// The white frame is not replaced before the compositor has shown it: with the frame
    /// callback held back, deadline pacing (which otherwise commits ahead of the vblank without
    /// waiting for it) commits nothing more until the callback comes.
    @Test func theBlackFrameWaitsForTheWhiteOnesFrameCallback() async throws {
        let h = try await AppHarness(arguments: ["--scene", "latency", "--pacing", "deadline"], size: (640, 480), vblank: Self.vblank, clock: ManualClock())
        let c = h.compositor
        // A stroke first, so the pacer has learned the vblank from wp_presentation.
        await h.drawLine(fromX: 300, y: 300, step: 4, steps: 20)
        await h.observe(for: 0.2)
        c.answersFrameCallbacks = false
        c.touchDown(id: 9, x: 500, y: 400)
        c.touchFrame()
        let white = try #require(await c.waitForNextCommit(timeout: AppHarness.patience))
        #expect(white.frame.map { isExactly($0, 80, 80, 255) } == true)
        await c.pump(for: 0.2)
        // Nothing replaced it while its callback was held, short of the pacer's 0.25 s stall limit.
        let early = c.stats.perCommit.filter { $0.sequence > white.sequence }
        #expect(early.isEmpty, "commits \(early.map(\.sequence)) came while the white frame's callback was held")
        c.answersFrameCallbacks = true
        #expect(await h.frame { isExactly($0, 80, 80, 0) }.map { isExactly($0, 80, 80, 0) } == true, "then the black frame")
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            if case .presented = c.presentation(ofCommit: white.sequence)?.outcome { return true } else { return false }
        })
    }

    /// Where the compositor offers `wp_fifo_v1`, the white frame sets a barrier and the black one
    /// waits for it in the compositor: the app commits it at once, with no frame callback (here
    /// held back, where without FIFO the app would wait for it up to its 0.25 s stall limit),
    /// and the white frame is on the glass for exactly one refresh.
    @Test func withFifoTheBlackFrameIsCommittedAtOnceAndShownARefreshAfterTheWhite() async throws {
        let h = try await AppHarness(arguments: ["--scene", "latency"], size: (640, 480), fifo: true, vblank: Self.vblank, clock: ManualClock())
        let c = h.compositor
        await h.drawLine(fromX: 300, y: 300, step: 4, steps: 20)
        await h.observe(for: 0.2)
        let heldBefore = c.stats.commitsHeld
        c.answersFrameCallbacks = false
        c.touchDown(id: 9, x: 500, y: 400)
        c.touchFrame()
        // The two may come in one round: waited for together.
        let flash = await c.waitForCommits(2, timeout: AppHarness.patience)
        let white = try #require(flash.first)
        #expect(white.frame.map { isExactly($0, 80, 80, 255) } == true)
        let black = try #require(flash.dropFirst().first, "the black frame, with no frame callback")
        #expect(black.frame.map { isExactly($0, 80, 80, 0) && isExactly($0, 400, 300, 0) } == true)
        #expect(black.uptimeNanoseconds < c.vblankTick(after: white.uptimeNanoseconds).map(\.nanoseconds) ?? 0,
                "committed before the vblank that shows the white frame: \(black.uptimeNanoseconds - white.uptimeNanoseconds) ns after it")
        #expect(await c.waitUntil(timeout: AppHarness.patience) {
            [white, black].allSatisfy { c.presentation(ofCommit: $0.sequence)?.outcome != .pending }
        })
        guard case let .presented(_, shown)? = c.presentation(ofCommit: white.sequence)?.outcome,
              case let .presented(_, next)? = c.presentation(ofCommit: black.sequence)?.outcome else {
            Issue.record("white \(String(describing: c.presentation(ofCommit: white.sequence))), black \(String(describing: c.presentation(ofCommit: black.sequence)))")
            return
        }
        #expect(next == shown + 1, "white at tick \(shown), black at \(next)")
        // The black frame came before the white one was latched, and waited in the compositor.
        #expect(c.stats.commitsHeld > heldBefore)
        c.answersFrameCallbacks = true
    }
}
