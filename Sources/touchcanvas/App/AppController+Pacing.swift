import TouchCanvasApp
import Wayland

/// The frame pacer, and touch→glass: the pacer times input, commits and presentations on the
/// presentation clock, asks for feedback where `wp_presentation` is offered, and predicts as
/// `--predict` says. A frame that waits too long for the compositor is drawn anyway.
extension AppController {
    /// The most a frame spends on a long paint (a rebuild after a resize or scale change) before
    /// the loop goes back to input and pings: half a 60 Hz refresh, so the frame still has time
    /// for the rest of its drawing and the compositor, and the app stays responsive on a loaded
    /// machine. The paint goes on next frame.
    static let paintSlice = 0.008
    /// The slice on a test's held clock, where painting takes no time and a time budget would
    /// never end a slice: about what `paintSlice` paints here (a segment costs some 8 µs), so
    /// a rebuild there is sliced as it would be on a quiet machine, the same way every run.
    static let heldClockPaintSlice = 1_000

    func makePacer(window: WaylandWindow, globals: Globals) -> FramePacer {
        session.paintBudget = loop.followsHeldClock ? .segments(Self.heldClockPaintSlice) : .seconds(Self.paintSlice)
        let buffers = DrawableBuffers(shm: globals.shm, format: .xrgb8888)
        let pacer = FramePacer(window: window, session: session, buffers: buffers)
        // A large new buffer (a resize, a scale change) is faulted in off the main thread; the
        // frame waits for it in the loop, as for a release, and is drawn when it is ready.
        if let prefaulter = PagePrefaulter() {
            buffers.swapchain.prefaulter = prefaulter
            loop.watch(prefaulter.fileDescriptor) { prefaulter.runFinished() }
            loop.isWorkInFlight = { prefaulter.pendingCount > 0 }
            buffers.swapchain.onBufferReady = { [unowned pacer] in pacer.renderIfNeeded() }
        }
        pacer.prediction = options.prediction
        pacer.pacing = options.pacing
        pacer.onCommitDue = { [unowned self] seconds in deadlines.schedule(.commitDue, after: seconds) }
        pacer.onWaitingForFrame = { [unowned self] seconds in deadlines.schedule(.frameStall, after: seconds) }
        pacer.feedback = globals.presentation.map { PresentationFeedback(presentation: $0, clock: pacer.clock) }
        if options.log.contains(.present) {
            session.addPresentationObserver { StandardOutput.writeLine(PresentLog.line(for: $0)) }
            pacer.gathersTouches = true
            session.addDeliveryObserver { [unowned pacer] in pacer.noteDelivery($0) }
        }
        return pacer
    }
}
