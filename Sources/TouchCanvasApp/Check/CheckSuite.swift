import Foundation
import TouchCanvasConstants
import TouchKit

/// `touchcanvas check --all` (or any list of steps): the checks a touch tester runs on a new
/// machine, one after another, each ending passed, failed or skipped with its reason, as
/// certification suites run touch jobs. A step that cannot run here (no tablet for the pen, no
/// pointer gestures for the touchpad, no `wp_presentation` for touch→glass, no touchscreen)
/// is skipped at once; one that times out fails and the suite goes on to the next.
@MainActor
public final class CheckSuite: GuidedCheck {
    /// What the compositor offers, which decides the steps that can run.
    public struct Offers: Sendable {
        public var touch: Bool
        public var tablet: Bool
        public var pointerGestures: Bool
        public var presentation: Bool
        public init(touch: Bool, tablet: Bool, pointerGestures: Bool, presentation: Bool) {
            self.touch = touch
            self.tablet = tablet
            self.pointerGestures = pointerGestures
            self.presentation = presentation
        }
    }

    private var steps: [any CheckStep]
    /// The step running now; `steps.count` once all have ended.
    public private(set) var current = 0
    public var onChange: (() -> Void)?
    private var offers: Offers
    private let millimetresPerPoint: () -> (x: Double, y: Double)?

    /// - Parameters:
    ///   - kinds: the steps, run in ``CheckStepKind``'s order whatever order they are given in.
    ///   - millimetresPerPoint: the output's pixel size where known, for the still step's jitter.
    public init(steps kinds: [CheckStepKind], offers: Offers,
                millimetresPerPoint: @escaping () -> (x: Double, y: Double)?) {
        self.offers = offers
        self.millimetresPerPoint = millimetresPerPoint
        steps = []
        steps = CheckStepKind.allCases.filter(kinds.contains).map(makeStep)
        skipFinished()
    }

    private func makeStep(_ kind: CheckStepKind) -> any CheckStep {
        let noTouch = "no seat offers touch: no touchscreen reaches this window"
        switch kind {
        case .cancel: return offers.touch ? CompositorCheckStep(.touchOnly) : SkippedStep(kind, reason: noTouch)
        case .fingers: return offers.touch ? FingersStep() : SkippedStep(kind, reason: noTouch)
        case .still: return offers.touch ? StillStep(millimetresPerPoint: millimetresPerPoint) : SkippedStep(kind, reason: noTouch)
        case .pen:
            return offers.tablet ? CompositorCheckStep(.penOnly) : SkippedStep(kind, reason: "no tablet or pen was announced (or the compositor offers no tablet protocol)")
        case .touchpad:
            return offers.pointerGestures ? TouchpadStep()
                : SkippedStep(kind, reason: "the compositor offers no touchpad gestures (zwp_pointer_gestures_v1), or no seat has a pointer")
        case .glass:
            return offers.presentation ? GlassStep()
                : SkippedStep(kind, reason: "the compositor offers no wp_presentation on a clock this system reads: touch→glass cannot be measured")
        }
    }

    /// The steps in order, with where each stands.
    public var kinds: [CheckStepKind] { steps.map(\.kind) }

    private var step: (any CheckStep)? { current < steps.count ? steps[current] : nil }

    public var isFinished: Bool { current >= steps.count }

    public var prompt: String {
        guard let step else { return "Done: the report is on the terminal." }
        return "Step \(current + 1) of \(steps.count), \(step.kind.title): \(step.prompt)"
    }

    /// The current step's number in ``CheckStepKind``'s terms, nil when done.
    public var currentKind: CheckStepKind? { step?.kind }

    /// Moves past every finished step.
    private func skipFinished() {
        while let step, step.isFinished { current += 1 }
    }

    // MARK: Input

    public func received(_ touch: RawTouchInput, seat: SeatID) {
        step?.received(touch, seat: seat)
    }

