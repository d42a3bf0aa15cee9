import Recording
import TouchCanvasApp

/// What the user asked for on the command line.
struct AppOptions {
    /// What the app does when not told otherwise: the command line's defaults are read from
    /// here, so each is written once, in the property's initial value below.
    static let defaults = AppOptions()

    enum LogMode: String, CaseIterable { case phases, raw, present, gestures }
    /// `--log`: any of the modes at once (`phases,present`), into one stream of JSON lines; each
    /// kind of line has a key of its own (`phase`, `interface`, `present` or `discarded`,
    /// `recognizer`, `anomaly`), so a reader can tell them apart.
    struct LogModes: Equatable {
        var modes: Set<LogMode> = []
        static let none = LogModes()
        func contains(_ mode: LogMode) -> Bool { modes.contains(mode) }
    }
    /// Who draws the window's frame: `auto` takes server-side decorations where the compositor
    /// offers them, else the app's own chrome (`client`), which fingers can work; `libdecor`
    /// asks for libdecor's frame instead (Debian 12's takes no touch), `none` for a bare window.
    enum Decorations: String, CaseIterable { case auto, server, client, libdecor, none }
    var scene: Scene = .canvas
    var size: (width: Int, height: Int) = (1024, 768)
    var fullscreen = false
    /// `--output`: the output fullscreen fills, by name, make and model, or description.
    var output: String?
    var decorations: Decorations = .auto
    var log = LogModes.none
    var singleTouch = false
    /// Saved (PNG, and SVG beside it) however the app ends: q, Esc, close, SIGINT, SIGTERM.
    var saveOnExit: String?
    /// `--record FILE`: the raw input stream, replayable with `touchcanvas replay`.
    var record: String?
    /// `--connect-timeout`: how long each round trip before the window is up may wait for the
    /// compositor's answer (a socket that accepts and never answers is said, not waited on).
    var connectTimeout: Double = 5
    /// Seconds without an event before an active touch is reported as possibly stuck.
    var stuckAfter: Double = 10
    /// `touchcanvas check`: run the guided compositor check, giving up after this many seconds
    /// (each step, when there are several).
    var checkTimeout: Double?
    /// `check` with steps named or `--all`: these steps, as a suite; nil runs the cancel check
    /// as it has always run (with its pen part and touch→glass).
    var checkSteps: [CheckStepKind]?
    /// `check --json`: the results as one JSON document on stdout, the report on stderr.
    var checkJSON = false
    /// `--predict`: how far ahead predicted touches reach.
    var prediction = Prediction.auto
    /// `--pacing`: what decides when a frame is committed. Deadline by default: under the
    /// scripted compositor's 60 Hz vblank and under Mutter a 200 Hz finger reached the glass in
    /// about 16–17 ms instead of 30, and sparse input is the same either way (BENCHMARKS.md).
    var pacing = Pacing.deadline
    /// `--play`: a recording whose input is fed into the window at its own pace.
    var play: Recording?
}

/// A failure the user sees as one line on stderr.
struct AppError: Error, CustomStringConvertible {
    let description: String
    /// The exit status: 1, or 64 (EX_USAGE) where the command line asked for what is not there.
    let status: Int32
    init(_ description: String, status: Int32 = 1) {
        self.description = description
        self.status = status
    }
}

extension AppError {
    /// A global the app cannot run without, named as the user can look it up.
    static func missingGlobal(_ name: String) -> AppError {
        AppError("the compositor does not offer \(name), which touchcanvas needs")
    }
}
