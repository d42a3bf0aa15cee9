import Wayland

/// One `wp_presentation_feedback` of the in-process client and what it was told, in order.
@MainActor
final class FeedbackRecorder {
    enum Outcome: Equatable {
        case presented(nanoseconds: UInt64, refresh: UInt32, sequence: UInt64, flags: UInt32)
        case discarded
    }

    let feedback: WpPresentationFeedback
    private(set) var outcome: Outcome?
    /// `sync_output` events seen before the outcome (none may follow it: the object is gone).
    private(set) var syncOutputs = 0
    /// Anything after the outcome, which the protocol forbids.
    private(set) var eventsAfterOutcome = 0

    init(_ presentation: WpPresentation, surface: WlSurface) throws {
        guard let feedback = presentation.feedback(surface: surface) else { throw TestFailure("feedback") }
        self.feedback = feedback
        feedback.onEvent = { [unowned self] event in
            guard outcome == nil else { eventsAfterOutcome += 1; return }
            switch event {
            case .syncOutput: syncOutputs += 1
            case .presented(let secHi, let secLo, let nsec, let refresh, let seqHi, let seqLo, let flags):
                let seconds = UInt64(secHi) << 32 | UInt64(secLo)
                outcome = .presented(nanoseconds: seconds * 1_000_000_000 + UInt64(nsec), refresh: refresh,
                                     sequence: UInt64(seqHi) << 32 | UInt64(seqLo), flags: flags.rawValue)
            case .discarded: outcome = .discarded
            }
        }
    }

    var presentedNanoseconds: UInt64? {
        if case .presented(let nanoseconds, _, _, _) = outcome { return nanoseconds }
        return nil
    }
}
