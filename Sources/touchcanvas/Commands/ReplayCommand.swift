import ArgumentParser
import Rendering
import Recording
import TouchCanvasApp

/// `touchcanvas replay FILE --png OUT`: a recording rendered with no compositor, the same PNG
/// byte for byte every time; `--report` prints what its input measured. A file that cannot be read exits with 2 (as a usage error would),
/// anything else that fails with 1.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a recording made with --record into a PNG, with no compositor.",
        discussion: """
            The recording is played into the scene exactly as the app received it (display \
            frames included), so the picture is what the window showed at the end. A malformed, \
            truncated or newer-version file is reported with its line number and exit status 2.
            """)

    @Argument(help: ArgumentHelp("The recording to play.", valueName: "file.tcrec"))
    var file: String

    @OptionGroup var playback: PlaybackSceneOptions

    @Option(help: "Where to save the last frame.")
    var png: String?

    @Flag(help: "Print what the recording's input measured (each contact's rate, intervals and path, contacts at once, finger coverage, a targets course's verdict) on stdout, with nothing drawn unless --png is given too.")
    var report = false

    func validate() throws {
        guard png != nil || report else { throw ValidationError("say what to make of the recording: --png FILE, --report, or both") }
        guard !(report && log != .none) else {
            throw ValidationError("--report writes text on stdout, where --log writes JSON lines: use one at a time")
        }
    }

    @OptionGroup var touches: SingleTouchOptions

    /// A recording holds what TouchKit was given, not the wire: there is no raw log to offer.
    enum Log: String, CaseIterable, ExpressibleByArgument { case none, phases }

    @Option(help: "What to print on stdout: none, or phases (each delivered touch and each anomaly, as the app logs them).")
    var log: Log = .none

    func run() throws {
        var outputs = OutputPreflight(inputs: [OutputInput(path: file, role: "the recording being replayed")])
        outputs.add(png, kind: "PNG")
        try outputs.check()
        let recording: Recording
        do {
            recording = try RecordingParser.parse(contentsOf: file)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let status: Int32 = MainActor.assumeIsolated {
            let replayer = Replayer(recording: recording, scene: playback.scene(for: recording),
                                    singleTouch: touches.singleTouch)
            if log != .none {
                replayer.onAnomaly = { StandardOutput.writeLine(AnomalyLog.line(for: $0)) }
            }
            if log == .phases {
                let summaries = ContactSummaryLog()
                replayer.onDeliver = { PhaseLog.emit($0); summaries.deliver($0) }
            }
            // A targets course says what it measured, as the live app did (no output here, so
            // in pixels); the report says it itself.
            if !report { replayer.onTargetsFinished = { [log] in TargetsLog.report($0, json: log == .phases) } }
            if report {
                do {
                    for line in try RecordingReport.lines(for: recording, scene: playback.scene(for: recording),
                                                          singleTouch: touches.singleTouch) {
                        StandardOutput.writeLine(line)
                    }
                } catch {
                    printError("\(error)")
                    return 1
                }
            }
            guard let png else { return 0 }
            do {
                try replayer.writePNG(to: png)
            } catch {
                printError("\(error)")
                return 1
            }
            printError("saved \(png)")
            return 0
        }
        if status != 0 { throw ExitCode(status) }
    }
}
