import TouchCanvasApp

/// `--log present`: one JSON line per commit that carried input, when the compositor said it
/// was shown (`"present"`, nanoseconds on the presentation clock) or that it never was
/// (`"discarded"`). `"input"` is the oldest input the commit carried, on the same clock (the
/// compositor's event time where it is on that clock, else the event's arrival), and the
/// `_us` times are microseconds from it. `"touches"` are the numbers of the touches whose change
/// the commit carried, as `--log phases` numbers them. `"samples"` counts the input frames whose
/// touch→glass the line gives, each from its own time: `sample_median_us` and `sample_max_us`.
/// A discarded commit's frames were shown by the commit that replaced it: its line has them
/// when that one was already shown, else that one's line does.
enum PresentLog {
    static func line(for report: PresentationReport) -> String {
        func micro(_ seconds: Double?) -> String { seconds.map { JSONText.number(($0 * 1e6 * 1000).rounded() / 1000) } ?? "null" }
        let touches = "\"touches\":[" + report.touches.map(String.init).joined(separator: ",") + "]"
        let sorted = report.sampleToPresent.sorted()
        let samples = "\"samples\":\(sorted.count),\"sample_median_us\":\(micro(sorted.isEmpty ? nil : sorted[sorted.count / 2]))"
            + ",\"sample_max_us\":\(micro(sorted.last))"
        guard let present = report.presentedNanoseconds else {
            return "{\"discarded\":true,\"input\":\(report.inputNanoseconds),\"input_to_commit_us\":\(micro(report.inputToCommit)),"
                + "\(samples),\(touches)}"
        }
        let flags = report.flags.map { JSONText.string($0) }.joined(separator: ",")
        return "{\"present\":\(present),\"input\":\(report.inputNanoseconds),\"refresh_ns\":\(report.refreshNanoseconds)"
            + ",\"input_to_present_us\":\(micro(report.inputToPresent)),\"input_to_commit_us\":\(micro(report.inputToCommit))"
            + ",\"commit_to_present_us\":\(micro(report.commitToPresent)),\"frames\":\(report.frames),\"flags\":[\(flags)],\(samples),\(touches)}"
    }
}
