import Glibc
import TouchCanvasApp
import TouchKit
import Wayland

/// Touch→glass from `wp_presentation`: every commit that carries a change caused by input asks
/// when it reached the screen, and the answer is matched to that input.
///
/// Input is timed by when it arrived (CLOCK_MONOTONIC read as the event is handled): the
/// compositor's own event times are not compared with the presentation clock here. The
/// presentation clock must be CLOCK_MONOTONIC too; when the compositor names another, the app
/// says so once and asks for no feedback.
@MainActor
final class PresentationFeedback {
    /// One answered commit, for `--log present`.
    struct Report {
        let presentedNanoseconds: UInt64?
        let refreshNanoseconds: UInt32
        let inputToPresent: Double?
        let inputToCommit: Double
        let commitToPresent: Double?
        /// Whole refresh periods from the commit to the screen (0 when the refresh is unknown).
        let frames: Int
        let flags: [String]
        var isDiscarded: Bool { presentedNanoseconds == nil }
    }

    private let presentation: WpPresentation
    private(set) var clockIsMonotonic = true
    private var pending: [ObjectIdentifier: WpPresentationFeedback] = [:]
    private(set) var discardedCount = 0
    var onReport: ((Report) -> Void)?
    /// The HUD's touch→glass line.
    weak var inspector: InputInspector?
    /// `check`'s latency section, while it runs.
    weak var check: CompositorCheck? {
        didSet { if clockIsMonotonic { check?.presentationOffered() } }
    }

    init(presentation: WpPresentation) {
        self.presentation = presentation
        presentation.onEvent = { [unowned self] event in
            switch event {
            case .clockId(let id):
                clockIsMonotonic = id == UInt32(CLOCK_MONOTONIC)
                if !clockIsMonotonic {
                    printError("wp_presentation names clock \(id), not CLOCK_MONOTONIC: no touch→glass figures")
                }
            }
        }
    }

    /// Asks when the next commit of `surface` reaches the screen; `inputArrival` and `commit`
    /// are CLOCK_MONOTONIC seconds. Call just before that commit.
    func request(for surface: WlSurface, inputArrival: Double, commit: Double) {
        guard clockIsMonotonic, let feedback = presentation.feedback(surface: surface) else { return }
        let key = ObjectIdentifier(feedback)
        pending[key] = feedback
        feedback.onEvent = { [unowned self] event in
            switch event {
            case .syncOutput:
                return
            case let .presented(secHi, secLo, nsec, refresh, _, _, flags):
                let seconds = UInt64(secHi) << 32 | UInt64(secLo)
                let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                let presented = overflow ? UInt64.max : product &+ UInt64(min(nsec, 999_999_999))
                let present = Double(presented) / 1e9
                // Clamped before the conversion: a compositor's timestamp may be anything.
                let periods = refresh > 0 ? ((present - commit) * 1e9 / Double(refresh)).rounded(.up) : 0
                let waited = periods.isFinite ? Int(min(max(periods, 0), 1_000_000)) : 0
                inspector?.notePresented(inputToPresent: present - inputArrival, frames: max(waited, 0))
                check?.notePresented(inputToPresent: present - inputArrival, frames: max(waited, 0),
                                     refreshNanoseconds: refresh, flags: Self.names(flags))
                onReport?(Report(presentedNanoseconds: presented, refreshNanoseconds: refresh,
                                 inputToPresent: present - inputArrival, inputToCommit: commit - inputArrival,
                                 commitToPresent: present - commit, frames: max(waited, 0), flags: Self.names(flags)))
            case .discarded:
                discardedCount += 1
                inspector?.noteDiscarded()
                check?.noteDiscarded()
                onReport?(Report(presentedNanoseconds: nil, refreshNanoseconds: 0, inputToPresent: nil,
                                 inputToCommit: commit - inputArrival, commitToPresent: nil, frames: 0, flags: []))
            }
            pending[key] = nil
        }
    }

    static func names(_ flags: WpPresentationFeedback.Kind) -> [String] {
        [(WpPresentationFeedback.Kind.vsync, "vsync"), (.hwClock, "hw_clock"), (.hwCompletion, "hw_completion"),
         (.zeroCopy, "zero_copy")].filter { flags.contains($0.0) }.map(\.1)
    }
}
