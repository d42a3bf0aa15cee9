import Rendering
import TouchCanvasApp
import TouchKit
import Wayland

/// When the content is drawn and into which buffer. foot's rule: a frame is drawn at once when the
/// compositor has shown the last one, else from its frame callback. Deadline pacing (the
/// default) keeps the first half, and while frames follow each other commits each one just
/// before the compositor's deadline for the next vblank (``VblankDeadline``), with all the input
/// until then: never ahead of the display, and a refresh sooner.
@MainActor
final class FramePacer {
    private let window: WaylandWindow
    private let session: AppSession
    private let buffers: DrawableBuffers
    private var timing = FrameTiming()
    private var needsRender = true
    /// What input, commits and presentations are timed on: the presentation clock.
    let clock = InputClock()
    /// How far ahead predicted touches reach (`--predict`).
    var prediction = Prediction.auto
    /// The touches whose change the next commit carries, for `--log present`.
    private var touchesSinceCommit: [Int] = []
    /// More touches than this in one commit are not listed: enough for any hand, bounded for a
    /// flood of touch ids.
    static let touchesListed = 64
    /// Whether touches are gathered for ``touchesSinceCommit`` (`--log present` only).
    var gathersTouches = false
    /// The app's own chrome, drawn first: a synchronised subsurface, shown with the content's commit.
    var chrome: () -> WindowChrome? = { nil }
    /// Animations run: frames must come, or a watchdog advances them.
    var onAnimationsRunning: (() -> Void)?
    /// Touch→glass: asked for each commit that carries input, where the compositor offers it.
    var feedback: PresentationFeedback? {
        didSet {
            feedback?.onReport = { [unowned session] report in session.notePresentation(report) }
            feedback?.onPresented = { [unowned self] present, refresh, aimedAt, commit in
                deadline.presented(at: present, refresh: refresh, target: aimedAt, commit: commit)
            }
        }
    }
    /// How long a frame waits for the compositor's frame callback before it is drawn without
    /// one: a compositor that stopped answering (or a hidden window's, which may never answer)
    /// then gets a frame four times a second while something changes, so held moves are
    /// delivered, logs go on, the coalesced samples of a touch stay few, and a save shows the
    /// drawing. Fifteen refreshes at 60 Hz: no compositor that draws the window waits so long.
    static let frameStall = 0.25
    /// Since when a frame has waited for the frame callback, nil when none waits.
    private var waitingSince: Double?
    /// A frame waits for the frame callback: call ``renderIfStalled()`` after this many seconds.
    var onWaitingForFrame: ((Double) -> Void)?
    /// `--pacing`: foot's rule, or commit before the next vblank's deadline.
    var pacing = Pacing.deadline
    private var deadline = VblankDeadline()
    /// Deadline pacing waits to commit: call ``renderIfNeeded(evenIfFramePending:)`` after this
    /// many seconds.
    var onCommitDue: ((Double) -> Void)?
    /// A buffer could not be had or drawn: the app cannot go on.
    var onFailure: ((String) -> Void)?
    /// A frame drawn for a vblank and held until its deadline, so late input can join it.
    private struct HeldFrame {
        let buffer: ShmBuffer
        let pixels: PixelBuffer
        let scale: Double
        let vblank: Double
        let commitAt: Double
        /// What every frame drawn into it changed since the last commit: the damage it is committed with.
        var damage: DamageRegion
        /// False once a frame must be shown as drawn (the latency flash's white frame): no later
        /// input is drawn over it.
        var mayTopUp: Bool
    }
    private var held: HeldFrame?
    /// The last commit set a FIFO barrier (a frame that must be seen, on a compositor with
    /// `wp_fifo_v1`): the next commit waits for it in the compositor, not here.
    private var barrierUp = false
    /// Whole input (a `frame`, a key, a cancel) came since the last frame was drawn: what a
    /// held frame is drawn into again for.
    private var inputSinceDraw = false

    init(window: WaylandWindow, session: AppSession, buffers: DrawableBuffers) {
        self.window = window
        self.session = session
        self.buffers = buffers
        window.onFrameDone = { [unowned self] _ in
            waitingSince = nil
            timing.frameDone(at: clock.now())
            renderIfNeeded()
        }
    }

    func setNeedsRender() { needsRender = true }

    /// Input arrived now, stamped `time` by the compositor (nil for events without a time):
    /// input → commit and input → present start with the oldest input not yet drawn. `whole`
    /// when it needs no frame to close it (a key, a cancel, a tablet frame, a played event).
    func inputArrived(_ time: InputEventTime? = nil, whole: Bool = false) {
        timing.inputArrived(at: clock.time(of: time))
        if whole { inputFramed() }
    }

    /// The input that arrived is whole (its frame came, or it needs none): the next commit
    /// draws it, and it is that commit's input.
    func inputFramed() {
        timing.inputFramed()
        inputSinceDraw = true
    }

