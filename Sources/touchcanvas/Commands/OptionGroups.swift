import ArgumentParser
import Recording
import TouchCanvasApp
import TouchCanvasConstants

extension Scene: ExpressibleByArgument {}
extension AppOptions.LogModes: ExpressibleByArgument {
    /// `none`, or modes separated by commas (`phases,present,gestures`); a mode named twice is
    /// the same as once, and an unknown name is an error that lists the known ones.
    init?(argument: String) {
        if argument == "none" { self = .none; return }
        var modes = Set<AppOptions.LogMode>()
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let mode = AppOptions.LogMode(rawValue: String(name)) else { return nil }
            modes.insert(mode)
        }
        self.init(modes: modes)
    }

    var defaultValueDescription: String { modes.isEmpty ? "none" : modes.map(\.rawValue).sorted().joined(separator: ",") }

    static var allValueStrings: [String] { ["none"] + AppOptions.LogMode.allCases.map(\.rawValue) }
}
extension AppOptions.Decorations: ExpressibleByArgument {}
extension Pacing: ExpressibleByArgument {}
extension CheckStepKind: ExpressibleByArgument {}
extension Prediction: ExpressibleByArgument {
    var defaultValueDescription: String { description }
}

// The options more than one command takes, declared once so that their names, help, defaults
// and checks cannot drift apart between commands. Defaults come from `AppOptions.defaults`,
// which is what the app does when not told otherwise.

/// `--size` and `--fullscreen`: how `run` and `check` ask for their window.
struct WindowOptions: ParsableArguments {
    // Unconditional, so that `--size -5x10` reaches the size's own check rather than being
    // taken for an option of its own and reported as a missing value.
    @Option(parsing: .unconditional,
            help: "Window size in logical pixels when the compositor lets the app choose, as WxH (each side 1 to \(BufferLimits.maximumSide)).")
    var size = WindowSize(AppOptions.defaults.size)

    @Flag(help: "Ask the compositor for a fullscreen window (F11 toggles it).")
    var fullscreen = false

    @Option(help: ArgumentHelp("With --fullscreen: the output to fill, by its name (DP-1), else its make and model or its description as the HUD shows them. An unknown name lists the outputs there are.", valueName: "name"))
    var output: String?

    func validate() throws {
        if let output {
            guard !output.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--output needs an output's name") }
            guard fullscreen else {
                throw ValidationError("--output chooses the output --fullscreen fills (a window that is not fullscreen cannot be placed on one): add --fullscreen")
            }
        }
    }
}

/// `--stuck-after`: when `run` and `check` report a touch that has gone quiet.
struct StuckTouchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds an active touch may go without any event before it is reported as possibly stuck.", valueName: "seconds"))
    var stuckAfter = AppOptions.defaults.stuckAfter

    func validate() throws {
        guard stuckAfter.isFinite, stuckAfter > 0 else { throw ValidationError("--stuck-after must be a positive number of seconds") }
    }
}

/// `--connect-timeout`: how long `run`, `check` and `report` wait for the compositor to answer
/// each round trip before their window is up (connecting, reading the globals, the outputs'
/// names, the first configure's round trip).
struct ConnectOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Give up when the compositor has not answered a start-up round trip (the registry, the outputs, the new window) within this many seconds, naming the step (default: \(Int(AppOptions.defaults.connectTimeout)), or check's and report's --timeout when that is shorter).", valueName: "seconds"))
    var connectTimeout: Double?

    func validate() throws {
        if let connectTimeout, !(connectTimeout.isFinite && connectTimeout > 0) {
            throw ValidationError("--connect-timeout must be a positive number of seconds")
        }
    }

    /// The wait for each start-up round trip: `--connect-timeout` when given, else the default
    /// or, when shorter, a command's `--timeout` (the time a check step may take), so that
    /// `check --timeout 2` never waits longer than 2 s for a compositor that does not answer.
    func answerTimeout(checkTimeout: Double?) -> Double {
        let standard = AppOptions.defaults.connectTimeout
        return connectTimeout ?? checkTimeout.map { min($0, standard) } ?? standard
    }
}

/// `--single-touch`: for `run` and `replay`, which both hand touches to a scene.
struct SingleTouchOptions: ParsableArguments {
    @Flag(help: "Give the scene's drawing view only the first touch (isMultipleTouchEnabled off).")
    var singleTouch = false
}

/// `--scene` for `demo` and `replay`, which play recordings: unlike `run`'s it has no fixed
/// default, because a recording names the scene it was made in.
struct PlaybackSceneOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The scene to play into (default: the scene the recording was made in, else \(AppOptions.defaults.scene.rawValue))."))
    var scene: Scene?

    /// The scene asked for, else the recording's, else the app's default.
    func scene(for recording: Recording?) -> Scene {
        scene ?? recording?.scene ?? AppOptions.defaults.scene
    }
}

/// `WxH`, e.g. `1024x768`.
struct WindowSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    var defaultValueDescription: String { "\(width)x\(height)" }

    init(_ size: (width: Int, height: Int)) {
        width = size.width
        height = size.height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              BufferLimits.logicalSides.contains(w), BufferLimits.logicalSides.contains(h) else { return nil }
        width = w
        height = h
    }

    var pair: (width: Int, height: Int) { (width, height) }
}