    public func delivered(_ event: TouchEvent) {
        let prompt = self.prompt
        step?.delivered(event)
        afterInput(unlessPrompt: prompt)
    }

    /// After anything that may end a step: moves on and tells the shell, or tells it only
    /// that the prompt changed (a step's prompt may change within it, "That was 1.2 s").
    private func afterInput(unlessPrompt before: String) {
        let index = current
        skipFinished()
        if current != index || prompt != before { onChange?() }
    }

    public func anomaly(_ anomaly: TouchAnomaly) { step?.anomaly(anomaly) }

    public func received(_ tablet: RawTabletToolInput, tool: TabletToolID, seat: SeatID) {
        let prompt = self.prompt
        step?.received(tablet, tool: tool, seat: seat)
        afterInput(unlessPrompt: prompt)
    }

    public func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {
        // Every step hears it, whenever it comes: the pen step needs the tools announced before
        // it began, and the others ignore them.
        for step in steps { step.tabletToolAdded(tool, description: description, seat: seat) }
    }

    public func touchpadGesture(_ gesture: TouchpadGesture, seat: SeatID) {
        let prompt = self.prompt
        step?.touchpadGesture(gesture, seat: seat)
        afterInput(unlessPrompt: prompt)
    }

    public func timeOut() {
        guard let step else { return }
        let prompt = self.prompt
        step.timeOut()
        afterInput(unlessPrompt: prompt)
    }

    public func presentationOffered() {}

    public func notePresented(inputToPresent: Double, frames: Int, refreshNanoseconds: UInt32, flags: [String]) {
        step?.presented(inputToPresent: inputToPresent, frames: frames, refreshNanoseconds: refreshNanoseconds, flags: flags)
    }

    public func noteDiscarded() { step?.discarded() }

    public func tabletPresent() {}

    public func tabletToolsKnown(_ tools: [TabletToolID: TabletToolDescription], seat: SeatID) {
        for (id, description) in tools.sorted(by: { $0.key.raw < $1.key.raw }) { tabletToolAdded(id, description: description, seat: seat) }
    }

    // MARK: Results

    /// Every step's result: those that ran; the one running when the check was stopped, failed
    /// with what it had seen; those that could never run, skipped; the rest failed, the check
    /// having ended before them.
    public var result: CheckSuiteResult {
        var results = steps.prefix(current).map { $0.result() }
        for (index, step) in steps.enumerated().dropFirst(current) {
            if step is SkippedStep {
                results.append(step.result())
            } else if index == current {
                results.append(CheckStepResult(step: step.kind, outcome: .failed, reasons: ["the check was stopped before this step finished"],
                                               findings: step.result().findings))
            } else {
                results.append(CheckStepResult(step: step.kind, outcome: .failed, reasons: ["the check ended before this step ran"]))
            }
        }
        let glass = steps.compactMap { $0 as? GlassStep }.first
        return CheckSuiteResult(steps: results,
                                touchToGlassMilliseconds: glass?.figures.latencies.map { $0 * 1000 } ?? [],
                                refreshMilliseconds: Double(glass?.figures.refreshNanoseconds ?? 0) / 1e6)
    }

    /// The terminal's report: a header, then each step's outcome and findings, then a summary.
    public func report() -> [String] {
        let result = self.result
        var lines = ["touchcanvas check: \(result.steps.count) steps", "touchcanvas version: \(TouchCanvasVersion.current)"]
        for (index, step) in result.steps.enumerated() {
            lines.append("step \(index + 1) \(step.step.rawValue) (\(step.step.title)): \(step.outcome.rawValue)"
                         + (step.reasons.isEmpty ? "" : ": " + step.reasons.joined(separator: "; ")))
            lines += step.findings.map { "  " + $0 }
        }
        let count = { (outcome: CheckOutcome) in result.steps.filter { $0.outcome == outcome }.count }
        lines.append("result: \(count(.passed)) passed, \(count(.failed)) failed, \(count(.skipped)) skipped")
        return lines
    }
}