    /// Touches were delivered: the next commit carries their change.
    func noteDelivery(_ event: TouchEvent) {
        guard gathersTouches else { return }
        for touch in event.allTouches where touch.phase != .stationary
            && touchesSinceCommit.count < Self.touchesListed && !touchesSinceCommit.contains(touch.number) {
            touchesSinceCommit.append(touch.number)
        }
    }

    /// How far ahead to predict for this frame.
    private var predictionInterval: Double {
        prediction.interval(inputToPresent: feedback?.medianSampleToPresent, refresh: feedback?.refresh,
                            estimate: timing.inputToDisplay)
    }

    /// The frame callback brings the pacer back; if it never comes, ``renderIfStalled()``.
    private func waitForFrameCallback() {
        guard waitingSince == nil else { return }
        waitingSince = clock.now()
        onWaitingForFrame?(Self.frameStall)
    }

    /// The frame callback has not come for ``frameStall``: draws without it.
    func renderIfStalled() {
        guard let since = waitingSince, clock.now() - since >= Self.frameStall * 0.99 else { return }
        waitingSince = nil
        renderIfNeeded(evenIfFramePending: true)
    }

    /// Before a save: the picture saved is what the window would show now, even when the
    /// compositor has not asked for a frame, or a new buffer is not ready yet.
    func renderForSave() {
        renderIfNeeded(evenIfFramePending: true)
        // A new buffer being faulted in (a resize just before) would leave the save with the
        // last size's frame: wait for it, here only, and draw.
        guard buffers.swapchain.isPreparing, let prefaulter = buffers.swapchain.prefaulter else { return }
        prefaulter.waitForAll()
        renderIfNeeded(evenIfFramePending: true)
    }

    /// Renders now unless the compositor has not shown the previous frame yet; then the frame
    /// callback brings us back (or, if it never comes, ``renderIfStalled()``). A frame held for
    /// its deadline is drawn into again when input came and there is time, and committed when
    /// its time comes.
    func renderIfNeeded(evenIfFramePending: Bool = false) {
        guard window.isConfigured else { return }
        if session.advanceAnimations() {
            needsRender = true
            onAnimationsRunning?()
        }
        if held != nil { return continueHeldFrame(forced: evenIfFramePending) }
        guard needsRender else { return }
        // A frame that must be seen (the latency flash) is not replaced before the compositor
        // has shown it. With a FIFO barrier on it the compositor holds the next commit until
        // then, so that one is drawn and committed at once; else the app waits for the frame
        // callback, whatever the pacing.
        let followsBarrier = barrierUp && session.mustShowLastFrame && window.isFrameCallbackPending
        if session.mustShowLastFrame && window.isFrameCallbackPending && !evenIfFramePending && !followsBarrier {
            return waitForFrameCallback()
        }
        let aimedAt: Double?
        var hold = false
        switch followsBarrier ? .drawNow(aimedAt: nil)
            : PacingDecision.decide(pacing: pacing, deadline: &deadline, now: clock.now(), forced: evenIfFramePending,
                                    frameCallbackPending: window.isFrameCallbackPending,
                                    lateInput: timing.oldestUndrawnInput != nil,
                                    costly: session.nextFrameSettlesStrokes) {
        case .commitLater(let wait):
            onCommitDue?(wait)
            return
        case .waitForFrameCallback:
            return waitForFrameCallback()
        case .drawNow(let vblank):
            aimedAt = vblank
        case .drawAndHold(let vblank):
            aimedAt = vblank
            hold = true
        }
        let started = clock.now()
        let scale = window.bufferScale
        let next: (shm: ShmBuffer, pixels: PixelBuffer)?
        do {
            // The window's size is already limited to what a buffer can be at this scale.
            next = try buffers.next(width: scale.bufferLength(window.width), height: scale.bufferLength(window.height))
        } catch {
            return fail(error.description)
        }
        // Every buffer held by the compositor (a release will come with the next frame callback),
        // or a new one being faulted in (its swapchain's `onBufferReady` comes back here).
        guard let (buffer, pixels) = next else { return }
        guard let (damage, chromeCommitted) = draw(into: pixels, age: buffer.age, scale: scale) else { return }
        guard !damage.isEmpty else {
            if chromeCommitted { window.commitSubsurfaceState() }
            return
        }
        buffers.didDraw(buffer)
        if hold, let vblank = aimedAt {
            let drawn = clock.now()
            deadline.drew(forVblank: vblank, took: drawn - started, at: drawn)
            let frame = HeldFrame(buffer: buffer, pixels: pixels, scale: scale.factor, vblank: vblank,
                                  commitAt: deadline.holdUntil(vblank: vblank), damage: damage,
                                  mayTopUp: !session.mustShowLastFrame)
            // Held while a drawing of late input could still fit, else it goes now. Held even when
            // that time is already near: input that came while this frame was drawn is still
            // unread, and the loop reads it before the timer comes back here.
            guard deadline.canTopUp(now: drawn, until: frame.commitAt) else { return commitHeld(frame) }
            held = frame
            onCommitDue?(max(0, deadline.lastTopUp(before: frame.commitAt) - drawn))
            return
        }
        if pacing == .deadline { deadline.committed(forVblank: aimedAt, drawingTook: clock.now() - started, at: clock.now()) }
        present(buffer, damage: damage, aimedAt: aimedAt)
    }

