import Foundation
import TouchKit

/// `check fingers`: as many fingers as the person can put down at once. A touchscreen reports
/// from 2 to 10 or more contacts; a driver or compositor that caps them, or loses one on the
/// way (cancelled with no system gesture, or a protocol error), shows here.
@MainActor
final class FingersStep: CheckStep {
    let kind = CheckStepKind.fingers
    private var active: Set<Int> = []
    /// Touches that began in this step: one already down when it began is not this step's.
    private var began: Set<Int> = []
    private(set) var most = 0
    private var cancelled: [Int] = []
    private var anomalies: [TouchAnomaly] = []
    private var timedOut = false
    private(set) var isFinished = false

    var prompt: String {
        "Put down as many fingers as you can, all at once (both hands if you like), hold them a moment, then lift them all."
    }

    func delivered(_ event: TouchEvent) {
        guard !isFinished else { return }
        for touch in event.allTouches where touch.type == .direct {
            switch touch.phase {
            case .began:
                began.insert(touch.number)
                active.insert(touch.number)
            case .moved, .stationary:
                if began.contains(touch.number) { active.insert(touch.number) }
            case .ended:
                active.remove(touch.number)
            case .cancelled:
                if active.remove(touch.number) != nil { cancelled.append(touch.number) }
            }
        }
        most = max(most, active.count)
        // One finger alone does not end the step: the person may be putting the rest down.
        if active.isEmpty && most >= 2 { isFinished = true }
    }

    func anomaly(_ anomaly: TouchAnomaly) {
        guard !isFinished else { return }
        anomalies.append(anomaly)
    }

    func timeOut() {
        timedOut = true
        isFinished = true
    }

    func result() -> CheckStepResult {
        var findings = ["most fingers at once: \(most)"]
        findings.append("cancelled: " + (cancelled.isEmpty ? "none" : cancelled.map { "touch \($0)" }.joined(separator: ", ")))
        findings += ToleratedAnomalies.lines(anomalies)
        var reasons: [String] = []
        if most == 0 {
            reasons.append("timed out: no finger arrived")
        } else if most == 1 {
            reasons.append("only one finger at a time arrived: the screen, its driver or the compositor gives no multitouch")
        } else if timedOut {
            reasons.append("timed out with \(active.count) of \(most) fingers still down")
        }
        if !cancelled.isEmpty {
            reasons.append("\(cancelled.count) of the fingers were cancelled though no system gesture was asked for: they were lost")
        }
        reasons += ToleratedAnomalies.failures(anomalies)
        return CheckStepResult(step: kind, outcome: reasons.isEmpty ? .passed : .failed, reasons: reasons, findings: findings)
    }
}

/// `check still`: one finger held still for ``TargetsRun/holdSeconds``; its jitter radius (how
/// far the reported position wanders from its mean) against the limit Windows' touch
/// requirements set, ``TargetsResults/jitterLimit``. Judged in millimetres only: where the
/// output gives no size, the figure is given in pixels and the step is skipped.
@MainActor
final class StillStep: CheckStep {
    let kind = CheckStepKind.still
    private let millimetresPerPoint: () -> (x: Double, y: Double)?
    private var held: Int?
    private var samples: [(location: Point, time: Double)] = []
    /// The last try was too short or was joined by another finger: the prompt says so.
    private var retry: String?
    private var jitterPixels: Double?
    private var jitterMillimetres: Double?
    private var heldSeconds: Double?
    private var timedOut = false
    private(set) var isFinished = false

    init(millimetresPerPoint: @escaping () -> (x: Double, y: Double)?) {
        self.millimetresPerPoint = millimetresPerPoint
    }

    var prompt: String {
        let ask = "Put one finger down and hold it as still as you can for \(Int(TargetsRun.holdSeconds)) seconds, then lift it."
        return retry.map { "\($0) \(ask)" } ?? ask
    }

    func delivered(_ event: TouchEvent) {
        guard !isFinished else { return }
        let fingers = event.allTouches.filter { $0.type == .direct }
        if let held, fingers.contains(where: { $0.number != held && !$0.phase.isTerminal }) {
            return restart("Only one finger, please.")
        }
        for touch in fingers {
            if touch.phase == .began && held == nil {
                held = touch.number
                samples = []
            }
            guard touch.number == held else { continue }
            // Every sample the compositor sent, not one per display frame: jitter hides between them.
            let coalesced = event.coalescedTouches(for: touch)
            let reported = (coalesced.isEmpty ? [touch] : coalesced).map { ($0.location(in: nil), $0.timestamp) }
            switch touch.phase {
            case .began, .moved:
                samples += reported
            case .stationary:
                break
            case .ended:
                samples += reported
                finishHold(liftedAt: touch.timestamp)
            case .cancelled:
                restart("The finger was cancelled.")
            }
        }
    }

    private func restart(_ why: String) {
        retry = why
        held = nil
        samples = []
    }

    private func finishHold(liftedAt time: Double) {
        guard let first = samples.first else { return }
        let duration = time - first.time
        guard duration >= TargetsRun.holdSeconds else {
            return restart(String(format: "That was %.1f s.", max(duration, 0)))
        }
        heldSeconds = duration
        let window = samples.filter { $0.time <= first.time + TargetsRun.holdSeconds }.map(\.location)
        jitterPixels = PathFigures.jitterRadius(window)
        if let mm = millimetresPerPoint() {
            jitterMillimetres = PathFigures.jitterRadius(window.map { Point(x: $0.x * mm.x, y: $0.y * mm.y) })
        }
        isFinished = true
    }

    func timeOut() {
        timedOut = true
        isFinished = true
    }

    func result() -> CheckStepResult {
        guard let jitterPixels, let heldSeconds else {
            return CheckStepResult(step: kind, outcome: .failed,
                                   reasons: ["timed out waiting for one finger held still for \(Int(TargetsRun.holdSeconds)) s"],
                                   findings: retry.map { ["last try: \($0)"] } ?? [])
        }
        var findings = [String(format: "held %.2f s; jitter radius %.2f px", heldSeconds, jitterPixels)]
        guard let jitterMillimetres else {
            findings.append("jitter in mm: unknown (the output gives no physical size)")
            return CheckStepResult(step: kind, outcome: .skipped,
                                   reasons: [String(format: "the output gives no physical size, so the jitter (%.2f px) cannot be judged in millimetres", jitterPixels)],
                                   findings: findings)
        }
        findings.append(String(format: "jitter radius %.2f mm; the limit is %.1f mm", jitterMillimetres, TargetsResults.jitterLimit))
        let passed = jitterMillimetres <= TargetsResults.jitterLimit
        return CheckStepResult(step: kind, outcome: passed ? .passed : .failed,
                               reasons: passed ? [] : [String(format: "a still finger wandered %.2f mm, over the %.1f mm limit", jitterMillimetres, TargetsResults.jitterLimit)],
                               findings: findings)
    }
}
