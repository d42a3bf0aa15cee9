import BenchmarkSupport
import Rendering
import Foundation
import ScriptedCompositor

/// What one client did under the scripted compositor.
struct LatencyResult {
    let client: Client
    /// Why the client could not be measured, if it could not.
    var failure: String?
    /// Touch frame → first commit at or after it, nanoseconds, one per touch frame.
    var latencies = Samples()
    var touchFrames = 0
    var commits = 0
    /// Touch frames followed by a commit before the next touch frame.
    var framesWithOwnCommit = 0
    var meanDamagedFraction = Double.nan
    var bufferSize: (width: Int, height: Int)?
    /// Commits during 2 s without input, before any touch and after the finger lifted.
    var idleCommitsBefore: Int?
    var idleCommitsAfter: Int?
    /// CPU the client used during those 2 s after the finger lifted, and per second of the run.
    var idleCPUSeconds: Double?
    var runCPUSecondsPerSecond: Double?
    var measuredSeconds = 0.0
    var screenshot: String?
    var path: FingerPath?
    var stderrTail = ""
    /// Under the vblank mode: every touch frame's way to the glass.
    var toGlass: ToGlass?
}

/// One client, start to finish: map it (1024×768 unless asked otherwise), watch it idle, move
/// one finger (or more) at 200 Hz, lift, watch it idle again.
struct LatencyRun {
    var seconds = 10.0
    var windowSize = (width: 1024, height: 768)
    /// Fingers moving at once, spread evenly round the same circle.
    var fingers = 1
    /// Strokes of this many seconds, each followed by a lift and a short pause, as people draw;
    /// 0: one stroke for the whole run. Deadline pacing learns as a stroke goes, so a long
    /// stroke alone hides what a short one costs.
    var strokeSeconds = 0.0
    /// Between two strokes, no finger down.
    static let pauseBetweenStrokes = 0.2
    /// Each event's spacing varies by up to this fraction either way (seeded, so runs repeat).
    /// Exactly periodic events at 200 Hz under a 120 Hz vblank fall on five phases of the
    /// refresh only, and whether one of those sits just before the tick decides a fifth of the
    /// figures by luck; a digitizer's clock is not locked to the display's either, and drifts.
    var jitter = 0.2
    var warmupSeconds = 1.0
    var idleSeconds = 2.0
    /// 200 Hz, as BENCHMARKS.md's targets ask.
    var eventInterval = 0.005
    var screenshotDirectory: String?
    /// A display that scans out at a fixed refresh (frame callbacks and presentation on its
    /// tick); nil: frame callbacks answered `frameCallbackDelayMilliseconds` after each commit,
    /// which keeps the display out of the figures and measures the client alone.
    var vblank: VblankMode?

    /// A number in [-1, 1) that looks random but follows from `t` alone: the same run repeats.
    static func spread(after t: Double) -> Double {
        var bits = t.bitPattern &* 0x9E37_79B9_7F4A_7C15
        bits ^= bits >> 29
        bits = bits &* 0xBF58_476D_1CE4_E5B9
        bits ^= bits >> 32
        return Double(bits >> 11) / Double(UInt64(1) << 53) * 2 - 1
    }

