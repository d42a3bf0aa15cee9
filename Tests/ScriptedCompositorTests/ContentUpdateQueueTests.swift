import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// `wp_fifo_v1` and `wp_commit_timer_v1` against an in-process client: commits held in the
/// surface's queue, shown in order, each at the tick the protocols promise.
///
/// The compositor runs on a ``ManualClock``, so the tick each commit reaches is exact: time moves
/// only as the test's exchanges pump it.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct ContentUpdateQueueTests {
    private struct Setup {
        let client: TestClient
        let window: TestWindow
        let presentation: WpPresentation
        let fifo: WpFifoV1?
        let timer: WpCommitTimerV1?
        let output: WlOutput
    }

    private func setUp(_ compositor: ScriptedCompositor) async throws -> Setup {
        let client = try await TestClient(compositor)
        let presentation = try #require(client.bind(WpPresentation.self, version: 1))
        let output = try #require(client.bind(WlOutput.self, version: 4))
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        let fifo = client.bind(WpFifoManagerV1.self, version: 1)?.getFifo(surface: window.surface)
        let timer = client.bind(WpCommitTimingManagerV1.self, version: 1)?.getTimer(surface: window.surface)
        await client.roundtrip()
        return Setup(client: client, window: window, presentation: presentation, fifo: fifo, timer: timer, output: output)
    }

    private func redraw(_ window: TestWindow) {
        window.surface.damageBuffer(x: 0, y: 0, width: 8, height: 8)
        window.surface.commit()
    }

    /// Pumps to 1 ms after the next tick, so commits made now all come before the same tick.
    private func waitForEarlyInPeriod(_ compositor: ScriptedCompositor, _ client: TestClient) async {
        guard let tick = compositor.vblankTick(after: compositor.clockNanoseconds) else { return }
        await compositor.pump(for: Double(tick.nanoseconds + 1_000_000 - compositor.clockNanoseconds) / 1e9)
    }

    /// Early in a period, a commit that sets the barrier and one that waits for it, each with
    /// its feedback.
    private func barrierThenWaiting(_ compositor: ScriptedCompositor, _ s: Setup) async throws
        -> (barrier: FeedbackRecorder, waiting: FeedbackRecorder) {
        let fifo = try #require(s.fifo)
        await waitForEarlyInPeriod(compositor, s.client)
        let barrier = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        fifo.setBarrier()
        redraw(s.window)
        let waiting = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        fifo.waitBarrier()
        redraw(s.window)
        return (barrier, waiting)
    }

    private func tick(of record: PresentationRecord?) -> UInt64? {
        if case .presented(_, let sequence) = record?.outcome { return sequence }
        return nil
    }

    @Test func noCompositorInDebianOffersThemSoTheyAreOfferedOnlyWhenAsked() async throws {
        let plain = try ScriptedCompositor(clock: ManualClock())
        let client = try await TestClient(plain)
        #expect(client.global("wp_fifo_manager_v1") == nil && client.global("wp_commit_timing_manager_v1") == nil)
        let offering = try ScriptedCompositor(offersFifo: true, offersCommitTiming: true, clock: ManualClock())
        let other = try await TestClient(offering)
        #expect(other.global("wp_fifo_manager_v1")?.version == 1)
        #expect(other.global("wp_commit_timing_manager_v1")?.version == 1)
    }

    /// The use the app makes of FIFO: a frame that must be seen sets the barrier, and the next,
    /// committed at once, waits for it. Without the barrier the second replaces the first unseen.
    @Test func aBarrierFrameStaysOnTheGlassForARefreshAndTheNextFollowsIt() async throws {
        let compositor = try ScriptedCompositor(offersFifo: true, vblank: VblankMode(hertz: 30), clock: ManualClock())
        let s = try await setUp(compositor)
        let (first, second) = try await barrierThenWaiting(compositor, s)
        #expect(await s.client.exchange(until: { first.outcome != nil && second.outcome != nil }))
        let truth = Array(compositor.presentations.suffix(2))
        let (shown, next) = (try #require(tick(of: truth.first)), try #require(tick(of: truth.last)))
        #expect(next == shown + 1, "shown at \(shown), the next at \(next)")
        #expect(first.presentedNanoseconds != nil && second.presentedNanoseconds != nil)
        // Both were committed before the first was shown; the second was applied after its tick.
        let shownAt = try #require(first.presentedNanoseconds)
        #expect(truth[1].committedNanoseconds < shownAt)
        #expect(truth[1].appliedNanoseconds >= shownAt)
        #expect(truth[0].appliedNanoseconds < truth[0].committedNanoseconds + 1_000_000)
        #expect(compositor.stats.commitsHeld >= 1)
        #expect(compositor.protocolErrors.isEmpty)
        _ = s.output
    }

    /// Commits are applied in order: one without `wait_barrier` behind a held one waits too, and
    /// then replaces it at the same tick, as any two commits of a period do.
    @Test func aCommitBehindAHeldOneWaitsAndReplacesIt() async throws {
        let compositor = try ScriptedCompositor(offersFifo: true, vblank: VblankMode(hertz: 30), clock: ManualClock())
        let s = try await setUp(compositor)
        let (barrier, waiting) = try await barrierThenWaiting(compositor, s)
        let plain = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        redraw(s.window)
        #expect(await s.client.exchange(until: { [barrier, waiting, plain].allSatisfy { $0.outcome != nil } }))
        let truth = Array(compositor.presentations.suffix(3))
        #expect(waiting.outcome == .discarded)
        let shown = try #require(tick(of: truth[0]))
        #expect(tick(of: truth[2]) == shown + 1)
        #expect(truth[2].appliedNanoseconds >= truth[1].appliedNanoseconds)
        _ = s.output
    }

    /// `wait_barrier` with no barrier up holds nothing: the commit is applied as it comes.
    @Test func waitingWithNoBarrierUpAppliesAtOnce() async throws {
        let compositor = try ScriptedCompositor(offersFifo: true, vblank: VblankMode(hertz: 30), clock: ManualClock())
        let s = try await setUp(compositor)
        let fifo = try #require(s.fifo)
        await waitForEarlyInPeriod(compositor, s.client)
        let first = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        redraw(s.window)
        let second = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        fifo.waitBarrier()
        redraw(s.window)
        #expect(await s.client.exchange(until: { first.outcome != nil && second.outcome != nil }))
        #expect(first.outcome == .discarded)
        #expect(second.presentedNanoseconds != nil)
        #expect(compositor.stats.commitsHeld == 0)
        _ = s.output
    }

    /// A timestamp holds the commit until the first tick shown at or after it; a commit made
    /// after it waits behind it.
    @Test func aTimedCommitIsShownAtTheFirstTickNotBeforeItsTime() async throws {
        let vblank = VblankMode(hertz: 60, scanoutDelay: .milliseconds(2))
        let compositor = try ScriptedCompositor(offersCommitTiming: true, vblank: vblank, clock: ManualClock())
        let s = try await setUp(compositor)
        let timer = try #require(s.timer)
        await waitForEarlyInPeriod(compositor, s.client)
        // Five refreshes and a bit from now: between two ticks' presentation times.
        let target = compositor.clockNanoseconds + 5 * vblank.refreshNanoseconds + 3_000_000
        let timed = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        var callbackAt: UInt64?
        let callback = try #require(s.window.surface.frame())
        callback.onEvent = { if case .done(let time) = $0 { callbackAt = UInt64(time) * 1_000_000 } }
        timer.setTimestamp(tvSecHi: UInt32(truncatingIfNeeded: (target / 1_000_000_000) >> 32),
                           tvSecLo: UInt32(truncatingIfNeeded: target / 1_000_000_000),
                           tvNsec: UInt32(target % 1_000_000_000))
        redraw(s.window)
        let after = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        redraw(s.window)
        #expect(await s.client.exchange(until: { timed.outcome != nil && after.outcome != nil }))
        // The commit after it was held behind it, applied with it, and so replaced it at its tick.
        #expect(timed.outcome == .discarded)
        let shown = try #require(after.presentedNanoseconds)
        #expect(shown >= target, "shown \(Double(target - min(target, shown)) / 1e6) ms early")
        #expect(shown < target + vblank.refreshNanoseconds, "shown \(Double(shown - target) / 1e6) ms after its time")
        // Its frame callback came at that tick, not a refresh after the commit.
        #expect(try #require(callbackAt) == (shown - 2_000_000) / 1_000_000 * 1_000_000)
        let truth = Array(compositor.presentations.suffix(2))
        #expect(truth[0].appliedNanoseconds > truth[0].committedNanoseconds + 3 * vblank.refreshNanoseconds)
        #expect(truth[1].appliedNanoseconds >= truth[0].appliedNanoseconds)
        _ = s.output
    }

    /// Alone, a timed commit is shown itself.
    @Test func aTimedCommitAloneIsShown() async throws {
        let vblank = VblankMode(hertz: 60)
        let compositor = try ScriptedCompositor(offersCommitTiming: true, vblank: vblank, clock: ManualClock())
        let s = try await setUp(compositor)
        let target = compositor.clockNanoseconds + 3 * vblank.refreshNanoseconds
        let timed = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        try #require(s.timer).setTimestamp(tvSecHi: 0, tvSecLo: UInt32(target / 1_000_000_000), tvNsec: UInt32(target % 1_000_000_000))
        redraw(s.window)
        #expect(await s.client.exchange(until: { timed.outcome != nil }))
        let shown = try #require(timed.presentedNanoseconds)
        #expect(shown >= target && shown < target + vblank.refreshNanoseconds)
        _ = s.output
    }

    @Test func misuseIsAProtocolError() async throws {
        // A second wp_fifo_v1 for one surface.
        do {
            let compositor = try ScriptedCompositor(offersFifo: true, offersCommitTiming: true, clock: ManualClock())
            let s = try await setUp(compositor)
            _ = try #require(s.client.bind(WpFifoManagerV1.self, version: 1)).getFifo(surface: s.window.surface)
            await s.client.roundtrip(timeout: 2)
            #expect(compositor.protocolErrors.contains { $0.interface == "wp_fifo_manager_v1" && $0.code == 0 })
        }
        // A second timer for one surface.
        do {
            let compositor = try ScriptedCompositor(offersFifo: true, offersCommitTiming: true, clock: ManualClock())
            let s = try await setUp(compositor)
            _ = try #require(s.client.bind(WpCommitTimingManagerV1.self, version: 1)).getTimer(surface: s.window.surface)
            await s.client.roundtrip(timeout: 2)
            #expect(compositor.protocolErrors.contains { $0.interface == "wp_commit_timing_manager_v1" && $0.code == 0 })
        }
        // Nanoseconds of a second or more.
        do {
            let compositor = try ScriptedCompositor(offersCommitTiming: true, clock: ManualClock())
            let s = try await setUp(compositor)
            try #require(s.timer).setTimestamp(tvSecHi: 0, tvSecLo: 1, tvNsec: 1_000_000_000)
            await s.client.roundtrip(timeout: 2)
            #expect(compositor.protocolErrors.contains { $0.interface == "wp_commit_timer_v1" && $0.code == 0 })
        }
        // Two timestamps for one commit.
        do {
            let compositor = try ScriptedCompositor(offersCommitTiming: true, clock: ManualClock())
            let s = try await setUp(compositor)
            let timer = try #require(s.timer)
            timer.setTimestamp(tvSecHi: 0, tvSecLo: 1, tvNsec: 0)
            timer.setTimestamp(tvSecHi: 0, tvSecLo: 2, tvNsec: 0)
            await s.client.roundtrip(timeout: 2)
            #expect(compositor.protocolErrors.contains { $0.interface == "wp_commit_timer_v1" && $0.code == 1 })
        }
        // A barrier asked for a surface that is gone.
        do {
            let compositor = try ScriptedCompositor(offersFifo: true, clock: ManualClock())
            let s = try await setUp(compositor)
            s.window.toplevel.destroy()
            s.window.xdgSurface.destroy()
            s.window.surface.destroy()
            try #require(s.fifo).setBarrier()
            await s.client.roundtrip(timeout: 2)
            #expect(compositor.protocolErrors.contains { $0.interface == "wp_fifo_v1" && $0.code == 0 })
        }
    }

    /// A surface destroyed while a commit is held: the commit is never shown, and its feedback says so.
    @Test func aHeldCommitOfADestroyedSurfaceIsDiscarded() async throws {
        let compositor = try ScriptedCompositor(offersCommitTiming: true, vblank: VblankMode(hertz: 60), clock: ManualClock())
        let s = try await setUp(compositor)
        let target = compositor.clockNanoseconds + 2_000_000_000
        let held = try FeedbackRecorder(s.presentation, surface: s.window.surface)
        try #require(s.timer).setTimestamp(tvSecHi: 0, tvSecLo: UInt32(target / 1_000_000_000), tvNsec: UInt32(target % 1_000_000_000))
        redraw(s.window)
        // Six refreshes: long enough for any commit applied at once to be shown.
        await s.client.exchange(pumping: 0.1)
        await s.client.roundtrip()
        #expect(held.outcome == nil)
        s.window.toplevel.destroy()
        s.window.xdgSurface.destroy()
        s.window.surface.destroy()
        #expect(await s.client.exchange(until: { held.outcome != nil }))
        #expect(held.outcome == .discarded)
        #expect(compositor.protocolErrors.isEmpty)
        _ = s.output
    }
}
