import Foundation
import ScriptedCompositor

/// Drives the app: ten fingers at 100 Hz on circles, lifted and put down again every 3 s (new
/// ids, new strokes), with the events a long session brings on a schedule.
@MainActor
struct SoakRun {
    let compositor: ScriptedCompositor
    let app: ClientProcess
    private var nextID: Int32 = 0
    private var fingers: [Int32] = []

    init(executable: String, recording: String) throws {
        compositor = try ScriptedCompositor()
        compositor.captureFrames = false  // the soak watches the app, not its pixels
        app = try ClientProcess(executable: executable,
                                arguments: ["--scene", "canvas", "--record", recording, "--size", "1280x800"],
                                environment: compositor.environmentForClient)
        _ = compositor.waitUntil(timeout: 10) { compositor.toplevel != nil }
        compositor.configure(width: 1280, height: 800)
        guard compositor.waitForMappedToplevel(timeout: 20) else {
            throw SoakError("the app did not map a window: \(app.standardError)")
        }
        compositor.pump(for: 1)
    }

    /// Where finger `index` is at `time`: ten circles across the window.
    func position(_ index: Int, at time: Double) -> (x: Double, y: Double) {
        let centre = (x: 160 + Double(index % 5) * 240, y: 220 + Double(index / 5) * 360)
        let angle = time * 2 * .pi / 2 + Double(index)
        return (centre.x + 90 * cos(angle), centre.y + 90 * sin(angle))
    }

    mutating func putDown(at time: Double) {
        fingers = (0..<10).map { _ in
            nextID = nextID == Int32.max ? 0 : nextID + 1
            return nextID
        }
        for (index, id) in fingers.enumerated() {
            let p = position(index, at: time)
            compositor.touchDown(id: id, x: p.x, y: p.y)
        }
        compositor.touchFrame()
    }

    mutating func lift() {
        for id in fingers { compositor.touchUp(id: id) }
        compositor.touchFrame()
        fingers = []
    }

    /// Runs for `seconds`, sampling every 10 s; `say` reports each sample.
    mutating func run(seconds: Double, say: (String) -> Void) -> [ProcessSample] {
        let start = Date()
        var samples: [ProcessSample] = []
        var nextSample = 0.0, nextLift = 3.0, extraSeat: (name: String, since: Double)?
        var done: Set<String> = []
        var latePongs = 0
        putDown(at: 0)
        while true {
            let now = Date().timeIntervalSince(start)
            guard now < seconds, app.isRunning else { break }
            for (index, id) in fingers.enumerated() {
                let p = position(index, at: now)
                compositor.touchMotion(id: id, x: p.x, y: p.y)
            }
            compositor.touchFrame()
            if now >= nextLift {
                lift()
                putDown(at: now)
                nextLift += 3
            }
            // Once per period, each: the keys (undo, clear, scenes 1–6), the scale, a seat.
            func due(_ name: String, every period: Double) -> Bool {
                let key = "\(name)-\(Int(now / period))"
                guard now >= period, !done.contains(key) else { return false }
                done.insert(key)
                return true
            }
            if due("undo", every: 20) { compositor.tapKey(22) }
            if due("clear", every: 60) { compositor.tapKey(46) }
            if due("scene", every: 30) { compositor.tapKey(UInt32(2 + Int(now / 30) % 6)) }
            if due("scale", every: 45) { compositor.setOutputScale(compositor.outputScale == 1 ? 2 : 1) }
            if due("seat", every: 60) {
                let name = "soak-\(Int(now / 60))"
                compositor.addSeat(name, capabilities: [.touch, .pointer])
                extraSeat = (name, now)
            }
            if let seat = extraSeat, now - seat.since > 20 {
                compositor.removeSeat(seat.name)
                extraSeat = nil
            }
            if due("ping", every: 1) {
                let serial = compositor.ping()
                if !compositor.waitUntil(timeout: 1, { compositor.lastPongSerial == serial }) { latePongs += 1 }
            }
            if now >= nextSample {
                let sample = ProcessProbe.sample(pid: app.pid, time: now, commits: compositor.commitCount)
                samples.append(sample)
                say(String(format: "%5.0f s  RSS %6d kB  fds %3d  shm %6d kB  CPU %8.0f ms  commits %7d  late pongs %d",
                           now, sample.residentKilobytes, sample.openDescriptors, sample.sharedMemoryKilobytes,
                           sample.cpuMilliseconds, sample.commits, latePongs))
                nextSample += 10
            }
            app.drainOutput()
            compositor.pump(for: 0.01)
        }
        lift()
        compositor.pump(for: 0.5)
        return samples
    }
}

struct SoakError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
