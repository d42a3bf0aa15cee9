import ArgumentParser
import TouchCanvasApp

/// `touchcanvas check`: the guided compositor check (``CompositorCheck``), or a suite of steps
/// (``CheckSuite``), in the inspect scene. Exit status 0 when no step failed, 1 when one did or
/// the time ran out, 2 when the check could not run (no compositor, or nothing to check), with
/// the reasons in the report on stdout.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check how the compositor hands touch over: cancellation, fingers, stillness, pen, touchpad, touch→glass.",
        discussion: """
            With no step named, or `cancel`, the window asks you to put three fingers down, then \
            to do a system gesture (GNOME: a three- or four-finger swipe; Sway: a gesture you \
            bound with bindgesture), then to lift. The report says whether wl_touch.cancel \
            arrived, which touches it covered, whether frames followed the ups, which anomalies \
            and stuck touches were seen, and the seat and protocol versions; a pen part follows \
            where a tablet is present. \
            Name steps (`check fingers still`) or give --all to run them in order: cancel, \
            fingers (as many as you can put down), still (one finger held 2 s: jitter), pen \
            (with a tablet), touchpad (a swipe and a pinch, where pointer gestures are offered), \
            glass (touch→glass, where wp_presentation is offered). Each step passes, fails or is \
            skipped with its reason; --timeout applies to each. \
            Exit status: 0 no step failed, 1 one did, 2 the check could not run.
            """)

    @Argument(help: ArgumentHelp("Steps to run, in this order whatever order they are named in: \(CheckStepKind.allCases.map(\.rawValue).joined(separator: ", ")).",
                                 valueName: "step"))
    var steps: [CheckStepKind] = []

    @Flag(help: "Run every step.")
    var all = false

    @Flag(help: "Print the results as one JSON document on stdout (the report goes to stderr).")
    var json = false

    @Option(help: "Give up on a step after this many seconds; also the longest wait for the compositor to answer at start, when shorter than \(Int(AppOptions.defaults.connectTimeout)) s and --connect-timeout is not given.")
    var timeout: Double = 60

    @OptionGroup var window: WindowOptions

    @OptionGroup var connect: ConnectOptions

    @OptionGroup var stuckTouches: StuckTouchOptions

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
        if all && !steps.isEmpty { throw ValidationError("name steps or give --all, not both") }
    }

    /// The steps as a suite, or nil for the cancel check as it has always run.
    var suiteSteps: [CheckStepKind]? {
        if all { return CheckStepKind.allCases }
        if steps.isEmpty || steps == [.cancel] { return nil }
        return steps
    }

    func run() throws {
        var options = AppOptions(scene: .inspect, size: window.size.pair, fullscreen: window.fullscreen, output: window.output,
                                 stuckAfter: stuckTouches.stuckAfter, checkTimeout: timeout)
        options.connectTimeout = connect.answerTimeout(checkTimeout: timeout)
        options.checkSteps = suiteSteps
        options.checkJSON = json
        try AppController.runUntilExit(options)
    }
}
