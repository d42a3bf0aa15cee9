import Glibc
import ScriptedCompositor
import Testing
import Wayland
import TouchCanvasTesting

/// `wp_presentation` against an in-process client, with and without vblank mode.
///
/// The compositor runs on a ``ManualClock``: time moves only as the test's exchanges pump it
/// (2 ms each), so every commit's time, tick and presentation time is exact, whatever else the
/// machine is doing.
@MainActor
@Suite(.compositorSlot(timeLimit: .minutes(1)))
struct PresentationTests {
    /// A mapped window, its client's `wp_presentation` (whose clock it reported) and `wl_output`
    /// (kept: the proxy goes when its wrapper does).
    private func setUp(_ compositor: ScriptedCompositor) async throws
        -> (client: TestClient, window: TestWindow, presentation: WpPresentation, clock: UInt32?, output: WlOutput) {
        let client = try await TestClient(compositor)
        #expect(client.global("wp_presentation")?.version == 1)
        let presentation = try #require(client.bind(WpPresentation.self, version: 1))
        var clock: UInt32?
        presentation.onEvent = { if case .clockId(let id) = $0 { clock = id } }
        let output = try #require(client.bind(WlOutput.self, version: 4))
        let window = try await TestWindow(client)
        try window.map()
        #expect(await client.exchange(until: { compositor.waitForMappedToplevel(timeout: 0) }))
        await client.roundtrip()
        return (client, window, presentation, clock, output)
    }

    /// Pumps until the manual clock reads `time`: the ticks and callbacks before it happen.
    private func pump(_ compositor: ScriptedCompositor, to time: UInt64) async {
        let now = compositor.clockNanoseconds
        if time > now { await compositor.pump(for: Double(time - now) / 1e9) }
    }

    /// Damage and commit, so the commit shows a change.
    private func redraw(_ window: TestWindow) {
        window.surface.damageBuffer(x: 0, y: 0, width: 8, height: 8)
        window.surface.commit()
    }

    @Test func theClockIsMonotonic() async throws {
        let compositor = try ScriptedCompositor(clock: ManualClock())
        let (_, _, _, clock, _) = try await setUp(compositor)
        #expect(clock == UInt32(CLOCK_MONOTONIC))
    }

