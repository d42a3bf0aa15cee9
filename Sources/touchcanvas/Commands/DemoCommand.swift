import ArgumentParser
import Rendering
import Foundation
import Recording
import ScriptedCompositor
import TouchCanvasApp

/// `touchcanvas demo`: the app under the embedded scripted compositor, playing a recording (the
/// installed ten-finger one unless told another) or, where none is installed, a built-in
/// four-finger sequence, so anyone can see it work without a Wayland session or a touch screen.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a recording (by default the installed ten-finger one) under the embedded compositor and save a PNG.")

    @Option(help: "Where to save the picture of the window.")
    var png: String = "touchcanvas-demo.png"

    @OptionGroup var playback: PlaybackSceneOptions

    @Option(help: ArgumentHelp("Play the input of this recording (fingers, mouse, pens, touchpad gestures), and the keys behind its clear, undo and scene lines, at its own pace; by default the installed ten-fingers.tcrec, else a built-in four-finger sequence.", valueName: "file.tcrec"))
    var recording: String?

    /// Where a package or the tarball puts the recording the demo plays by default: beside the
    /// binary's `bin` folder, in `share/touchcanvas/recordings` (so `/usr/bin/touchcanvas` finds
    /// `/usr/share/…`, and an unpacked tarball its own `share`). Nil when there is none, as for a
    /// binary run from its build folder.
    static func installedRecording(executable: String = "/proc/self/exe") -> String? {
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        let path = binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/touchcanvas/recordings/ten-fingers.tcrec").path
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    func run() throws {
        let played = recording ?? Self.installedRecording()
        var outputs = OutputPreflight(inputs: played.map { [OutputInput(path: $0, role: "the recording being played")] } ?? [])
        outputs.add(png, kind: "PNG")
        try outputs.check()
        do {
            if let recording = played {
                if self.recording == nil { printError("playing \(recording)") }
                let parsed: Recording
                do {
                    parsed = try RecordingParser.parse(contentsOf: recording)
                } catch {
                    printError(error.description)
                    throw ExitCode(2)
                }
                try DemoPlayer(scene: playback.scene(for: parsed)).play(parsed, savingTo: png)
            } else {
                try DemoPlayer(scene: playback.scene(for: nil)).play(savingTo: png)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch let error as DemoError {
            printError("demo failed: \(error)")
            throw ExitCode(error.status)
        } catch {
            printError("demo failed: \(error)")
            throw ExitCode(1)
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    /// The demo's exit status: the app's own when the app ended badly, else 1.
    var status: Int32 = 1

    /// The app under the demo ended (or was ended) before the demo was done with it: its
    /// status, and the last thing it said, which is usually why.
    static func appEnded(_ app: ClientProcess, status: Int32, while doing: String) -> DemoError {
        let said = app.standardError.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
        let last = said.map { "; its last line on stderr: \($0)" } ?? "; it wrote nothing on stderr"
        let how = status > 128 ? "was ended by signal \(status - 128) (status \(status))" : "ended with status \(status)"
        return DemoError(description: "the app \(how) \(doing)\(last)", status: status == 0 ? 1 : status)
    }
}

/// Four fingers land one after another, then sweep along arcs for a second, sampled at 100 Hz
/// as a touch screen would report them; the picture is taken with the fingers still down, so it
/// shows the spots over the strokes they drew.
struct DemoPlayer {
    let scene: Scene
    static let size = (width: 800, height: 500)

    static func fingerPath(_ finger: Int, at t: Double) -> (x: Double, y: Double) {
        let centres = [(190.0, 180.0), (360.0, 320.0), (520.0, 170.0), (640.0, 330.0)]
        let angle = t * 2.5 + Double(finger) * 0.9
        let c = centres[finger]
        return (c.0 + 90 * cos(angle), c.1 + 90 * sin(angle))
    }

    /// Starts the app under a new scripted compositor with a window of `size`.
    ///
    /// Both run on the compositor's own clock, which moves only once the app has handled what
    /// it was sent: every frame, animation and figure the picture shows is then the same on a
    /// quiet machine and a loaded one, and the demo takes only as long as the drawing does. The
    /// display is a 60 Hz one whose image reaches the glass 5 ms after the vblank, as an
    /// ordinary monitor's does, so the inspector's figures are those of a plausible desktop.
    private func launch(size: (width: Int, height: Int)) throws -> (ScriptedCompositor, ClientProcess) {
        let compositor = try ScriptedCompositor(vblank: VblankMode(hertz: 60, scanoutDelay: .milliseconds(5)),
                                                clock: ManualClock())
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        // The compositor is this process's, answering while it is pumped here: a busy machine,
        // not a hung compositor, is what could keep an answer late, and the demo watches the
        // child itself, so the child's wait for its round trips is a generous one.
        let app = try compositor.startClientOnHeldClock(environment: compositor.environmentForClient) { environment, clock in
            try ClientProcess(executable: executable,
                              arguments: ["--scene", scene.rawValue, "--connect-timeout", "60"],
                              environment: environment, inheriting: clock)
        }
        // An app that ended at once (it said why on stderr) is not waited for.
        _ = compositor.waitUntil(timeout: 10) { compositor.toplevel != nil || !app.isRunning }
        compositor.configure(width: Int32(size.width), height: Int32(size.height))
        guard app.isRunning, compositor.waitForMappedToplevel(timeout: 20) else {
            if let status = app.exitStatus { throw DemoError.appEnded(app, status: status, while: "before it opened its window") }
            _ = app.terminate()
            throw DemoError(description: "the app did not open its window: \(app.standardError)")
        }
        return (compositor, app)
    }

    /// Throws when the app is gone or has lost its connection: the demo would otherwise go on
    /// sending to nobody and wait a minute for a picture that cannot come. An app that lost its
    /// connection ends by itself, saying why, and is given a moment to; one that does not is stopped.
    private static func ensureRunning(_ app: ClientProcess, _ compositor: ScriptedCompositor, while doing: String) throws {
        if let status = app.exitStatus { throw DemoError.appEnded(app, status: status, while: doing) }
        guard compositor.clientConnected else {
            if let status = app.waitForExit(timeout: 10) { throw DemoError.appEnded(app, status: status, while: doing) }
            _ = app.terminate()
            throw DemoError(description: "the app lost its connection to the compositor \(doing) and did not end, so it was stopped")
        }
    }

    /// Sends a recording's input, and the keys behind its clear, undo and scene lines, through
    /// the compositor at the times they were recorded (all seats as the compositor's one seat;
    /// the app's own display frames replace the recorded ones; see ``DemoInputSender``), then
    /// saves the window once everything has settled.
    func play(_ recording: Recording, savingTo path: String) throws {
        let (compositor, app) = try launch(size: (recording.width, recording.height))
        defer { _ = app.terminate() }
        var sender = DemoInputSender(compositor: compositor)
        let start = compositor.clockNanoseconds
        // Each event carries its recorded time (on the compositor's clock, from the start): the
        // figures the app shows (rates, intervals) are the recording's.
        compositor.freezesEventTime = true
        defer { compositor.freezesEventTime = false }
        for timed in recording.events where DemoInputSender.sends(timed.event) {
            let due = start + UInt64(max(0, timed.time) * 1_000_000)
            let now = compositor.clockNanoseconds
            if due > now { compositor.pump(for: Double(due - now) / 1e9) }
            try Self.ensureRunning(app, compositor, while: "as the recording played")
            compositor.eventNanoseconds = due
            sender.send(timed.event)
        }
        try Self.settle(app, compositor)  // spots shrink away, the lifted strokes are drawn complete
        guard let frame = compositor.lastFrame else { throw DemoError(description: "the app committed no picture") }
        try Self.save(frame, to: path)
        compositor.tapKey(16)  // q
        try Self.waitForQuit(app, compositor)
        printError("saved \(path)")
    }

    /// Waits for the app to have drawn all it was sent and to stop animating, however slow it
    /// runs (a fixed wait took the picture mid-animation from a sanitizer build on a busy machine).
    /// An app that ended, or stopped answering pings, is said as such, with its status.
    private static func settle(_ app: ClientProcess, _ compositor: ScriptedCompositor) throws {
        try ensureRunning(app, compositor, while: "as the recording played")
        guard compositor.settle(quiet: 0.25, within: 60) else {
            try ensureRunning(app, compositor, while: "before it had drawn everything")
            let serial = compositor.ping()
            guard compositor.waitUntil(timeout: 20, { compositor.lastPongSerial == serial || !app.isRunning }) else {
                _ = app.terminate()
                throw DemoError(description: "the app stopped answering the compositor (no reply to a ping in 20 s), so it was stopped")
            }
            try ensureRunning(app, compositor, while: "before it had drawn everything")
            throw DemoError(description: "the app was still drawing after a minute")
        }
    }

    /// Waits for the app to end after `q`, and passes on an app that ended badly with what it
    /// said: a picture saved from an app that then crashed, or that a sanitizer build reported
    /// at exit, is not a successful demo.
    private static func waitForQuit(_ app: ClientProcess, _ compositor: ScriptedCompositor) throws {
        // Generous: a sanitizer build checks for leaks as it exits.
        guard let status = app.waitForExit(timeout: 20, pumping: compositor) else {
            throw DemoError(description: "the app did not quit: \(app.standardError)")
        }
        guard status == 0 else { throw DemoError.appEnded(app, status: status, while: "when asked to quit") }
    }

    func play(savingTo path: String) throws {
        let (compositor, app) = try launch(size: Self.size)
        defer { _ = app.terminate() }
        let steps = 100
        for step in 0...steps {
            let t = Double(step) / 100
            for finger in 0..<4 where step >= finger * 5 {
                let p = Self.fingerPath(finger, at: t)
                if step == finger * 5 {
                    compositor.touchDown(id: Int32(finger), x: p.x, y: p.y)
                } else {
                    compositor.touchMotion(id: Int32(finger), x: p.x, y: p.y)
                }
            }
            compositor.touchFrame()
            compositor.pump(for: 0.01)
            try Self.ensureRunning(app, compositor, while: "as the fingers played")
        }
        try Self.settle(app, compositor)  // the last spot finishes growing
        guard let frame = compositor.lastFrame else { throw DemoError(description: "the app committed no picture") }
        try Self.save(frame, to: path)
        for finger in 0..<4 { compositor.touchUp(id: Int32(finger)) }
        compositor.touchFrame()
        compositor.tapKey(16)  // q
        try Self.waitForQuit(app, compositor)
        printError("saved \(path)")
    }

    static func save(_ frame: Frame, to path: String) throws {
        let buffer = try PixelBuffer(width: frame.width, height: frame.height, format: .xrgb8888)
        frame.pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<frame.height {
                (buffer.baseAddress + row * buffer.stride)
                    .copyMemory(from: base + row * frame.stride, byteCount: frame.width * 4)
            }
        }
        buffer.markDirty()
        try PNGWriter().write(buffer, to: path)
    }
}
