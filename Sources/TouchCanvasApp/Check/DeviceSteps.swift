import Foundation
import TouchKit

/// `check cancel` and `check pen` as steps of a suite: the touch part or the pen part of
/// ``CompositorCheck``, judged as the check that runs both judges them.
@MainActor
final class CompositorCheckStep: CheckStep {
    let kind: CheckStepKind
    let check: CompositorCheck

    init(_ parts: CompositorCheck.Parts) {
        kind = parts == .penOnly ? .pen : .cancel
        check = CompositorCheck(parts: parts)
        // The pen step is made only where a tablet is present: a pen that never comes fails
        // it, even before the compositor has announced a tool (libinput does once it is near).
        if parts == .penOnly { check.tabletPresent() }
    }

    var prompt: String { check.prompt }
    var isFinished: Bool { check.isFinished }
    func received(_ touch: RawTouchInput, seat: SeatID) { check.received(touch, seat: seat) }
    func delivered(_ event: TouchEvent) { check.delivered(event) }
    func anomaly(_ anomaly: TouchAnomaly) { check.anomaly(anomaly) }
    func received(_ tablet: RawTabletToolInput, tool: TabletToolID, seat: SeatID) { check.received(tablet, tool: tool, seat: seat) }
    func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {
        check.tabletToolAdded(tool, description: description, seat: seat)
    }
    func timeOut() { check.timeOut() }
    func result() -> CheckStepResult {
        CheckStepResult(step: kind, outcome: check.passed ? .passed : .failed, reasons: check.failures, findings: check.findings)
    }
}

/// `check touchpad`: a swipe and a pinch on the touchpad, through `zwp_pointer_gestures_v1`.
/// Each must run begin → update… → end; an update or end with no begin, or a begin while one
/// runs, is a broken sequence. A cancelled end counts as arrived (the compositor may take a
/// gesture for itself midway), and is said. A client cannot tell whether there is a touchpad
/// at all (a mouse gives the seat its pointer too), so when the time runs out with no gesture
/// event whatever, the step is skipped, saying so; once any gesture came, it must finish.
@MainActor
final class TouchpadStep: CheckStep {
    let kind = CheckStepKind.touchpad
    private var running: [TouchpadGesture.Kind: (fingers: Int, updates: Int)] = [:]
    private var finished: [TouchpadGesture.Kind: [(fingers: Int, updates: Int, cancelled: Bool)]] = [:]
    private var broken: [String] = []
    private var timedOut = false
    private(set) var isFinished = false

    var prompt: String {
        let swipe = finished[.swipe]?.isEmpty == false, pinch = finished[.pinch]?.isEmpty == false
        switch (swipe, pinch) {
        case (false, false): return "On the touchpad: swipe with three or four fingers, then pinch with two."
        case (true, false): return "Swipe seen. Now pinch with two fingers on the touchpad."
        default: return "Pinch seen. Now swipe with three or four fingers on the touchpad (GNOME keeps three-finger swipes: use four)."
        }
    }

    func touchpadGesture(_ gesture: TouchpadGesture, seat: SeatID) {
        guard !isFinished else { return }
        switch gesture.phase {
        case .began:
            if running[gesture.kind] != nil { broken.append("a \(gesture.kind.rawValue) began while one was running") }
            running[gesture.kind] = (gesture.fingers, 0)
        case .changed:
            guard running[gesture.kind] != nil else {
                return broken.append("a \(gesture.kind.rawValue) update came with no begin")
            }
            running[gesture.kind]?.updates += 1
        case .ended, .cancelled:
            guard let run = running.removeValue(forKey: gesture.kind) else {
                return broken.append("a \(gesture.kind.rawValue) end came with no begin")
            }
            finished[gesture.kind, default: []].append((run.fingers, run.updates, gesture.phase == .cancelled))
        }
        if finished[.swipe]?.isEmpty == false && finished[.pinch]?.isEmpty == false { isFinished = true }
    }

    func timeOut() {
        timedOut = true
        isFinished = true
    }

