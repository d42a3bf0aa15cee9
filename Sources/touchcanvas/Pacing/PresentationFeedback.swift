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
    /// Recent input→present times, for prediction.
    private var recent = RecentLatencies()
    /// The last refresh period the compositor reported, in seconds (nil while unknown or 0).
    private(set) var refresh: Double?
    /// Each answered commit, presented or discarded: the session hears it and tells the HUD,
    /// the check and the logs.
    var onReport: ((PresentationReport) -> Void)?
    /// Every presentation (seconds, refresh in seconds or 0) and the vblank its commit aimed at,
    /// for deadline pacing.
    var onPresented: ((Double, Double, Double?) -> Void)?
    /// The median input→present over the last presented commits; nil before the first.
    var medianInputToPresent: Double? { recent.median }

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
    /// that commit.
    func request(for surface: WlSurface, input: Double, commit: Double, touches: [Int], aimedAt: Double? = nil) {
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
                // Clamped before the conversion: a compositor's timestamp may be anything.
                let periods = refresh > 0 ? ((present - commit) * 1e9 / Double(refresh)).rounded(.up) : 0
                let waited = periods.isFinite ? Int(min(max(periods, 0), 1_000_000)) : 0
                self.refresh = refresh > 0 ? Double(refresh) / 1e9 : nil
                recent.add(present - input)
                onPresented?(present, Double(refresh) / 1e9, aimedAt)
                let names = Self.names(flags)
                onReport?(PresentationReport(presentedNanoseconds: presented, inputNanoseconds: inputNanoseconds, refreshNanoseconds: refresh,
                                 inputToPresent: present - input, inputToCommit: commit - input,
                                 commitToPresent: present - commit, frames: waited, flags: names, touches: touches))
            case .discarded:
                discardedCount += 1
                onReport?(PresentationReport(presentedNanoseconds: nil, inputNanoseconds: inputNanoseconds, refreshNanoseconds: 0,
                                 inputToPresent: nil, inputToCommit: commit - input, commitToPresent: nil, frames: 0,
                                 flags: [], touches: touches))
            }
            pending[key] = nil
        }
    }

    static func names(_ flags: WpPresentationFeedback.Kind) -> [String] {
        [(WpPresentationFeedback.Kind.vsync, "vsync"), (.hwClock, "hw_clock"), (.hwCompletion, "hw_completion"),
         (.zeroCopy, "zero_copy")].filter { flags.contains($0.0) }.map(\.1)
    }
}

/// The last input→present times, and their median: what prediction reaches ahead by. A
/// median, not a mean, so one commit that missed a vblank (or a compositor's absurd timestamp)
/// does not move it; the window is short enough to follow a change of refresh within a second.
struct RecentLatencies {
    static let count = 31
    private var samples: [Double] = []
    private var next = 0
    private(set) var median: Double?

    mutating func add(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds < 1 else { return }
        if samples.count < Self.count {
            samples.append(seconds)
        } else {
            samples[next] = seconds
        }
        next = (next + 1) % Self.count
        let sorted = samples.sorted()
        median = sorted[sorted.count / 2]
    }
}
