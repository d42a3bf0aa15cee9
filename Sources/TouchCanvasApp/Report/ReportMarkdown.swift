import Foundation

/// The report as a person reads it: a Markdown page that renders in any bug tracker, with the
/// charts beside it as images. Every fact in it is also in the JSON; the page leaves out only
/// the recording's text (it links the recording file instead).
public enum ReportMarkdown {
    /// The page. `recordingFile` is the recording's file name beside the page, where there is one.
    public static func page(for report: BugReport, recordingFile: String?) -> String {
        var out: [String] = ["# TouchCanvas report", ""]
        out.append("Made by touchcanvas \(report.touchcanvasVersion) on \(report.created).")
        out.append("")
        out += system(report)
        out += compositor(report)
        out += seats(report)
        out += outputs(report)
        out += tablets(report)
        if let checks = report.checks { out += checkSection(checks) }
        if !report.charts.isEmpty {
            out += ["## Charts", ""]
            for chart in report.charts { out += ["![\(chart.caption)](\(chart.file))", "", "*\(chart.caption)*", ""] }
        }
        if let recordingFile {
            out += ["## Recording", "",
                    "The checks' input is in [`\(recordingFile)`](\(recordingFile)) (also inside the JSON). "
                        + "`touchcanvas replay \(recordingFile)` draws it again; `--report` prints its figures.", ""]
        }
        out += ["## The kernel's view", "", report.libinputRecord.note, "", "```"] + report.libinputRecord.commands + ["```", ""]
        out += globals(report)
        return out.joined(separator: "\n")
    }

    private static func system(_ r: BugReport) -> [String] {
        var lines = ["## System", ""]
        lines.append("- OS: \(r.system.osRelease ?? "unknown")")
        lines.append("- Kernel: \([r.system.kernel, r.system.machine].compactMap { $0 }.joined(separator: " "))")
        let env = r.session.environment.keys.sorted().map { "`\($0)=\(r.session.environment[$0] ?? "")`" }
        lines.append("- Session: " + (env.isEmpty ? "no desktop variables set" : env.joined(separator: ", ")))
        return lines + [""]
    }

    private static func compositor(_ r: BugReport) -> [String] {
        var lines = ["## Compositor", ""]
        let evidence = r.compositor.evidence.isEmpty ? "" : " (from \(r.compositor.evidence.joined(separator: ", ")))"
        lines.append("- **\(r.compositor.name)**\(evidence)")
        if let command = r.compositor.versionCommand { lines.append("- Its version: run `\(command)` and add it here.") }
        let f = r.features
        func offered(_ version: UInt32?, _ what: String) -> String {
            version.map { "- \(what): offered, version \($0)" } ?? "- \(what): not offered"
        }
        var presentation = offered(f.presentation, "Presentation feedback (`wp_presentation`, touch→glass)")
        if let clock = f.presentationClock { presentation += ", clock \(clock)" }
        lines.append(presentation)
        lines.append(offered(f.inputTimestamps, "Nanosecond input times (`zwp_input_timestamps_manager_v1`)"))
        lines.append(offered(f.pointerGestures, "Touchpad gestures (`zwp_pointer_gestures_v1`)"))
        lines.append(offered(f.tablets, "Tablets and pens (`zwp_tablet_manager_v2`)"))
        lines.append(offered(f.fractionalScale, "Fractional scaling (`wp_fractional_scale_manager_v1`)"))
        lines.append(offered(f.fifo, "FIFO commits (`wp_fifo_manager_v1`, the latency flash)"))
        lines.append(offered(f.commitTiming, "Timed commits (`wp_commit_timing_manager_v1`)"))
        return lines + [""]
    }

    private static func seats(_ r: BugReport) -> [String] {
        var lines = ["## Seats", ""]
        guard !r.seats.isEmpty else { return lines + ["The compositor announced no seat: no input can reach any window.", ""] }
        lines += ["| Seat | Capabilities | wl_seat version |", "|---|---|---|"]
        for seat in r.seats {
            let caps = seat.capabilities.isEmpty ? "none" : seat.capabilities.joined(separator: ", ")
            lines.append("| \(cell(seat.name.isEmpty ? "(unnamed)" : seat.name)) | \(caps) | \(seat.version) |")
        }
        return lines + [""]
    }