    /// The held frame: drawn into again when input came and drawing it still fits before its
    /// commit time, and committed once no such drawing could fit any more (at once when
    /// `forced`). A resize or a new scale since it was drawn drops it, and the frame is drawn anew.
    private func continueHeldFrame(forced: Bool) {
        guard var frame = held else { return }
        let scale = window.bufferScale
        guard frame.buffer.width == scale.bufferLength(window.width), frame.buffer.height == scale.bufferLength(window.height),
              frame.scale == scale.factor else {
            held = nil
            needsRender = true
            return renderIfNeeded(evenIfFramePending: forced)
        }
        var now = clock.now()
        // Strokes that ended are settled into the completed ink, far more than a drawing of late
        // input costs: drawn into this frame, they would make it miss its vblank with all it
        // carries. It goes now, and they are the next frame's (drawn at once, see decide).
        if inputSinceDraw, needsRender, session.nextFrameSettlesStrokes {
            commitHeld(frame)
            onCommitDue?(0)
            return
        }
        if inputSinceDraw, needsRender, frame.mayTopUp, deadline.canTopUp(now: now, until: frame.commitAt) {
            let started = now
            // The buffer holds the last frame drawn: only what the new input changed is painted.
            guard let (damage, _) = draw(into: frame.pixels, age: frame.buffer.age, scale: scale) else {
                held = nil
                return
            }
            if !damage.isEmpty {
                frame.damage.formUnion(damage)
                buffers.didDraw(frame.buffer)
            }
            frame.mayTopUp = !session.mustShowLastFrame
            held = frame
            now = clock.now()
            deadline.toppedUp(took: now - started)
        }
        // Waits while more input could still be drawn into it, until the last moment that can
        // start; then (or when there is no time left) it goes.
        let wait = deadline.lastTopUp(before: frame.commitAt) - now
        guard forced || wait <= PacingDecision.shortestWait else {
            onCommitDue?(wait)
            return
        }
        commitHeld(frame)
        // Input that came too late for it is the next frame's: plan that one now.
        if needsRender { onCommitDue?(0) }
    }

    /// Draws a display frame into `pixels`, whose contents are `age` frames old: the app's own
    /// chrome first (whether it committed its subsurface), then the content, where the held
    /// moves go out, all their samples coalesced, predicted as far ahead as input currently
    /// takes to show. Nil when the chrome could not be drawn (the app cannot go on).
    private func draw(into pixels: PixelBuffer, age: Int, scale: BufferScale) -> (damage: DamageRegion, chromeCommitted: Bool)? {
        let chromeCommitted: Bool
        do {
            chromeCommitted = try chrome()?.render(scale: scale) ?? false
        } catch {
            fail(error.description)
            return nil
        }
        let damage = session.displayFrame(into: pixels, scale: scale.factor, bufferAge: age,
                                          predictionInterval: predictionInterval)
        inputSinceDraw = false
        // A paint in slices (a rebuild after a resize) needs frames until it is done, as animations do.
        needsRender = session.window.hasRunningAnimations || session.needsAnotherFrame
        return (damage, chromeCommitted)
    }

    private func commitHeld(_ frame: HeldFrame) {
        held = nil
        deadline.committedHeld(forVblank: frame.vblank, due: frame.commitAt, at: clock.now())
        present(frame.buffer, damage: frame.damage, aimedAt: frame.vblank)
    }

    /// Commits a drawn buffer with its damage. Only a commit that carries input asks when it was
    /// shown: an idle window asks nothing.
    private func present(_ buffer: ShmBuffer, damage: DamageRegion, aimedAt: Double?) {
        if let feedback, let input = timing.oldestUndrawnInput {
            feedback.request(for: window.surface, input: input, commit: clock.now(), touches: touchesSinceCommit.sorted(),
                             aimedAt: aimedAt, samples: timing.undrawnSamples)
        }
        touchesSinceCommit.removeAll(keepingCapacity: true)
        let setsBarrier = window.fifo != nil && session.mustShowLastFrame
        window.present(buffer.wlBuffer, damage: damage.rects.map { ($0.x, $0.y, $0.width, $0.height) },
                       setsBarrier: setsBarrier, waitsForBarrier: barrierUp)
        barrierUp = setsBarrier
        buffers.didAttach(buffer)
        session.noteCommit(latency: timing.committed(at: clock.now()))
        // The frame after a barrier needs no wait of the app's own: it comes back at once.
        if setsBarrier && needsRender { onCommitDue?(0) }
    }

    private func fail(_ reason: String) { onFailure?(reason) }
}