    @MainActor
    func measure(_ client: Client) -> LatencyResult {
        var result = LatencyResult(client: client)
        let compositor: ScriptedCompositor
        do {
            // An output at least as large as the window, so the client keeps the size asked.
            compositor = try ScriptedCompositor(outputMode: (Int32(max(windowSize.width, 1920)), Int32(max(windowSize.height, 1080))),
                                                vblank: vblank)
        } catch {
            result.failure = "\(error)"
            return result
        }
        compositor.frameCallbackDelayMilliseconds = 1
        // Copying every committed buffer would dominate the figures; only the last frame is kept.
        compositor.captureFrames = false

        let app: ClientProcess
        do {
            app = try ClientProcess(executable: client.executable, arguments: client.arguments,
                                    environment: compositor.environmentForClient.merging(client.environment) { $1 })
        } catch {
            result.failure = "\(error)"
            return result
        }
        defer { app.terminate(grace: 2) }

        // Configure before the first buffer, as a desktop does for a window it places.
        _ = compositor.waitUntil(timeout: 15) { compositor.toplevel != nil || app.exitStatus != nil }
        compositor.configure(width: Int32(windowSize.width), height: Int32(windowSize.height))
        // Mapped, not "caught up": weston-simple-touch keeps its own size and draws nothing more
        // until touched, so it never commits after acking our configure.
        guard compositor.waitUntil(timeout: 20, { compositor.toplevel?.isMapped == true }) else {
            result.failure = describeFailure(compositor, app, "no window was mapped")
            return result
        }
        // Start-up animations, fonts, the first few frames.
        compositor.pump(for: 1.0)
        guard let toplevel = compositor.toplevel, let buffer = toplevel.bufferSize else {
            result.failure = describeFailure(compositor, app, "the window went away")
            return result
        }
        result.bufferSize = buffer
        // The window is its geometry when the client set one (GTK draws shadows around it; the
        // compositor offsets input by the geometry's origin); otherwise the acked size, unless the
        // client keeps a smaller buffer of its own.
        let scale = Double(max(toplevel.bufferScale, 1))
        let configured = toplevel.configuredSize ?? (0, 0)
        let path: FingerPath
        if let geometry = toplevel.windowGeometry {
            path = FingerPath(windowWidth: Double(geometry.width), windowHeight: Double(geometry.height))
        } else {
            path = FingerPath(
                windowWidth: configured.width > 0 ? min(Double(configured.width), Double(buffer.width) / scale) : Double(buffer.width) / scale,
                windowHeight: configured.height > 0 ? min(Double(configured.height), Double(buffer.height) / scale) : Double(buffer.height) / scale)
        }
        result.path = path

        // Idle, before any input.
        compositor.resetStats()
        compositor.pump(for: idleSeconds)
        result.idleCommitsBefore = compositor.stats.commits

        if client.historyStrokes > 0 { drawHistory(client.historyStrokes, on: compositor) }

        // Warm-up: the finger goes down and moves; then the measured run continues the same motion.
        var t = 0.0
        let start = ScriptedCompositor.monotonicNanoseconds
        func sendAndWait(_ send: () -> Void) {
            send()
            t += eventInterval * (1 + jitter * Self.spread(after: t))
            let due = start &+ UInt64(t * 1e9)
            let now = ScriptedCompositor.monotonicNanoseconds
            if due > now { compositor.pump(for: Double(due - now) / 1e9) }
        }
        let fingers = max(1, min(self.fingers, 10))
        func position(_ finger: Int) -> (x: Double, y: Double) {
            path.position(at: t + FingerPath.turnSeconds * Double(finger) / Double(fingers))
        }
        /// One touch frame: `event` for every finger at its place now.
        func everyFinger(_ event: (Int32, (x: Double, y: Double)) -> Void) {
            sendAndWait {
                for finger in 0..<fingers { event(Int32(finger), position(finger)) }
                compositor.touchFrame()
            }
        }
        func down() { everyFinger { compositor.touchDown(id: $0, x: $1.x, y: $1.y) } }
        func move() { everyFinger { compositor.touchMotion(id: $0, x: $1.x, y: $1.y) } }
        down()
        while t < warmupSeconds { move() }

        compositor.resetStats()
        let cpuStart = cpuSeconds(of: app.pid)
        let runStart = ScriptedCompositor.monotonicNanoseconds
        let end = t + seconds
        var strokeStart = t
        while t < end {
            if end - t < 0.05 { compositor.captureFrames = true }  // the last frames, for a look
            if strokeSeconds > 0, t - strokeStart >= strokeSeconds, end - t > Self.pauseBetweenStrokes + strokeSeconds / 2 {
                sendAndWait {
                    for finger in 0..<fingers { compositor.touchUp(id: Int32(finger)) }
                    compositor.touchFrame()
                }
                let resume = t + Self.pauseBetweenStrokes
                while t < resume { sendAndWait {} }
                down()
                strokeStart = t
                continue
            }
            move()
        }
        let runEnd = ScriptedCompositor.monotonicNanoseconds
        // Commits answering the last frames; under the vblank mode also their ticks (a frame
        // waits at most a few refreshes) and scanout.
        let drainSeconds = vblank.map { 0.05 + 4 * Double($0.refreshNanoseconds + $0.scanoutDelayNanoseconds) / 1e9 } ?? 0.05
        compositor.pump(for: drainSeconds)
        let stats = compositor.stats
        let frame = compositor.lastFrame
        compositor.captureFrames = false
        result.measuredSeconds = Double(runEnd - runStart) / 1e9
        if let cpuStart, let cpuEnd = cpuSeconds(of: app.pid) {
            result.runCPUSecondsPerSecond = (cpuEnd - cpuStart) / result.measuredSeconds
        }
        pair(stats, runEnd: runEnd, into: &result)
        if let vblank {
            result.toGlass = ToGlass(vblank: vblank, touchFrames: stats.touchFrameUptimeNanoseconds,
                                     records: compositor.presentations, runStart: runStart, runEnd: runEnd,
                                     tick: { compositor.vblankTick(after: $0) })
        }
        if let frame, let directory = screenshotDirectory {
            result.screenshot = save(frame, in: directory, name: client.name)
        }

        // Lift, let animations finish, then idle.
        for finger in 0..<fingers { compositor.touchUp(id: Int32(finger)) }
        compositor.touchFrame()
        compositor.pump(for: 1.0)
        compositor.resetStats()
        let idleCPUStart = cpuSeconds(of: app.pid)
        compositor.pump(for: idleSeconds)
        result.idleCommitsAfter = compositor.stats.commits
        if let idleCPUStart, let idleCPUEnd = cpuSeconds(of: app.pid) { result.idleCPUSeconds = idleCPUEnd - idleCPUStart }
        result.stderrTail = String(app.standardError.suffix(600))
        if let directory = ProcessInfo.processInfo.environment["TOUCHLATENCY_CLIENT_LOGS"] {
            // For debugging a client: run with WAYLAND_DEBUG=client and read its whole stderr.
            try? app.standardError.write(toFile: directory + "/" + client.name.filter { $0.isLetter } + ".stderr",
                                         atomically: true, encoding: .utf8)
        }
        return result
    }

