import ArgumentParser
import Rendering
import Recording
import TouchCanvasApp
import TouchCanvasConstants

/// The command line. Opening the window is a subcommand of its own (`run`, the default) rather
/// than the root's own options: ArgumentParser gives a parent's options precedence over a
/// subcommand's of the same name, so `demo --scene` or `check --size` would silently go to the
/// root.
@main
struct TouchCanvasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchcanvas",
        abstract: "A multitouch canvas and touch diagnostic for Wayland.",
        discussion: """
            With no subcommand, `run` opens the window: `touchcanvas --scene trace` is \
            `touchcanvas run --scene trace`; `touchcanvas help run` lists its options.
            """,
        version: TouchCanvasVersion.current,
        subcommands: [Run.self, Check.self, Report.self, Replay.self, Demo.self],
        defaultSubcommand: Run.self)
}

/// `touchcanvas run` (the default): the app's window.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the multitouch canvas (the default when no subcommand is given).",
        discussion: """
            Keys: Esc or q quit, F11 fullscreen on/off, c clear, u or Ctrl+Z undo the last stroke, \
            s save a PNG (and SVG) to the pictures folder, 1–8 switch scenes (canvas, spots, draw, \
            trace, gestures, inspect, targets, latency), h the inspector HUD, d the debug overlay, p palm rejection \
            (on by default: fingers that come down while a pen is in range draw nothing), g the \
            coverage grid (spots and targets scenes), f the latency scene's flash in the whole window \
            or a corner patch. \
            With --log phases every delivered touch is printed as one JSON line on stdout, with \
            --log raw every wl_seat, wl_touch, wl_pointer and tablet event; compositor anomalies \
            appear in both.
            """)

    @Option(help: "The scene to show.")
    var scene = AppOptions.defaults.scene

    @OptionGroup var window: WindowOptions

    @Option(help: "Who draws the window frame: auto (the compositor where it offers to, else the app), server, client (the app's own frame, for mouse and touch), libdecor or none.")
    var decorations = AppOptions.defaults.decorations

    @Option(help: ArgumentHelp("What to print on stdout, as JSON lines: none, or one or more of phases (each delivered touch), raw (each wl_seat, wl_touch, wl_pointer, tablet and touchpad gesture event as it arrives), present (when each commit that carried input reached the screen, by wp_presentation) and gestures (each gesture recognizer's state change), separated by commas (--log phases,present). Anomalies appear with phases and raw.", valueName: "mode[,mode…]"))
    var log = AppOptions.defaults.log

    @Option(help: ArgumentHelp("How far ahead predicted touches reach: auto (the measured touch-to-glass median, none while that is below one refresh), off, or a fixed number of milliseconds up to 50.", valueName: "auto|off|ms"))
    var predict = AppOptions.defaults.prediction

    @Option(help: "When a frame is committed: foot (at once when the compositor has shown the last one, else at its frame callback) or deadline (just before the compositor's next vblank, learned from wp_presentation).")
    var pacing = AppOptions.defaults.pacing

    @OptionGroup var touches: SingleTouchOptions

    @Option(help: ArgumentHelp("Save the drawing as PNG (and SVG beside it) when the app ends.", valueName: "file.png"))
    var saveOnExit: String?

    @Option(help: ArgumentHelp("Record the raw input stream to a file that `touchcanvas replay` plays back.", valueName: "file.tcrec"))
    var record: String?

    @OptionGroup var stuckTouches: StuckTouchOptions

    @OptionGroup var connect: ConnectOptions

    @Option(help: ArgumentHelp("Play the touches of a recording into the window at their own pace, as if from a seat of their own (a demo, or a drawing on a compositor without input).", valueName: "file.tcrec"))
    var play: String?

    func run() throws {
        var outputs = OutputPreflight(inputs: play.map { [OutputInput(path: $0, role: "the recording being played")] } ?? [])
        outputs.addPicture(saveOnExit)
        outputs.add(record, kind: OutputPreflight.recording)
        try outputs.check()
        var options = AppOptions(scene: scene, size: window.size.pair, fullscreen: window.fullscreen, output: window.output, decorations: decorations,
                                 log: log, singleTouch: touches.singleTouch, saveOnExit: saveOnExit, record: record,
                                 stuckAfter: stuckTouches.stuckAfter, prediction: predict, pacing: pacing)
        options.connectTimeout = connect.answerTimeout(checkTimeout: nil)
        if let play {
            do {
                options.play = try RecordingParser.parse(contentsOf: play)
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
        }
        try AppController.runUntilExit(options)
    }
}