    private static func outputs(_ r: BugReport) -> [String] {
        var lines = ["## Outputs", ""]
        guard !r.outputs.isEmpty else { return lines + ["The compositor announced no output.", ""] }
        lines += ["| Name | Description | Make and model | Mode | Refresh | Scale | Transform | Size |",
                  "|---|---|---|---|---|---|---|---|"]
        for o in r.outputs {
            let mode = o.modeWidth.flatMap { w in o.modeHeight.map { "\(w)×\($0)" } } ?? "unknown"
            let refresh = o.refreshMillihertz > 0 ? String(format: "%.3f Hz", Double(o.refreshMillihertz) / 1000) : "unknown"
            let size = o.physicalSizeKnown ? "\(o.physicalWidthMillimetres)×\(o.physicalHeightMillimetres) mm"
                : "unknown (\(o.physicalWidthMillimetres)×\(o.physicalHeightMillimetres) announced)"
            let makeModel = [o.make, o.model].filter { !$0.isEmpty }.joined(separator: " ")
            lines.append("| \(cell(o.name ?? "—")) | \(cell(o.description ?? "—")) | \(cell(makeModel.isEmpty ? "—" : makeModel)) "
                         + "| \(mode) | \(refresh) | \(o.scale) | \(o.transform) | \(size) |")
        }
        return lines + [""]
    }

    private static func tablets(_ r: BugReport) -> [String] {
        var lines = ["## Tablets, pens and pads", ""]
        guard r.features.tablets != nil else { return lines + ["The compositor offers no tablet protocol: pens reach no window.", ""] }
        guard !(r.tablets.isEmpty && r.tools.isEmpty && r.pads.isEmpty) else { return lines + ["None announced.", ""] }
        for t in r.tablets {
            let id = t.usbID.map { " (USB \($0))" } ?? ""
            let paths = t.paths.isEmpty ? "" : ", " + t.paths.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("- Tablet **\(t.name.isEmpty ? "unnamed" : t.name)**\(id) on \(t.seat)\(paths)")
        }
        for tool in r.tools {
            var text = "- Tool: \(tool.type ?? "type not sent") on \(tool.seat)"
            if let serial = tool.hardwareSerial { text += ", serial \(serial)" }
            if let id = tool.hardwareIDWacom { text += ", Wacom id \(id)" }
            text += "; axes: " + (tool.capabilities.isEmpty ? "x and y only" : tool.capabilities.joined(separator: ", "))
            lines.append(text)
        }
        for pad in r.pads {
            lines.append("- Pad on \(pad.seat): \(pad.buttons) buttons" + (pad.paths.isEmpty ? "" : ", " + pad.paths.map { "`\($0)`" }.joined(separator: ", ")))
        }
        return lines + [""]
    }

    private static func checkSection(_ checks: CheckSuiteResult) -> [String] {
        var lines = ["## Checks", "", "| Step | Result | Why |", "|---|---|---|"]
        for step in checks.steps {
            let why = step.reasons.isEmpty ? "" : step.reasons.map(cell).joined(separator: "; ")
            lines.append("| \(step.step.title) | **\(step.outcome.rawValue)** | \(why) |")
        }
        lines.append("")
        for step in checks.steps where !step.findings.isEmpty {
            lines += ["### \(step.step.title.prefix(1).uppercased() + step.step.title.dropFirst())", "", "```"] + step.findings + ["```", ""]
        }
        return lines
    }

    private static func globals(_ r: BugReport) -> [String] {
        var lines = ["## Globals", "", "Every global the compositor announced, in its order.", "",
                     "| Interface | Version |", "|---|---|"]
        for g in r.globals { lines.append("| `\(g.interface)` | \(g.version) |") }
        return lines + [""]
    }

    /// Text made safe for a table cell: a pipe or a line break would end the cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
