import Foundation
import TouchCanvasApp
import TouchCanvasConstants

extension AppController {
    /// `check`: the guided check, its prompts in the HUD and on stderr, its report on stdout
    /// (or its JSON, with `--json`); the app ends when it does, with its exit status.
    func startCheck(timeout: Double) {
        if let steps = options.checkSteps {
            startSuite(steps, timeout: timeout)
        } else {
            startCancelCheck(timeout: timeout)
        }
        deadlines.schedule(.checkTimeout, after: timeout)
    }

    /// The check as it has always run: the cancel part, the pen part where a tablet is, and
    /// touch→glass, in one report.
    private func startCancelCheck(timeout: Double) {
        let check = CompositorCheck()
        prepare(check)
        reportCheck = { [unowned self, unowned check] in
            let seatInfo = (seats?.ordered ?? []).map { (name: $0.name, versions: $0.versions) }
            let step = CheckStepResult(step: .cancel, outcome: check.passed ? .passed : .failed,
                                       reasons: check.failures, findings: check.findings)
            finishCheck(lines: check.report(seats: seatInfo),
                        result: CheckSuiteResult(steps: [step], touchToGlassMilliseconds: check.glass.latencies.map { $0 * 1000 },
                                                 refreshMilliseconds: Double(check.glass.refreshNanoseconds) / 1e6))
        }
        session.beginCheck(check) { [unowned self] check in
            guard check.isFinished else { return printError(check.prompt) }
            reportCheck?()
        }
    }

    /// Named steps, or `--all`: each step has `timeout` seconds of its own.
    private func startSuite(_ steps: [CheckStepKind], timeout: Double) {
        let ordered = seats?.ordered ?? []
        let tabletKnown = seats?.tabletSeats.values.contains { !$0.tablets.isEmpty } == true
            || ordered.contains { !session.input.tabletTools(for: $0.id).isEmpty }
        let offers = CheckSuite.Offers(touch: ordered.contains { $0.hasTouch }, tablet: tabletKnown,
                                       pointerGestures: ordered.contains { $0.hasTouchpadGestures },
                                       presentation: pacer?.feedback?.clockIsUsable == true)
        let suite = CheckSuite(steps: steps, offers: offers) { [unowned self] in session.millimetresPerPoint }
        prepare(suite)
        reportCheck = { [unowned self, unowned suite] in finishCheck(lines: suite.report(), result: suite.result) }
        var step = suite.current
        session.beginCheck(suite) { [unowned self] suite in
            if suite.current != step {
                step = suite.current
                deadlines.reschedule(.checkTimeout, after: timeout)
            }
            guard suite.isFinished else { return printError(suite.prompt) }
            reportCheck?()
        }
        // Every step skipped: the report is due at once, from the loop (it cannot stop before it runs).
        if suite.isFinished { deadlines.schedule(.checkTimeout, after: 0) }
    }

    private func prepare(_ check: any GuidedCheck) {
        self.check = check
        if pacer?.feedback?.clockIsUsable == true { check.presentationOffered() }
        // Tools the compositor announced while the app started count: the check began after them.
        for seat in seats?.ordered ?? [] { check.tabletToolsKnown(session.input.tabletTools(for: seat.id), seat: seat.id) }
        if seats?.tabletSeats.values.contains(where: { !$0.tablets.isEmpty }) == true { check.tabletPresent() }
        if !check.isFinished { printError(check.prompt) }
    }

    /// The time for the current step ran out (or a suite with nothing to run is due to report).
    func checkTimedOut() {
        guard let check else { return }
        check.timeOut()
        if check.isFinished { reportCheck?() }
    }

    /// The app is ending with the check still under way (its window closed, Ctrl+C, the
    /// connection lost): a suite reports the steps it finished and fails the rest; the cancel
    /// check, which has no verdict without its fingers, says so (as JSON too, with `--json`).
    /// Returns the exit status, 1.
    func endUnfinishedCheck() -> Int32 {
        guard check is CheckSuite else {
            let why = "the check was stopped before it finished: no verdict"
            finishCheck(lines: ["result: \(why)"],
                        result: CheckSuiteResult(steps: [CheckStepResult(step: .cancel, outcome: .failed, reasons: [why])]))
            return 1
        }
        reportCheck?()
        return 1
    }

    private func finishCheck(lines: [String], result: CheckSuiteResult) {
        guard checkResult == nil else { return }
        checkResult = result
        if options.checkJSON {
            for line in lines { printError(line) }
            StandardOutput.writeLine(CheckJSON.text(result))
        } else {
            for line in lines { StandardOutput.writeLine(line) }
        }
        loop.stop(status: result.exitStatus)
    }
}

/// `check --json`: the results as one JSON document, for scripts.
enum CheckJSON {
    private struct Document: Encodable {
        let touchcanvasVersion: String
        let result: CheckSuiteResult
        let exitStatus: Int32
    }

    static func text(_ result: CheckSuiteResult) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let document = Document(touchcanvasVersion: TouchCanvasVersion.current, result: result, exitStatus: result.exitStatus)
        guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8) else {
            return #"{"error":"the results could not be encoded"}"#
        }
        return text
    }
}
