import ArgumentParser
import Rendering
import Recording
import TouchCanvasApp

/// `touchcanvas replay FILE --png OUT`: a recording rendered with no compositor, the same PNG
/// byte for byte every time; `--report` prints what its input measured, `--log phases` what it
/// delivered, and the file alone is checked and summed up in one line. The file is read as it
/// is played, so a file of any size (up to the format's 256 MiB) takes the memory of its
/// drawing. A file that cannot be read or is malformed exits with 2 (as a usage error would),
/// anything else that fails with 1.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a recording made with --record into a PNG, with no compositor.",
        usage: "touchcanvas replay <file.tcrec> [--scene <scene>] [--png <png>] [--report] [--single-touch] [--log <log>]",
        discussion: """
            The recording is played into the scene exactly as the app received it (display \
            frames included), so the picture is what the window showed at the end. With neither \
            --png, --report nor --log, the whole file is checked and one line sums it up \
            (size, events, touches, length). A malformed, truncated or newer-version file, or \
            anything that is not a regular file (a FIFO, a device, a folder), is reported with \
            its line number and exit status 2. A replay that runs for more than two seconds \
            shows how far it is on stderr when that is a terminal.
            """)

    // Optional so that an unknown option is reported as one before a missing file is.
    @Argument(help: ArgumentHelp("The recording to play.", valueName: "file.tcrec"))
    var file: String?

    @OptionGroup var playback: PlaybackSceneOptions

    @Option(help: "Where to save the last frame.")
    var png: String?

    @Flag(help: "Print what the recording's input measured (each contact's rate, intervals and path, contacts at once, finger coverage, a targets course's verdict) on stdout, with nothing drawn unless --png is given too.")
    var report = false

    func validate() throws {
        guard !(report && log != .none) else {
            throw ValidationError("--report writes text on stdout, where --log writes JSON lines: use one at a time")
        }
    }

    @OptionGroup var touches: SingleTouchOptions

    /// A recording holds what TouchKit was given, not the wire: there is no raw log to offer.
    enum Log: String, CaseIterable, ExpressibleByArgument { case none, phases }

    @Option(help: "What to print on stdout: none, or phases (each delivered touch and each anomaly, as the app logs them); without --png nothing is drawn.")
    var log: Log = .none

    func run() throws {
        guard let file else { Self.exit(withError: ValidationError("Missing expected argument '<file.tcrec>'")) }
        var outputs = OutputPreflight(inputs: [OutputInput(path: file, role: "the recording being replayed")])
        outputs.add(png, kind: "PNG")
        try outputs.check()
        let status: Int32 = MainActor.assumeIsolated {
            if report {
                let status = play(file) { replayer throws(ReplayError) in
                    for line in try RecordingReport.lines(replaying: replayer) { StandardOutput.writeLine(line) }
                }
                guard status == 0, png != nil else { return status }
            } else if png == nil, log == .none {
                return play(file) { replayer throws(ReplayError) in
                    StandardOutput.writeLine(try ReplaySummary.line(file: file, playing: replayer))
                }
            }
            return play(file) { replayer throws(ReplayError) in
                if log != .none {
                    replayer.onAnomaly = { StandardOutput.writeLine(AnomalyLog.line(for: $0)) }
                }
                if log == .phases {
                    let summaries = ContactSummaryLog()
                    replayer.onDeliver = { PhaseLog.emit($0); summaries.deliver($0) }
                }
                // A targets course says what it measured, as the live app did (no output here,
                // so in pixels); the report says it itself.
                replayer.onTargetsFinished = { [log] in TargetsLog.report($0, json: log == .phases) }
                guard let png else {
                    try replayer.runWithoutDrawing()
                    return
                }
                try replayer.writePNG(to: png)
                printError("saved \(png)")
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Opens `file` as a stream and hands `body` a replayer reading it; the exit status: 2 when
    /// the file cannot be read or a line of it is malformed, 1 for any other failure.
    @MainActor
    private func play(_ file: String, _ body: (Replayer) throws(ReplayError) -> Void) -> Int32 {
        let stream: RecordingStream
        do {
            stream = try RecordingStream(contentsOf: file)
        } catch {
            printError(error.description)
            return 2
        }
        let progress = ReplayProgress(following: stream, name: file)
        defer { progress.finish() }
        let replayer = Replayer(stream: stream, scene: playback.scene(for: stream.header), singleTouch: touches.singleTouch)
        do {
            try body(replayer)
            return 0
        } catch {
            progress.finish()
            printError(error.description)
            if case .recording = error { return 2 }
            return 1
        }
    }
}
