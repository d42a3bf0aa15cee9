import ArgumentParser
import Foundation
import Glibc
import Recording
import TouchCanvasApp
import TouchCanvasConstants

/// `touchcanvas report`: the file to attach to a touch bug (``BugReport``).
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a report to attach to a touch bug: compositor, globals, seats, outputs, tablets, and the checks.",
        discussion: """
            Connects, gathers what needs no touch (the compositor, every global and its version, \
            the seats, outputs, tablets and tools, the OS release) and writes a folder with \
            report.json and report.md. With --check it then runs every step of `touchcanvas \
            check` in a window and adds the results, a recording of the input and charts. From \
            a terminal it offers the checks when --check is not given. Nothing about the \
            person or the machine's files is written (no user or host name, no home paths). \
            Exit status: 0 the report was written, 1 it could not be written, 2 the compositor \
            could not be reached.
            """)

    @Option(name: .customLong("to"), help: ArgumentHelp("The folder to write the report's folder in.", valueName: "directory"))
    var directory = "."

    @Flag(help: "Run the guided checks and fold their results into the report.")
    var check = false

    @Flag(name: .customLong("no-check"), help: "Do not offer the guided checks.")
    var noCheck = false

    @Option(help: "Give up on a check step after this many seconds; also the longest wait for the compositor to answer at start, when shorter than \(Int(AppOptions.defaults.connectTimeout)) s and --connect-timeout is not given.")
    var timeout: Double = 60

    @OptionGroup var window: WindowOptions

    @OptionGroup var connect: ConnectOptions

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
        if check && noCheck { throw ValidationError("--check and --no-check ask for opposite things") }
    }

    func run() throws {
        let status = MainActor.assumeIsolated { make() }
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private func make() -> Int32 {
        var report: BugReport
        do {
            report = try gatherFacts()
        } catch {
            printError("report: \(error.description)")
            // Interrupted: the shell's status for the signal, as for any command it ended.
            return error.status > 128 ? error.status : 2
        }
        let folder: ReportFolder
        do {
            folder = try ReportFolder.make(under: directory, at: Date())
        } catch {
            printError("report: \(error.description)")
            return 1
        }
        var recording: Recording?
        if wantsChecks() {
            var options = AppOptions(scene: .inspect, size: window.size.pair, fullscreen: window.fullscreen, output: window.output,
                                     record: folder.file(ReportFolder.recordingFile), checkTimeout: timeout)
            options.connectTimeout = connect.answerTimeout(checkTimeout: timeout)
            options.checkSteps = CheckStepKind.allCases
            let (status, result) = AppController.runChecking(options)
            report.checks = result
            if result == nil { printError("report: the checks could not run (status \(status)); the report has the facts alone") }
            // Only a recording replay can read goes into the report (a check cut short by a
            // lost connection may leave a file that ends mid-line).
            if let text = try? String(contentsOfFile: folder.file(ReportFolder.recordingFile), encoding: .utf8) {
                do {
                    recording = try RecordingParser.parse(text)
                    report.recording = text
                } catch {
                    printError("report: the checks' recording is left out: \(error)")
                }
            }
        }
        report.charts = folder.writeCharts(recording: recording, checks: report.checks)
        do {
            let json = try report.json()
            try folder.write(String(decoding: json, as: UTF8.self) + "\n", to: ReportFolder.jsonFile, kind: "report")
            try folder.write(ReportMarkdown.page(for: report, recordingFile: recording == nil ? nil : ReportFolder.recordingFile),
                             to: ReportFolder.markdownFile, kind: "report")
        } catch let error as AppError {
            printError("report: \(error.description)")
            return 1
        } catch {
            printError("report: \(error)")
            return 1
        }
        say(folder: folder, report: report)
        return 0
    }

    @MainActor
    private func gatherFacts() throws(AppError) -> BugReport {
        let facts = try ReportProbe(answerTimeout: connect.answerTimeout(checkTimeout: timeout)).gather()
        let session = SessionFacts(environment: ProcessInfo.processInfo.environment)
        var features = FeatureFacts(globals: facts.globals)
        features.presentationClock = facts.presentationClock
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return BugReport(
            touchcanvasVersion: TouchCanvasVersion.current, created: formatter.string(from: Date()),
            system: SystemFactsReader.read(), session: session,
            compositor: CompositorIdentity.identify(interfaces: facts.globals.map(\.interface), session: session),
            globals: facts.globals, features: features, seats: facts.seats, outputs: facts.outputs,
            tablets: facts.tablets, tools: facts.tools, pads: facts.pads,
            libinputRecord: LibinputRecordAdvice.advice(tabletPaths: facts.tablets.flatMap(\.paths)))
    }

    /// `--check`, or, at a terminal, the person's answer.
    private func wantsChecks() -> Bool {
        if check { return true }
        if noCheck { return false }
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else {
            printError("report: add --check to run the guided checks (a window asks for fingers, a few minutes) and fold them in")
            return false
        }
        printError("Run the guided checks now? A window asks for fingers, a pen and the touchpad where present, "
                   + "about a minute each. [y/N]")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    @MainActor
    private func say(folder: ReportFolder, report: BugReport) {
        StandardOutput.writeLine("report written to \(folder.path)/")
        StandardOutput.writeLine("  \(ReportFolder.markdownFile): for people (paste it into the bug, or attach it with the PNGs)")
        StandardOutput.writeLine("  \(ReportFolder.jsonFile): everything, for tools (attach it)")
        if report.recording != nil { StandardOutput.writeLine("  \(ReportFolder.recordingFile): the checks' input (touchcanvas replay draws it)") }
        for chart in report.charts { StandardOutput.writeLine("  \(chart.file): \(chart.caption)") }
        StandardOutput.writeLine("compositor: \(report.compositor.name)"
                                 + (report.compositor.versionCommand.map { " (its version: \($0))" } ?? ""))
        StandardOutput.writeLine("also attach the kernel's view of the device: \(report.libinputRecord.commands.joined(separator: "; then "))")
    }
}
