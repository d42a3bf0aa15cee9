import Canvas
import TouchCanvasApp
import TouchKit
import Wayland

/// When the canvas is drawn and into which buffer: foot's pacing. A frame is drawn at once when
/// the compositor has shown the last one, else from its frame callback: the lowest latency,
/// never ahead of the display.
@MainActor
final class FramePacer {
    private let window: WaylandWindow
    private let session: CanvasSession
    private let buffers: DrawableBuffers
    private var timing = FrameTiming()
    private var needsRender = true
    /// The app's own frame, drawn first: a synchronised subsurface, shown with the canvas's commit.
    var clientFrame: () -> ClientFrame? = { nil }
    /// Animations run: frames must come, or a watchdog advances them.
    var onAnimationsRunning: (() -> Void)?
    /// Touch→glass: asked for each commit that carries input, where the compositor offers it.
    var feedback: PresentationFeedback? {
        didSet { feedback?.inspector = session.inspector }
    }
    /// A buffer could not be had or drawn: the app cannot go on.
    var onFailure: ((String) -> Void)?

    init(window: WaylandWindow, session: CanvasSession, buffers: DrawableBuffers) {
        self.window = window
        self.session = session
        self.buffers = buffers
        window.onFrameDone = { [unowned self] _ in
            timing.frameDone(at: MonotonicClock.now())
            renderIfNeeded()
        }
    }

    func setNeedsRender() { needsRender = true }

    /// Input arrived now: the input → commit time starts with the oldest input not yet drawn.
    func inputArrived() { timing.inputArrived(at: MonotonicClock.now()) }

    /// Renders now unless the compositor has not shown the previous frame yet; then the frame
    /// callback brings us back.
    func renderIfNeeded() {
        guard window.isConfigured else { return }
        if session.advanceAnimations() {
            needsRender = true
            onAnimationsRunning?()
        }
        guard needsRender, !window.isFrameCallbackPending else { return }
        let scale = window.bufferScale
        let next: (shm: ShmBuffer, pixels: PixelBuffer)?
        do {
            // The window's size is already limited to what a buffer can be at this scale.
            next = try buffers.next(width: scale.bufferLength(window.width), height: scale.bufferLength(window.height))
        } catch {
            return fail(error.description)
        }
        // Every buffer held by the compositor: a release will come with the next frame callback.
        guard let (buffer, pixels) = next else { return }
        let frameCommitted: Bool
        do {
            frameCommitted = try clientFrame()?.render(scale: scale) ?? false
        } catch {
            return fail(error.description)
        }
        // The display is ready for a frame and there is a buffer: now the held moves go out, all
        // their samples coalesced, predicted as far ahead as input currently takes to show.
        let damage = session.displayFrame(into: pixels, scale: scale.factor, bufferAge: buffer.age,
                                          predictionInterval: timing.inputToDisplay)
        needsRender = session.window.hasRunningAnimations
        guard !damage.isEmpty else {
            if frameCommitted { window.commitSubsurfaceState() }
            return
        }
        // Only a commit that carries input asks when it was shown: an idle window asks nothing.
        if let feedback, let arrival = timing.oldestUndrawnInput {
            feedback.request(for: window.surface, inputArrival: arrival, commit: MonotonicClock.now())
        }
        window.present(buffer.wlBuffer, damage: damage.rects.map { ($0.x, $0.y, $0.width, $0.height) })
        buffers.didCommit(buffer)
        // A commit changes the HUD's rates but does not ask for a redraw itself: that would
        // commit forever.
        session.inspector.noteCommit(latency: timing.committed(at: MonotonicClock.now()), notify: false)
    }

    private func fail(_ reason: String) { onFailure?(reason) }
}