    func result() -> CheckStepResult {
        var findings: [String] = []
        for kind in [TouchpadGesture.Kind.swipe, .pinch, .hold] {
            let runs = finished[kind] ?? []
            guard !runs.isEmpty || kind != .hold else { continue }
            findings.append("\(kind.rawValue): " + (runs.isEmpty ? "none arrived" : runs.map { run in
                "\(run.fingers) fingers, \(run.updates) updates, \(run.cancelled ? "cancelled" : "ended")"
            }.joined(separator: "; ")))
        }
        findings += broken.map { "broken sequence: \($0)" }
        var reasons = broken.map { "broken gesture sequence: \($0)" }
        if timedOut && finished.isEmpty && running.isEmpty && broken.isEmpty {
            return CheckStepResult(step: kind, outcome: .skipped,
                                   reasons: ["no touchpad gesture arrived in the time given: no touchpad, or none was used"],
                                   findings: findings)
        }
        if timedOut {
            let missing = [TouchpadGesture.Kind.swipe, .pinch].filter { finished[$0]?.isEmpty != false }.map(\.rawValue)
            if !missing.isEmpty { reasons.append("timed out waiting for a touchpad " + missing.joined(separator: " and a ")) }
        }
        return CheckStepResult(step: kind, outcome: reasons.isEmpty ? .passed : .failed, reasons: reasons, findings: findings)
    }
}

/// `check glass`: one finger drawing for a second or more, and how long its input took to
/// reach the screen, by `wp_presentation`. It fails when no commit that carried input was
/// shown at all, or when the median is over ``mostRefreshes`` refreshes (a compositor that
/// holds frames); anything faster is reported, not judged, since it depends on the panel and
/// the load as much as on the compositor.
@MainActor
final class GlassStep: CheckStep {
    let kind = CheckStepKind.glass
    /// The longest median touch→glass that passes, in refreshes: a commit aimed at the next
    /// vblank, one refresh of queueing, and one of slack.
    static let mostRefreshes = 3.0
    /// Where the refresh is not known.
    static let mostMilliseconds = 50.0
    /// How long the stroke must be, by its own event times.
    static let strokeSeconds = 1.0
    private(set) var figures = GlassFigures()
    private var finger: Int?
    private var strokeStart: Double?
    private var timedOut = false
    private(set) var isFinished = false

    init() { figures.offered = true }

    var prompt: String { "Draw with one finger for a second or two, then lift it." }

    func delivered(_ event: TouchEvent) {
        guard !isFinished else { return }
        for touch in event.allTouches where touch.type == .direct {
            switch touch.phase {
            case .began where finger == nil:
                finger = touch.number
                strokeStart = touch.timestamp
            case .ended, .cancelled:
                guard touch.number == finger, let start = strokeStart else { continue }
                finger = nil
                if touch.timestamp - start >= Self.strokeSeconds && !figures.latencies.isEmpty { isFinished = true }
            default:
                break
            }
        }
    }

    func presented(inputToPresent: Double, frames: Int, refreshNanoseconds: UInt32, flags: [String]) {
        guard !isFinished, strokeStart != nil else { return }
        figures.presented(inputToPresent: inputToPresent, frames: frames, refreshNanoseconds: refreshNanoseconds, flags: flags)
    }

    func discarded() {
        guard !isFinished, strokeStart != nil else { return }
        figures.noteDiscarded()
    }

    func timeOut() {
        timedOut = true
        isFinished = true
    }

    /// The median touch→glass in milliseconds; nil before any presentation.
    var medianMilliseconds: Double? {
        let sorted = figures.latencies.sorted()
        return sorted.isEmpty ? nil : sorted[sorted.count / 2] * 1000
    }

    func result() -> CheckStepResult {
        let findings = figures.report()
        guard let median = medianMilliseconds else {
            let why = strokeStart == nil ? "timed out waiting for a stroke"
                : "no commit that carried input was shown: the compositor sent no presentation feedback (\(figures.discarded) discarded)"
            return CheckStepResult(step: kind, outcome: .failed, reasons: [why], findings: findings)
        }
        let refresh = Double(figures.refreshNanoseconds) / 1e6
        let limit = refresh > 0 ? refresh * Self.mostRefreshes : Self.mostMilliseconds
        var reasons: [String] = []
        if median > limit {
            reasons.append(String(format: "median touch→glass %.1f ms is over %.1f ms", median, limit)
                           + (refresh > 0 ? String(format: " (%.0f refreshes): the compositor holds frames", Self.mostRefreshes) : ""))
        }
        if timedOut && figures.latencies.count < 2 { reasons.append("timed out before a stroke of \(Int(Self.strokeSeconds)) s was drawn") }
        return CheckStepResult(step: kind, outcome: reasons.isEmpty ? .passed : .failed, reasons: reasons, findings: findings)
    }
}
