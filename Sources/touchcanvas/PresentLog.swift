/// `--log present`: one JSON line per commit that carried input, when the compositor said it
/// was shown (`"present"`: CLOCK_MONOTONIC nanoseconds) or that it never was (`"discarded"`).
/// Times are microseconds from the oldest input the commit carried (by its arrival).
enum PresentLog {
    static func line(for report: PresentationFeedback.Report) -> String {
        func micro(_ seconds: Double?) -> String { seconds.map { JSONText.number(($0 * 1e6 * 1000).rounded() / 1000) } ?? "null" }
        guard let present = report.presentedNanoseconds else {
            return "{\"discarded\":true,\"input_to_commit_us\":\(micro(report.inputToCommit))}"
        }
        let flags = report.flags.map { JSONText.string($0) }.joined(separator: ",")
        return "{\"present\":\(present),\"refresh_ns\":\(report.refreshNanoseconds)"
            + ",\"input_to_present_us\":\(micro(report.inputToPresent)),\"input_to_commit_us\":\(micro(report.inputToCommit))"
            + ",\"commit_to_present_us\":\(micro(report.commitToPresent)),\"frames\":\(report.frames),\"flags\":[\(flags)]}"
    }
}
