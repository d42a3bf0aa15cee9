import Glibc
import TouchCanvasApp
import TouchKit
import Wayland

/// Touch→glass from `wp_presentation`: every commit that carries a change caused by input asks
/// when it reached the screen, and the answer is matched to that input.
///
/// Every time here is read on the presentation clock (``InputClock``), whichever the compositor
/// names: input times, commits and presentations can then be subtracted. A clock this system
/// cannot read gets one line on stderr and no feedback requests.
@MainActor
final class PresentationFeedback {
    private let presentation: WpPresentation
    private let clock: InputClock
    private(set) var clockIsUsable = true
    private var pending: [ObjectIdentifier: WpPresentationFeedback] = [:]
    /// Requests unanswered at once beyond which no more are made: a compositor that never
    /// answers (Sway 1.7 headless) would otherwise grow this list by one every commit, and a
    /// feedback object cannot be destroyed by the client. Answers resume the requests.
    static let mostUnanswered = 64
    private var saidUnanswered = false
    private(set) var discardedCount = 0
    /// Recent input→present times, per input frame.
    private var recentSamples = RecentSamples(capacity: 63)
    /// Input frames of discarded commits, waiting for the commit that replaced them to be shown
    /// (what showed them); bounded like a commit's own.
    private var carried: [Double] = []
    /// The last commit shown (seconds, presentation clock): a discard told after it was shown
    /// belongs to it, when it was made after the discarded one.
    private var lastShown: (commit: Double, present: Double)?
    /// The last refresh period the compositor reported, in seconds (nil while unknown or 0).
    private(set) var refresh: Double?
    /// Each answered commit, presented or discarded: the session hears it and tells the HUD,
    /// the check and the logs.
    var onReport: ((PresentationReport) -> Void)?
    /// Every presentation (seconds, refresh in seconds or 0), the vblank its commit aimed at and
    /// when that commit was made, for deadline pacing.
    var onPresented: ((Double, Double, Double?, Double) -> Void)?
    /// The median over the last input frames shown, each from its own time: what a person
    /// sees of the finger's lag (a commit's oldest input is older than most of what it shows).
    var medianSampleToPresent: Double? { recentSamples.median }

    init(presentation: WpPresentation, clock: InputClock) {
        self.presentation = presentation
        self.clock = clock
        presentation.onEvent = { [unowned self] event in
            switch event {
            case .clockId(let id):
                clockIsUsable = clock.use(clock: clockid_t(bitPattern: id))
                if !clockIsUsable {
                    printError("wp_presentation names clock \(id), which this system cannot read: no touch→glass figures")
                }
            }
        }
    }

    /// Asks when the next commit of `surface` reaches the screen; `input` (the oldest input the
    /// commit carries) and `commit` are seconds on the presentation clock. Call just before
    /// that commit. `samples` are the times of the input frames it carries.
    func request(for surface: WlSurface, input: Double, commit: Double, touches: [Int], aimedAt: Double? = nil,
                 samples: [Double] = []) {
        guard clockIsUsable else { return }
        guard pending.count < Self.mostUnanswered else {
            if !saidUnanswered {
                saidUnanswered = true
                printError("the compositor answered none of \(Self.mostUnanswered) presentation feedback requests: "
                    + "no more are made until one is answered, and no touch→glass figures meanwhile")
            }
            return
        }
        guard let feedback = presentation.feedback(surface: surface) else { return }
        let key = ObjectIdentifier(feedback)
        pending[key] = feedback
        // Rounded: the seconds came from whole nanoseconds, and truncating could lose one.
        let inputNanoseconds = UInt64((max(input, 0) * 1e9).rounded())
        feedback.onEvent = { [unowned self] event in
            switch event {
            case .syncOutput:
                return
            case let .presented(secHi, secLo, nsec, refresh, _, _, flags):
                let presented = wireNanoseconds(secondsHigh: secHi, secondsLow: secLo, nanoseconds: nsec)
                let present = Double(presented) / 1e9
                // Clamped before the conversion: a compositor's timestamp may be anything. A
                // microsecond over whole periods is the refresh's rounding to nanoseconds (60 Hz
                // is 16 666 666.67 ns, sent as 16 666 667), not a period more.
                let periods = refresh > 0 ? (((present - commit) * 1e9 - 1_000) / Double(refresh)).rounded(.up) : 0
                let waited = periods.isFinite ? Int(min(max(periods, 0), 1_000_000)) : 0
                self.refresh = refresh > 0 ? Double(refresh) / 1e9 : nil
                let shown = (carried + samples).map { present - $0 }
                carried.removeAll(keepingCapacity: true)
                lastShown = (commit, present)
                for latency in shown { recentSamples.add(latency) }
                onPresented?(present, Double(refresh) / 1e9, aimedAt, commit)
                let names = Self.names(flags)
                onReport?(PresentationReport(presentedNanoseconds: presented, inputNanoseconds: inputNanoseconds, refreshNanoseconds: refresh,
                                 inputToPresent: present - input, inputToCommit: commit - input,
                                 commitToPresent: present - commit, frames: waited, flags: names, touches: touches,
                                 sampleToPresent: shown))
            case .discarded:
                discardedCount += 1
                // What it carried is on the glass with the commit that replaced it: that one's
                // presentation if it came already, else the next.
                var shown: [Double] = []
                if let lastShown, lastShown.commit > commit {
                    shown = samples.map { lastShown.present - $0 }
                    for latency in shown { recentSamples.add(latency) }
                } else {
                    carried = Array((carried + samples).suffix(FrameTiming.samplesKept))
                }
                onReport?(PresentationReport(presentedNanoseconds: nil, inputNanoseconds: inputNanoseconds, refreshNanoseconds: 0,
                                 inputToPresent: nil, inputToCommit: commit - input, commitToPresent: nil, frames: 0,
                                 flags: [], touches: touches, sampleToPresent: shown))
            }
            pending[key] = nil
        }
    }

    static func names(_ flags: WpPresentationFeedback.Kind) -> [String] {
        [(WpPresentationFeedback.Kind.vsync, "vsync"), (.hwClock, "hw_clock"), (.hwCompletion, "hw_completion"),
         (.zeroCopy, "zero_copy")].filter { flags.contains($0.0) }.map(\.1)
    }
}
