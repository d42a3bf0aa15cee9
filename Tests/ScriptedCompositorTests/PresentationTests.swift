import Glibc
import ScriptedCompositor
import Testing
import Wayland

/// `wp_presentation` against an in-process client, with and without vblank mode.
///
/// The vblank clock runs in real time and the tests check when commits were presented, so the
/// suite runs apart: serialized, and after the rest in a run of its own (`REALTIME_SUITES` in
/// the Makefile), where other tests do not share the machine with it.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
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

    /// Damage and commit, so the commit shows a change.
    private func redraw(_ window: TestWindow) {
        window.surface.damageBuffer(x: 0, y: 0, width: 8, height: 8)
        window.surface.commit()
    }

    @Test func theClockIsMonotonic() async throws {
        let compositor = try ScriptedCompositor()
        let (_, _, _, clock, _) = try await setUp(compositor)
        #expect(clock == UInt32(CLOCK_MONOTONIC))
    }

    @Test func aCommitIsPresentedWhenItsFrameCallbackIsAnswered() async throws {
        let compositor = try ScriptedCompositor()
        compositor.presentationRefreshNanoseconds = 16_666_667
        let (client, window, presentation, _, output) = try await setUp(compositor)
        let feedback = try FeedbackRecorder(presentation, surface: window.surface)
        var callbackDone = false
        let callback = try #require(window.surface.frame())
        callback.onEvent = { _ in callbackDone = true }
        redraw(window)
        let before = ScriptedCompositor.monotonicNanoseconds
        #expect(await client.exchange(until: { feedback.outcome != nil }))
        let after = ScriptedCompositor.monotonicNanoseconds
        #expect(callbackDone)  // in the same round as `presented`

        guard case .presented(let time, let refresh, let sequence, let flags) = feedback.outcome else {
            Issue.record("not presented: \(String(describing: feedback.outcome))")
            return
        }
        let truth = try #require(compositor.presentations.last)
        #expect(truth.feedbackRequested)
        #expect(truth.outcome == .presented(nanoseconds: time, sequence: sequence))
        // Presented once the 1 ms frame-callback delay has passed, before the client heard of it.
        #expect(time >= truth.committedNanoseconds + 1_000_000)
        #expect(time <= after && truth.committedNanoseconds <= after && before <= after)
        #expect(refresh == 16_666_667 && flags == 0 && sequence >= 1)
        #expect(feedback.syncOutputs == 1)
        #expect(feedback.eventsAfterOutcome == 0)
        _ = output

        // The next presentation counts on.
        let second = try FeedbackRecorder(presentation, surface: window.surface)
        redraw(window)
        #expect(await client.exchange(until: { second.outcome != nil }))
        if case .presented(_, _, let next, _) = second.outcome { #expect(next > sequence) }
    }

    @Test func vblankPresentsTheLatestCommitOfAPeriodAfterScanout() async throws {
        let vblank = VblankMode(hertz: 60, scanoutDelay: .milliseconds(5))
        let compositor = try ScriptedCompositor(vblank: vblank)
        #expect(compositor.vblank?.refreshNanoseconds == 16_666_667)
        let (client, window, presentation, _, output) = try await setUp(compositor)
        // Start early in a period, so both commits land before the same tick; on a loaded machine
        // they may still straddle one, and then the pair is simply made again.
        var first: FeedbackRecorder?
        var second: FeedbackRecorder?
        var callbackAnswered: UInt64?
        for _ in 1...3 {
            #expect(await client.exchange(until: {
                let now = ScriptedCompositor.monotonicNanoseconds
                return (compositor.vblankTick(after: now)?.nanoseconds ?? 0) > now + 11_000_000
            }))
            let earlier = try FeedbackRecorder(presentation, surface: window.surface)
            callbackAnswered = nil
            let callback = try #require(window.surface.frame())
            callback.onEvent = { _ in callbackAnswered = ScriptedCompositor.monotonicNanoseconds }
            redraw(window)
            let later = try FeedbackRecorder(presentation, surface: window.surface)
            redraw(window)
            #expect(await client.exchange(until: { earlier.outcome != nil && later.outcome != nil }))
            (first, second) = (earlier, later)
            let truth = compositor.presentations.suffix(2).map(\.committedNanoseconds)
            if truth.count == 2, compositor.vblankTick(after: truth[0])?.index == compositor.vblankTick(after: truth[1])?.index {
                break
            }
        }
        let (firstFeedback, secondFeedback) = (try #require(first), try #require(second))

        let truth = compositor.presentations.suffix(2)
        #expect(truth.count == 2)
        let committed = try #require(truth.last?.committedNanoseconds)
        let tick = try #require(compositor.vblankTick(after: committed))
        #expect(compositor.vblankTick(after: try #require(truth.first?.committedNanoseconds))?.index == tick.index)
        #expect(firstFeedback.outcome == .discarded)
        #expect(truth.first?.outcome == .discarded)
        let flags = PresentationFlags([.vsync, .hwClock, .hwCompletion]).rawValue
        #expect(secondFeedback.outcome == .presented(nanoseconds: tick.nanoseconds + 5_000_000, refresh: 16_666_667,
                                             sequence: tick.index, flags: flags))
        #expect(truth.last?.outcome == .presented(nanoseconds: tick.nanoseconds + 5_000_000, sequence: tick.index))
        // The frame callback is answered at the tick, not a millisecond after the commit.
        let answered = try #require(callbackAnswered)
        #expect(answered >= tick.nanoseconds)
        #expect(secondFeedback.syncOutputs == 1 && firstFeedback.syncOutputs == 0)
        _ = output
        // The outcome is told at scanout, not at the tick.
        #expect(ScriptedCompositor.monotonicNanoseconds >= tick.nanoseconds + 5_000_000)
    }

    /// With a latch lead, a commit that comes after the compositor's deadline (but before the
    /// tick) waits for the next tick, as on a compositor that composes ahead of the vblank.
    @Test func aCommitAfterTheLatchLeadWaitsForTheNextTick() async throws {
        let vblank = VblankMode(hertz: 20, latchLead: .milliseconds(30))
        #expect(vblank.latchLeadNanoseconds == 30_000_000)
        let compositor = try ScriptedCompositor(vblank: vblank)
        let (client, window, presentation, _, output) = try await setUp(compositor)
        // 10 to 25 ms before a tick: past the 30 ms deadline, and far enough from the tick that
        // the commit lands before it even on a loaded machine.
        #expect(await client.exchange(until: {
            let now = ScriptedCompositor.monotonicNanoseconds
            let period = vblank.refreshNanoseconds
            guard let next = compositor.vblankTick(after: now) else { return false }
            let toNextGrid = (next.nanoseconds - now) % period
            return toNextGrid > 10_000_000 && toNextGrid < 25_000_000
        }))
        let feedback = try FeedbackRecorder(presentation, surface: window.surface)
        let before = ScriptedCompositor.monotonicNanoseconds
        redraw(window)
        #expect(await client.exchange(until: { feedback.outcome != nil }))
        let truth = try #require(compositor.presentations.last)
        guard case .presented(let time, _, _, _) = feedback.outcome else {
            Issue.record("not presented: \(String(describing: feedback.outcome))")
            return
        }
        // Not at the tick just after the commit, but one period later.
        #expect(time >= truth.committedNanoseconds + 30_000_000, "committed \(truth.committedNanoseconds), shown \(time)")
        #expect(truth.committedNanoseconds >= before)
        _ = output
    }

    @Test func aDestroyedSurfacesFeedbackIsDiscarded() async throws {
        // A slow refresh, started early in a period: no tick can come between commit and destroy.
        let compositor = try ScriptedCompositor(vblank: VblankMode(hertz: 10))
        let (client, window, presentation, _, output) = try await setUp(compositor)
        #expect(await client.exchange(until: {
            let now = ScriptedCompositor.monotonicNanoseconds
            return (compositor.vblankTick(after: now)?.nanoseconds ?? 0) > now + 80_000_000
        }))
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
        let compositor = try ScriptedCompositor()
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
