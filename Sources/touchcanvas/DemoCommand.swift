import ArgumentParser
import Canvas
import Foundation
import Recording
import ScriptedCompositor
import TouchCanvasApp

/// `touchcanvas demo`: the app under the embedded scripted compositor, playing a built-in
/// four-finger sequence, so anyone can see it work without a Wayland session or a touch screen.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a built-in multi-finger sequence under the embedded compositor and save a PNG.")

    @Option(help: "Where to save the picture of the window.")
    var png: String = "touchcanvas-demo.png"

    @OptionGroup var playback: PlaybackSceneOptions

    @Option(help: ArgumentHelp("Play the touches of this recording (e.g. Recordings/ten-fingers.tcrec), and the keys behind its clear, undo and scene lines, instead of the built-in sequence, at its own pace.", valueName: "file.tcrec"))
    var recording: String?

    func run() throws {
        do {
            if let recording {
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
        } catch {
            printError("demo failed: \(error)")
            throw ExitCode(1)
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
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
    private func launch(size: (width: Int, height: Int)) throws -> (ScriptedCompositor, ClientProcess) {
        let compositor = try ScriptedCompositor()
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let app = try ClientProcess(executable: executable, arguments: ["--scene", scene.rawValue],
                                    environment: compositor.environmentForClient)
        // An app that ended at once (it said why on stderr) is not waited for.
        _ = compositor.waitUntil(timeout: 10) { compositor.toplevel != nil || !app.isRunning }
        compositor.configure(width: Int32(size.width), height: Int32(size.height))
        guard app.isRunning, compositor.waitForMappedToplevel(timeout: 20) else {
            _ = app.terminate()
            throw DemoError(description: "the app did not open its window: \(app.standardError)")
        }
        return (compositor, app)
    }

    /// Sends a recording's touches, and the keys behind its clear, undo and scene lines, through
    /// the compositor at the times they were recorded (all seats as the compositor's one seat;
    /// the app's own display frames replace the recorded ones), then saves the window once
    /// everything has settled.
    func play(_ recording: Recording, savingTo path: String) throws {
        let (compositor, app) = try launch(size: (recording.width, recording.height))
        defer { _ = app.terminate() }
        let start = DispatchTime.now().uptimeNanoseconds
        for timed in recording.events {
            let key = Self.key(for: timed.event)
            var touch: RecordedTouch?
            if case let .touch(_, recorded) = timed.event { touch = recorded }
            // The app's own frames, configures and seat lines are the app's to make again.
            guard touch != nil || key != nil else { continue }
            let due = start + UInt64(max(0, timed.time) * 1_000_000)
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now { compositor.pump(for: Double(due - now) / 1e9) }
            if let key { compositor.tapKey(key) }
            guard let touch else { continue }
            switch touch {
            case let .down(id, p): compositor.touchDown(id: id, x: p.x, y: p.y)
            case let .motion(id, p): compositor.touchMotion(id: id, x: p.x, y: p.y)
            case let .up(id): compositor.touchUp(id: id)
            case let .shape(id, major, minor): compositor.touchShape(id: id, major: major, minor: minor)
            case let .orientation(id, degrees): compositor.touchOrientation(id: id, degrees: degrees)
            case .frame: compositor.touchFrame()
            case .cancel: compositor.touchCancel()
            }
        }
        compositor.pump(for: 0.5)  // spots shrink away, the last frame is drawn
        guard let frame = compositor.lastFrame else { throw DemoError(description: "the app committed no picture") }
        try Self.save(frame, to: path)
        compositor.tapKey(16)  // q
        try Self.waitForQuit(app, compositor)
        printError("saved \(path)")
    }

    /// Waits for the app to end after `q`, and passes on an app that ended badly with what it
    /// said: a picture saved from an app that then crashed, or that a sanitizer build reported
    /// at exit, is not a successful demo.
    private static func waitForQuit(_ app: ClientProcess, _ compositor: ScriptedCompositor) throws {
        // Generous: a sanitizer build checks for leaks as it exits.
        let status = app.waitForExit(timeout: 20, pumping: compositor)
        guard status == 0 else {
            throw DemoError(description: "the app " + (status.map { "ended with status \($0)" } ?? "did not quit")
                + ": \(app.standardError)")
        }
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
        }
        compositor.pump(for: 0.3)  // let the last spot finish growing
        guard let frame = compositor.lastFrame else { throw DemoError(description: "the app committed no picture") }
        try Self.save(frame, to: path)
        for finger in 0..<4 { compositor.touchUp(id: Int32(finger)) }
        compositor.touchFrame()
        compositor.tapKey(16)  // q
        try Self.waitForQuit(app, compositor)
        printError("saved \(path)")
    }

    /// The evdev key the app answers with a recorded command: c, u, or 1–6 in the app's order.
    static func key(for event: RecordedEvent) -> UInt32? {
        guard case let .command(command) = event else { return nil }
        switch command {
        case .clear: return 46
        case .undo: return 22
        case let .scene(scene):
            // KEY_1 is 2; the app's scene keys follow the order of its help.
            return Scene.keyOrder.firstIndex(of: scene).map { UInt32(2 + $0) }
        case .palmRejection:
            return 25  // p toggles it; a demo starts with it on, as the recording did
        }
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