    @Test func aCommitIsPresentedWhenItsFrameCallbackIsAnswered() async throws {
        let compositor = try ScriptedCompositor(clock: ManualClock())
        compositor.presentationRefreshNanoseconds = 16_666_667
        let (client, window, presentation, _, output) = try await setUp(compositor)
        let feedback = try FeedbackRecorder(presentation, surface: window.surface)
        // The callback's time is the event clock's milliseconds when it was answered.
        var callbackAnswered: UInt32?
        let callback = try #require(window.surface.frame())
        callback.onEvent = { if case .done(let time) = $0 { callbackAnswered = time } }
        redraw(window)
        #expect(await client.exchange(until: { feedback.outcome != nil }))

        guard case .presented(let time, let refresh, let sequence, let flags) = feedback.outcome else {
            Issue.record("not presented: \(String(describing: feedback.outcome))")
            return
        }
        let truth = try #require(compositor.presentations.last)
        #expect(truth.feedbackRequested)
        #expect(truth.outcome == .presented(nanoseconds: time, sequence: sequence))
        // Presented exactly when the 1 ms frame-callback delay has passed, in the same round as
        // the callback's answer.
        #expect(time == truth.committedNanoseconds + 1_000_000)
        #expect(callbackAnswered == UInt32(truncatingIfNeeded: time / 1_000_000))
        #expect(refresh == 16_666_667 && flags == 0 && sequence >= 1)
        #expect(feedback.syncOutputs == 1)
        #expect(feedback.eventsAfterOutcome == 0)
        _ = output

        // The next presentation counts on.
        let second = try FeedbackRecorder(presentation, surface: window.surface)
        redraw(window)
        #expect(await client.exchange(until: { second.outcome != nil }))
        if case .presented(_, _, let next, _) = second.outcome { #expect(next == sequence + 1) }
    }

    @Test func vblankPresentsTheLatestCommitOfAPeriodAfterScanout() async throws {
        let vblank = VblankMode(hertz: 60, scanoutDelay: .milliseconds(5))
        let compositor = try ScriptedCompositor(vblank: vblank, clock: ManualClock())
        #expect(compositor.vblank?.refreshNanoseconds == 16_666_667)
        let (client, window, presentation, _, output) = try await setUp(compositor)
        // 1 ms after a tick, two commits in one exchange: they arrive at the same instant.
        let previous = try #require(compositor.vblankTick(after: compositor.clockNanoseconds))
        await pump(compositor, to: previous.nanoseconds + 1_000_000)
        let earlier = try FeedbackRecorder(presentation, surface: window.surface)
        var callbackAnswered: UInt32?
        let callback = try #require(window.surface.frame())
        callback.onEvent = { if case .done(let time) = $0 { callbackAnswered = time } }
        redraw(window)
        let later = try FeedbackRecorder(presentation, surface: window.surface)
        redraw(window)
        // Up to a microsecond before the scanout that follows the next tick, nothing is told.
        let scanout = previous.nanoseconds + 16_666_667 + 5_000_000
        #expect(await client.exchange(pumping: Double(scanout - 1_000 - compositor.clockNanoseconds) / 1e9))
        #expect(later.outcome == nil && earlier.outcome == nil)
        #expect(await client.exchange(until: { earlier.outcome != nil && later.outcome != nil }))

        let truth = Array(compositor.presentations.suffix(2))
        #expect(truth.count == 2)
        #expect(truth.first?.committedNanoseconds == previous.nanoseconds + 1_000_000)
        #expect(truth.last?.committedNanoseconds == previous.nanoseconds + 1_000_000)
        let tick = try #require(compositor.vblankTick(after: previous.nanoseconds + 1_000_000))
        #expect(tick.index == previous.index + 1)
        #expect(earlier.outcome == .discarded)
        #expect(truth.first?.outcome == .discarded)
        let flags = PresentationFlags([.vsync, .hwClock, .hwCompletion]).rawValue
        #expect(later.outcome == .presented(nanoseconds: tick.nanoseconds + 5_000_000, refresh: 16_666_667,
                                            sequence: tick.index, flags: flags))
        #expect(truth.last?.outcome == .presented(nanoseconds: tick.nanoseconds + 5_000_000, sequence: tick.index))
        // The frame callback is answered at the tick, not a millisecond after the commit.
        #expect(callbackAnswered == UInt32(truncatingIfNeeded: tick.nanoseconds / 1_000_000))
        #expect(later.syncOutputs == 1 && earlier.syncOutputs == 0)
        // The outcome is told at scanout, not at the tick.
        #expect(scanout == tick.nanoseconds + 5_000_000)
        _ = output
    }

    /// With a latch lead, a commit that comes after the compositor's deadline (but before the
    /// tick) waits for the next tick, as on a compositor that composes ahead of the vblank.
    @Test func aCommitAfterTheLatchLeadWaitsForTheNextTick() async throws {
        let vblank = VblankMode(hertz: 20, latchLead: .milliseconds(30))
        #expect(vblank.latchLeadNanoseconds == 30_000_000)
        let compositor = try ScriptedCompositor(vblank: vblank, clock: ManualClock())
        let (client, window, presentation, _, output) = try await setUp(compositor)
        // 15 ms before a tick: past the 30 ms deadline.
        let grid = try #require(compositor.vblankTick(after: compositor.clockNanoseconds + 30_000_000))
        await pump(compositor, to: grid.nanoseconds - 15_000_000)
        let feedback = try FeedbackRecorder(presentation, surface: window.surface)
        redraw(window)
        #expect(await client.exchange(until: { feedback.outcome != nil }))
        let truth = try #require(compositor.presentations.last)
        #expect(truth.committedNanoseconds == grid.nanoseconds - 15_000_000)
        // Not at the tick just after the commit, but one period later.
        #expect(feedback.outcome == .presented(nanoseconds: grid.nanoseconds + 50_000_000, refresh: 50_000_000,
                                               sequence: grid.index + 1,
                                               flags: PresentationFlags([.vsync, .hwClock, .hwCompletion]).rawValue))
        _ = output
    }

    @Test func aDestroyedSurfacesFeedbackIsDiscarded() async throws {
        let compositor = try ScriptedCompositor(vblank: VblankMode(hertz: 10), clock: ManualClock())
        let (client, window, presentation, _, output) = try await setUp(compositor)
        let committed = try FeedbackRecorder(presentation, surface: window.surface)
        redraw(window)
        let uncommitted = try FeedbackRecorder(presentation, surface: window.surface)
        window.toplevel.destroy()
        window.xdgSurface.destroy()
        window.surface.destroy()
        #expect(await client.exchange(until: { committed.outcome != nil && uncommitted.outcome != nil }))
        #expect(committed.outcome == .discarded)
        #expect(uncommitted.outcome == .discarded)
        #expect(compositor.presentations.last?.outcome == .discarded)
        #expect(compositor.protocolErrors.isEmpty)
        _ = output
    }

    @Test func withoutFeedbackNothingIsSentButTheTruthIsKept() async throws {
        let compositor = try ScriptedCompositor(clock: ManualClock())
        let (client, window, presentation, _, output) = try await setUp(compositor)
        var events = 0
        presentation.onEvent = { _ in events += 1 }
        let before = compositor.presentations.count
        redraw(window)
        redraw(window)
        #expect(await client.exchange(until: {
            compositor.presentations.count == before + 2 && compositor.presentations.allSatisfy { $0.outcome != .pending }
        }))
        await client.roundtrip()
        #expect(events == 0)
        #expect(compositor.presentations.suffix(2).allSatisfy { !$0.feedbackRequested })
        // Without vblank mode nothing is ever replaced.
        #expect(!compositor.presentations.contains { $0.outcome == .discarded })
        let sequence = compositor.commitCount
        #expect(compositor.presentation(ofCommit: sequence)?.commitSequence == sequence)
        _ = output
    }
}
