import ArgumentParser

/// `touchcanvas check`: the guided compositor check (``CompositorCheck``) in the inspect scene.
/// Exit status 0 when the compositor behaved, 1 when it did not or the time ran out, with the
/// reasons in the report on stdout.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check how the compositor cancels touches taken by a system gesture.",
        discussion: """
            The window asks you to put three fingers down, then to do a system gesture (GNOME: \
            a three- or four-finger swipe; Sway: a gesture you bound with bindgesture), then to \
            lift. The report says whether wl_touch.cancel arrived, which touches it covered, \
            whether frames followed the ups, which anomalies and stuck touches were seen, and the \
            seat and protocol versions. Exit status: 0 the compositor behaved, 1 it did not.
            """)

    @Option(help: "Give up after this many seconds.")
    var timeout: Double = 60

    @OptionGroup var window: WindowOptions

    @OptionGroup var stuckTouches: StuckTouchOptions

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() throws {
        let options = AppOptions(scene: .inspect, size: window.size.pair, fullscreen: window.fullscreen, output: window.output,
                                 stuckAfter: stuckTouches.stuckAfter, checkTimeout: timeout)
        try AppController.runUntilExit(options)
    }
}
