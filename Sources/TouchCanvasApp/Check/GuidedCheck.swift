import TouchKit

/// A check the person is walked through in the window: the shell shows its ``prompt``, feeds it
/// the input (as an ``InputObserver``) and what the compositor said of presentation, ends it
/// with ``timeOut()`` when the time runs out, and reports once ``isFinished``.
///
/// `touchcanvas check` (and `check cancel`) runs a ``CompositorCheck``; `check --all` and any
/// other named steps run a ``CheckSuite``.
@MainActor
public protocol GuidedCheck: InputObserver {
    var prompt: String { get }
    var isFinished: Bool { get }
    /// Called when the prompt changes or the check ends.
    var onChange: (() -> Void)? { get set }
    /// The time for the current step ran out.
    func timeOut()
    /// The compositor offers `wp_presentation` on a clock the app can read.
    func presentationOffered()
    func notePresented(inputToPresent: Double, frames: Int, refreshNanoseconds: UInt32, flags: [String])
    func noteDiscarded()
    /// A tablet is present, before any pen came near it.
    func tabletPresent()
    /// Tools the compositor announced before the check began.
    func tabletToolsKnown(_ tools: [TabletToolID: TabletToolDescription], seat: SeatID)
}

extension CompositorCheck: GuidedCheck {}

/// One step of ``CheckSuite``: it hears the input (as an ``InputObserver``) and presentation
/// while it is the current step, and ends with a result. Every hook but the prompt, the end
/// and the result does nothing unless the step wants it.
@MainActor
protocol CheckStep: InputObserver {
    var kind: CheckStepKind { get }
    var prompt: String { get }
    var isFinished: Bool { get }
    func presented(inputToPresent: Double, frames: Int, refreshNanoseconds: UInt32, flags: [String])
    func discarded()
    func timeOut()
    func result() -> CheckStepResult
}

extension CheckStep {
    func received(_ touch: RawTouchInput, seat: SeatID) {}
    func delivered(_ event: TouchEvent) {}
    func anomaly(_ anomaly: TouchAnomaly) {}
    func presented(inputToPresent: Double, frames: Int, refreshNanoseconds: UInt32, flags: [String]) {}
    func discarded() {}
}

/// A step that cannot run here (no tablet, nothing offered): skipped at once, with the reason.
@MainActor
final class SkippedStep: CheckStep {
    let kind: CheckStepKind
    let reason: String
    init(_ kind: CheckStepKind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
    var prompt: String { "" }
    var isFinished: Bool { true }
    func timeOut() {}
    func result() -> CheckStepResult { CheckStepResult(step: kind, outcome: .skipped, reasons: [reason]) }
}

/// The anomalies a step forgives: input that still arrives whole, only late.
@MainActor
enum ToleratedAnomalies {
    static func failures(_ anomalies: [TouchAnomaly], forgiving: Set<String> = CompositorCheck.toleratedKinds) -> [String] {
        var seen: [String: Int] = [:]
        for anomaly in anomalies where !forgiving.contains(anomaly.kind) { seen[anomaly.kind, default: 0] += 1 }
        return seen.keys.sorted().map { kind in
            "the compositor sent \(kind) ×\(seen[kind] ?? 0): \(TouchAnomaly.Category(rawValue: kind)?.explanation ?? "")"
        }
    }

    static func lines(_ anomalies: [TouchAnomaly]) -> [String] {
        guard !anomalies.isEmpty else { return ["anomalies: none"] }
        return anomalies.map { anomaly in
            let details = anomaly.details.keys.sorted().map { "\($0)=\(anomaly.details[$0] ?? "")" }.joined(separator: " ")
            return "anomaly: \(anomaly.kind) on \(anomaly.seatName) \(anomaly.device) (\(details))"
        }
    }
}