    /// Pairs each touch frame with the first commit at or after it.
    private func pair(_ stats: Stats, runEnd: UInt64, into result: inout LatencyResult) {
        let frames = stats.touchFrameUptimeNanoseconds
        let commits = stats.perCommit
        result.touchFrames = frames.count
        result.commits = commits.filter { $0.uptimeNanoseconds <= runEnd }.count
        result.meanDamagedFraction = stats.meanDamagedFraction
        result.latencies.reserveCapacity(frames.count)
        var c = 0
        for (i, frameTime) in frames.enumerated() {
            while c < commits.count, commits[c].uptimeNanoseconds < frameTime { c += 1 }
            guard c < commits.count else { break }
            let commitTime = commits[c].uptimeNanoseconds
            result.latencies.append(Double(commitTime - frameTime))
            let next = i + 1 < frames.count ? frames[i + 1] : UInt64.max
            if commitTime < next { result.framesWithOwnCommit += 1 }
        }
    }

    /// Strokes of 12 samples, 5 ms apart, one after another over the lower half of the window.
    @MainActor
    private func drawHistory(_ count: Int, on compositor: ScriptedCompositor) {
        var seed: UInt64 = 0x5EED
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<count {
            var x = 40 + random() * 944, y = 400 + random() * 340
            compositor.touchDown(id: 1, x: x, y: y)
            compositor.touchFrame()
            compositor.pump(for: 0.005)
            for _ in 0..<11 {
                x = min(max(x + random() * 30 - 15, 5), 1019)
                y = min(max(y + random() * 30 - 15, 390), 763)
                compositor.touchMotion(id: 1, x: x, y: y)
                compositor.touchFrame()
                compositor.pump(for: 0.005)
            }
            compositor.touchUp(id: 1)
            compositor.touchFrame()
            compositor.pump(for: 0.005)
        }
        compositor.pump(for: 0.5)
    }

    @MainActor
    private func describeFailure(_ compositor: ScriptedCompositor, _ app: ClientProcess, _ what: String) -> String {
        var parts = [what]
        if let status = app.exitStatus { parts.append("the client exited with status \(status)") }
        if !compositor.protocolErrors.isEmpty {
            parts.append("protocol errors: " + compositor.protocolErrors.map(\.description).joined(separator: "; "))
        }
        let lines = ProcessInfo.processInfo.environment["TOUCHLATENCY_VERBOSE"] == nil ? 6 : 400
        let stderr = app.standardError.split(separator: "\n").suffix(lines).joined(separator: "\n    ")
        if !stderr.isEmpty { parts.append("stderr: " + stderr) }
        return parts.joined(separator: "; ")
    }

    /// Writes the committed frame as PNG, to see that the finger drew where it should.
    private func save(_ frame: Frame, in directory: String, name: String) -> String? {
        let format: PixelFormat = frame.format == 1 ? .xrgb8888 : .argb8888
        guard let buffer = try? PixelBuffer(width: frame.width, height: frame.height, format: format) else { return nil }
        frame.pixels.withUnsafeBytes { source in
            for row in 0..<frame.height {
                let from = source.baseAddress! + row * frame.stride
                (buffer.baseAddress + row * buffer.stride).copyMemory(from: from, byteCount: frame.width * 4)
            }
        }
        buffer.markDirty()
        let safe = name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let path = directory + "/" + String(safe) + ".png"
        do {
            try PNGWriter().write(buffer, to: path)
            return path
        } catch {
            return nil
        }
    }
}
