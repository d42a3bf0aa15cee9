import BenchmarkSupport
import Foundation
import ScriptedCompositor

// How long the app's main loop is away from `poll` while the window is resized between 800×600
// and 7680×4320 (the largest window it makes) over a drawing of 300 strokes: each such stretch is
// time in which it answers no ping and takes no input, and none should be longer than a frame's
// worth. Usage:
//
//   LoopTurns --touchcanvas ../.build/release/touchcanvas [--baseline PATH] [--rounds 4]
//             [--scene trace|draw] [--strokes 300] [--overlay on]
//
// `--overlay on` (the draw scene) turns the debug overlay on (`d`) before the resizes: its dots,
// one on every coalesced sample, are redrawn after each resize as the ink is. Each stroke's six
// moves are sent at once, so most of its samples arrive coalesced and have a dot.
//
// The app runs under strace (`-e trace=poll`), which stamps every poll the main thread enters
// and leaves; a turn is the time from one poll's return to the next poll's call. strace adds a
// few microseconds per call, nothing at the scale of a frame. With `--baseline` another build is
// measured after it, in the same run. To see what a long turn did, `LOOPTURNS_TRACE` gives strace
// another `-e` (e.g. `trace=poll,mmap,munmap,madvise,sendmsg`) and `LOOPTURNS_KEEP=1` keeps the
// log in the temporary directory.

let options = parseOptions(usage: "LoopTurns --touchcanvas PATH [--baseline PATH] [--rounds N] [--scene S] [--strokes N] [--overlay on]")
let rounds = Int(options["rounds"] ?? "") ?? 4
let scene = options["scene"] ?? "trace"
let strokeCount = Int(options["strokes"] ?? "") ?? 300
let overlay = options["overlay"] == "on"
var builds = [("this build", options["touchcanvas"] ?? "../.build/release/touchcanvas")]
if let baseline = options["baseline"] { builds.append(("baseline", baseline)) }
guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
    FileHandle.standardError.write(Data("LoopTurns needs /usr/bin/strace (apt-get install strace)\n".utf8))
    exit(1)
}

/// The main thread's turns away from poll, in seconds, from an strace log (`-f -ttt -T`).
func loopTurns(inLog path: String) -> [Double] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    let lines = text.split(separator: "\n")
    guard let mainPID = lines.first?.split(separator: " ").first else { return [] }
    var intervals: [(start: Double, end: Double)] = []
    var unfinished: Double?
    for line in lines {
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count == 3, fields[0] == mainPID, let time = Double(fields[1]) else { continue }
        let call = fields[2]
        if call.hasPrefix("poll(") {
            if call.contains("<unfinished") {
                unfinished = time
            } else if let open = call.lastIndex(of: "<"), let duration = Double(call[call.index(after: open)...].dropLast()) {
                intervals.append((time, time + duration))
            }
        } else if call.hasPrefix("<... poll resumed"), let start = unfinished {
            intervals.append((start, time))
            unfinished = nil
        }
    }
    return zip(intervals, intervals.dropFirst()).map { $1.start - $0.end }
}

/// One run of `executable`: `strokeCount` strokes at 800×600, then `rounds` resizes to 8K and back.
/// Returns the loop turns while the resizes were under way, in seconds.
@MainActor
func measure(_ executable: String) throws -> [Double] {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("loopturns-\(getpid())-\(UInt64(Date().timeIntervalSince1970 * 1000)).strace").path
    let compositor = try ScriptedCompositor(outputMode: (7680, 4320))
    let app = try ClientProcess(executable: "/usr/bin/strace",
                                arguments: ["-f", "-ttt", "-T", "-e", ProcessInfo.processInfo.environment["LOOPTURNS_TRACE"] ?? "trace=poll", "-o", log,
                                            executable, "--scene", scene, "--decorations", "none"],
                                environment: compositor.environmentForClient)
    defer {
        _ = app.terminate(grace: 5)
        if ProcessInfo.processInfo.environment["LOOPTURNS_KEEP"] == nil { try? FileManager.default.removeItem(atPath: log) }
    }
    _ = compositor.waitUntil(timeout: 10) { compositor.toplevel != nil }
    compositor.configure(width: 800, height: 600)
    guard compositor.waitForMappedToplevel(timeout: 20) else { throw BenchError("the app did not map a window") }
    if overlay { compositor.tapKey(32) }  // d
    for stroke in 0..<strokeCount {
        let y = 20 + Double(stroke % 56) * 10
        compositor.touchDown(id: 0, x: 20, y: y)
        compositor.touchFrame()
        for step in 1...6 {
            compositor.touchMotion(id: 0, x: 20 + Double(step) * 120, y: y + Double(stroke % 7))
            compositor.touchFrame()
        }
        compositor.touchUp(id: 0)
        compositor.touchFrame()
        // The app must keep up, or libwayland drops it as a compositor would: a pong every 50
        // strokes shows it has read them.
        if stroke % 50 == 49 {
            let serial = compositor.ping()
            _ = compositor.waitUntil(timeout: 30) { compositor.lastPongSerial == serial }
        } else {
            compositor.pump(for: 0.004)
        }
    }
    compositor.pump(for: 2)
    let settled = loopTurns(inLog: log).count
    for _ in 0..<rounds {
        compositor.configure(width: 7680, height: 4320)
        compositor.pump(for: 2)
        compositor.configure(width: 800, height: 600)
        compositor.pump(for: 1)
    }
    guard compositor.lastFrame?.width == 800 else { throw BenchError("the app did not follow the resizes") }
    return Array(loopTurns(inLog: log).dropFirst(settled))
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

try MainActor.assumeIsolated {
    var turns: [String: Samples] = [:]
    for build in builds {
        FileHandle.standardError.write(Data("measuring \(build.0)…\n".utf8))
        turns[build.0] = Samples(try measure(build.1).map { $0 * 1e9 })
    }
    var table = MarkdownTable(["build", "loop turns", "median", "p99", "longest", "turns over 16.7 ms"])
    for (name, _) in builds {
        guard let samples = turns[name] else { continue }
        table.add([name, "\(samples.count)", Format.ms(samples.median, 2) + " ms", Format.ms(samples.p99, 1) + " ms",
                   Format.ms(samples.maximum, 1) + " ms", "\(samples.values.filter { $0 > 1e9 / 60 }.count)"])
    }
    print("### The loop during resizes to 7680×4320 and back (\(rounds) rounds, \(strokeCount) strokes, \(scene) scene\(overlay ? ", debug overlay on" : ""))\n")
    print(table.text + "\n")
}
