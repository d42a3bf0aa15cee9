import TouchKit
import Wayland

/// Everything the app must do later, on the event loop's one timer: the earliest deadline arms
/// it, and each kind is pending at most once.
@MainActor
final class Deadlines {
    enum Kind: Hashable, CaseIterable {
        /// Input held for a `frame` that did not come is delivered anyway.
        case flushInput
        /// Frames are not coming (a hidden window): animations finish so their completions run.
        case animationWatchdog
        /// Active touches are checked for silence (`possibly-stuck`).
        case stuckCheck
        /// The HUD's rates fall to zero a second after the last event.
        case hudRefresh
        /// `check` gives up.
        case checkTimeout
        /// `--play`'s next events are due.
        case playback
        /// A frame has waited too long for the compositor's frame callback: it is drawn without.
        case frameStall
        /// A gesture recognizer's time-out is due (a double tap that did not come).
        case gestureTimeout
        /// `--pacing deadline`: the moment to commit before the compositor's next vblank.
        case commitDue
    }

    /// How long a drained socket may hold input without a frame before it is delivered anyway.
    /// GNOME sends no frame after the last up; a burst can also be split across two reads, and
    /// this short wait keeps the two halves of one frame together.
    static let missingFrameGrace = 0.004
    /// How often active touches are checked for silence.
    static let stuckCheckInterval = 1.0
    /// How long animations wait for a frame callback before they are advanced without one.
    static let animationWatchdog = 0.5

    private let loop: EventLoop
    private var due: [Kind: Double] = [:]
    /// Called for each deadline that has come, once.
    var onDue: ((Kind) -> Void)?

    init(loop: EventLoop) {
        self.loop = loop
        loop.onTimer = { [unowned self] in fire() }
    }

    /// Due `seconds` from now, unless already due sooner.
    func schedule(_ kind: Kind, after seconds: Double) {
        let time = MonotonicClock.now() + seconds
        if let existing = due[kind], existing <= time { return }
        due[kind] = time
        arm()
    }

    /// Due `seconds` from now, replacing any earlier time.
    func reschedule(_ kind: Kind, after seconds: Double) {
        due[kind] = nil
        schedule(kind, after: seconds)
    }

    private func arm() {
        guard let next = due.values.min() else { return loop.setTimer(after: nil) }
        loop.setTimer(after: max(0, next - MonotonicClock.now()))
    }

    private func fire() {
        let now = MonotonicClock.now()
        for (kind, time) in due where time <= now {
            due.removeValue(forKey: kind)
            onDue?(kind)
        }
        arm()
    }
}
