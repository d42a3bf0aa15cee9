/// The steps of `touchcanvas check`, in the order `check --all` runs them.
public enum CheckStepKind: String, Codable, CaseIterable, Sendable {
    /// Three fingers down, a system gesture takes them: `wl_touch.cancel` must end them.
    case cancel
    /// As many fingers as the person can put down: how many arrive, and whether any is lost.
    case fingers
    /// One finger held still: how far its reported position wanders (jitter).
    case still
    /// A pen stroke and a pen taken away with its tip down (only with a tablet).
    case pen
    /// A touchpad swipe and pinch (only where the compositor offers pointer gestures).
    case touchpad
    /// A finger drawing: touch→glass from `wp_presentation` (only where it is offered).
    case glass

    /// What the step checks, in a few words, for the report's tables.
    public var title: String {
        switch self {
        case .cancel: "cancellation by a system gesture"
        case .fingers: "the most fingers at once"
        case .still: "a finger held still"
        case .pen: "the pen"
        case .touchpad: "touchpad gestures"
        case .glass: "touch→glass"
        }
    }
}

/// How a step ended.
public enum CheckOutcome: String, Codable, Sendable {
    case passed, failed, skipped
}

/// One step's end: its outcome, why, and what it saw.
public struct CheckStepResult: Codable, Sendable, Equatable {
    public var step: CheckStepKind
    public var outcome: CheckOutcome
    /// Why it failed or was skipped; empty when it passed.
    public var reasons: [String]
    /// What it saw, one fact per line, as the terminal report prints them.
    public var findings: [String]

    public init(step: CheckStepKind, outcome: CheckOutcome, reasons: [String] = [], findings: [String] = []) {
        self.step = step
        self.outcome = outcome
        self.reasons = reasons
        self.findings = findings
    }
}

/// The results of a run of `check`, one per step it was asked for.
public struct CheckSuiteResult: Codable, Sendable, Equatable {
    public var steps: [CheckStepResult]
    /// Touch→glass of each presented commit of the glass step, in milliseconds, for the
    /// report's histogram; empty when the step did not measure.
    public var touchToGlassMilliseconds: [Double]
    /// The refresh interval the compositor reported, in milliseconds, 0 where unknown.
    public var refreshMilliseconds: Double

    public init(steps: [CheckStepResult], touchToGlassMilliseconds: [Double] = [], refreshMilliseconds: Double = 0) {
        self.steps = steps
        self.touchToGlassMilliseconds = touchToGlassMilliseconds
        self.refreshMilliseconds = refreshMilliseconds
    }

    /// The exit status scripts read: 0 when no step failed, 1 when one did, 2 when nothing
    /// could run (every step skipped: no touchscreen, no tablet, nothing offered).
    public var exitStatus: Int32 {
        if steps.contains(where: { $0.outcome == .failed }) { return 1 }
        if !steps.isEmpty, steps.allSatisfy({ $0.outcome == .skipped }) { return 2 }
        return 0
    }
}
