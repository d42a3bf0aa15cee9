import BenchmarkSupport
import Foundation
import ScriptedCompositor

// End-to-end touch latency under the scripted compositor, TouchCanvas side by side with peers,
// as BENCHMARKS.md's targets describe. Usage:
//
//   TouchLatency --touchcanvas ../.build/release/touchcanvas [--seconds 10] [--history 1000]
//                [--only name,name] [--screenshots DIR] [--vblank 60] [--scanout-ms 0]
//                [--baseline PATH] [--event-ms 5] [--size 1024x768] [--fingers 1]
//                [--stroke S] [--latch-ms 0] [--vblank-only] [--jitter 0.2]
//
// Prints Markdown tables (the ones BENCHMARKS.md records) and notes on clients that failed:
// touch frame → commit with frame callbacks answered 1 ms after each commit (the client's own
// share), then, unless `--vblank 0`, touch → glass under a display ticking at that refresh and
// what the clients' pacing cost there. `--baseline` adds trace-scene rows for another build
// of touchcanvas, so a change is compared with what it changed in one run. `--event-ms` spaces
// the finger's frames otherwise (5 ms: 200 Hz), e.g. 50 to run a client under callgrind without
// its frames piling up, so every touch frame still gets a commit of its own. `--size` sets the
// window (and an output at least that large), `--fingers` moves up to ten fingers round the same
// circle, `--stroke` lifts and puts them down again every S seconds (people draw strokes of a
// second or two), `--latch-ms` has the compositor take frames that long before each tick (as
// Weston's repaint window does), `--vblank-only` skips the callback-paced table (the pacing
// table then takes every client's own cost as 0), and `--jitter` varies each event's spacing by
// up to that fraction (default 0.2; 0 for exactly periodic events, as before 2026-11-29).

let options = parseOptions(usage: "TouchLatency --touchcanvas PATH [--seconds S] [--history N] [--only a,b] "
    + "[--screenshots DIR] [--vblank HZ] [--scanout-ms MS] [--baseline PATH] [--event-ms MS] [--size WxH] "
    + "[--fingers N] [--stroke S] [--latch-ms MS] [--vblank-only] [--jitter F]")

let touchcanvas = options["touchcanvas"] ?? "../.build/release/touchcanvas"
let history = Int(options["history"] ?? "") ?? 1000
let vblankHertz = Double(options["vblank"] ?? "") ?? 60
let scanoutMilliseconds = Double(options["scanout-ms"] ?? "") ?? 0
let latchMilliseconds = Double(options["latch-ms"] ?? "") ?? 0
let vblankOnly = options["vblank-only"] != nil
var run = LatencyRun()
run.seconds = Double(options["seconds"] ?? "") ?? 10
if let size = options["size"] {
    let parts = size.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2, parts.allSatisfy({ $0 >= 320 && $0 <= 7680 }) else {
        FileHandle.standardError.write(Data("TouchLatency: --size wants WIDTHxHEIGHT, each 320 to 7680\n".utf8))
        exit(2)
    }
    run.windowSize = (parts[0], parts[1])
}
run.fingers = max(1, min(Int(options["fingers"] ?? "") ?? 1, 10))
run.strokeSeconds = max(Double(options["stroke"] ?? "") ?? 0, 0)
if let jitter = Double(options["jitter"] ?? ""), jitter >= 0, jitter < 1 { run.jitter = jitter }
run.screenshotDirectory = options["screenshots"]
if let milliseconds = Double(options["event-ms"] ?? ""), milliseconds > 0 { run.eventInterval = milliseconds / 1000 }
if let directory = run.screenshotDirectory {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
}

var clients = [
    Client(name: "touchcanvas (trace)", executable: touchcanvas, arguments: ["--scene", "trace"], underVblank: true),
    // The app's own window frame (a subsurface), as under Mutter and Weston: each canvas frame
    // asks it whether it has anything to draw.
    Client(name: "touchcanvas (trace, own frame)", executable: touchcanvas,
           arguments: ["--scene", "trace", "--decorations", "client"]),
    Client(name: "touchcanvas (canvas)", executable: touchcanvas, arguments: ["--scene", "canvas"], underVblank: true),
    Client(name: "touchcanvas (spots)", executable: touchcanvas, arguments: ["--scene", "spots"]),
    Client(name: "touchcanvas (canvas, after \(history) strokes)", executable: touchcanvas,
           arguments: ["--scene", "canvas"], historyStrokes: history),
    Client(name: "weston-simple-touch", executable: "/usr/bin/weston-simple-touch", arguments: [], underVblank: true),
    // The scribble area is the lower half of the demo window; the cairo renderer needs no GPU.
    Client(name: "GTK4 DrawingArea", executable: "/usr/bin/gtk4-demo", arguments: ["--run=drawingarea"],
           environment: ["GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable", "NO_AT_BRIDGE": "1"], underVblank: true),
]
if let baseline = options["baseline"] {
    // Each right after the same row for this build, so the two run under the same load.
    clients.insert(Client(name: "touchcanvas (trace, baseline)", executable: baseline, arguments: ["--scene", "trace"],
                          underVblank: true), at: 1)
    clients.insert(Client(name: "touchcanvas (trace, own frame, baseline)", executable: baseline,
                          arguments: ["--scene", "trace", "--decorations", "client"]), at: 3)
    clients.insert(Client(name: "touchcanvas (canvas, baseline)", executable: baseline, arguments: ["--scene", "canvas"],
                          underVblank: true), at: 5)
}
if history <= 0 { clients.removeAll { $0.historyStrokes > 0 } }
if let only = options["only"] {
    let names = only.split(separator: ",").map { $0.lowercased() }
    clients.removeAll { client in !names.contains { client.name.lowercased().contains($0) } }
}

print("Machine: \(Machine.description)")
let size = "\(run.windowSize.width)×\(run.windowSize.height)"
let fingerWords = run.fingers == 1 ? "One finger" : "\(run.fingers) fingers, spread evenly,"
let strokeWords = run.strokeSeconds > 0
    ? "in strokes of \(Format.fixed(run.strokeSeconds, 1)) s with \(Format.fixed(LatencyRun.pauseBetweenStrokes, 1)) s between them"
    : "in one stroke"
print("\(fingerWords) on a circle (radius up to 150 px, one turn per 2 s) at \(Format.fixed(1 / run.eventInterval, 0)) Hz (each spacing ±\(Format.fixed(run.jitter * 100, 0)) %) for \(Int(run.seconds)) s "
      + "\(strokeWords) (after \(run.warmupSeconds) s of warm-up), \(size) window, output scale 1"
      + (vblankOnly ? ".\n" : "; first with frame callbacks answered 1 ms after a commit.\n"))

var table = MarkdownTable([
    "client", "touch frame → commit, median / p99 (ms)", "commits per touch frame",
    "touch frames with own commit", "mean damaged fraction per commit", "buffer",
    "client CPU during run", "idle commits in 2 s (before / after)", "idle CPU in 2 s",
])
var notes: [String] = []
/// Each client's own touch frame → commit median (ns) in this run: what a commit made when the
/// input arrives costs it, for the pacing table.
var ownCost: [String: Double] = [:]
for client in clients where !vblankOnly {
    FileHandle.standardError.write(Data("measuring \(client.name)…\n".utf8))
    let r = MainActor.assumeIsolated { run.measure(client) }
    if let failure = r.failure {
        table.add([client.name, "did not run", "–", "–", "–", "–", "–", "–", "–"])
        notes.append("- \(client.name): \(failure)")
        continue
    }
    let frames = max(r.touchFrames, 1)
    if !r.latencies.isEmpty { ownCost[client.name] = r.latencies.median }
    table.add([
        client.name,
        "\(Format.ms(r.latencies.median, 3)) / \(Format.ms(r.latencies.p99, 3))",
        Format.fixed(Double(r.commits) / Double(frames), 2),
        Format.fixed(100 * Double(r.framesWithOwnCommit) / Double(frames), 0) + " %",
        Format.fraction(r.meanDamagedFraction),
        r.bufferSize.map { "\($0.width)×\($0.height)" } ?? "–",
        r.runCPUSecondsPerSecond.map { Format.fixed($0 * 100, 0) + " %" } ?? "–",
        "\(r.idleCommitsBefore.map(String.init) ?? "–") / \(r.idleCommitsAfter.map(String.init) ?? "–")",
        r.idleCPUSeconds.map { Format.fixed($0 * 1000, 0) + " ms" } ?? "–",
    ])
    if let path = r.path, path.radius != 150 {
        notes.append("- \(client.name): the window is smaller than asked, so the finger's circle has radius \(Int(path.radius)) px")
    }
    if let shot = r.screenshot { notes.append("- \(client.name): last frame saved to \(shot)") }
    if r.touchFrames > 0 && r.commits == 0 {
        notes.append("- \(client.name): mapped a \(r.bufferSize.map { "\($0.width)×\($0.height)" } ?? "?") buffer but "
                     + "committed nothing while the finger moved: the touches never reached it (see BENCHMARKS.md)")
    }
}
if !vblankOnly { print(table.text) }
if !notes.isEmpty { print("\n" + notes.joined(separator: "\n")) }

if vblankHertz > 0 {
    let scanout = Duration.nanoseconds(Int64(max(scanoutMilliseconds, 0) * 1e6))
    let vblank = VblankMode(hertz: vblankHertz, scanoutDelay: scanout,
                            latchLead: .nanoseconds(Int64(max(latchMilliseconds, 0) * 1e6)))
    var vblankRun = run
    vblankRun.vblank = vblank
    vblankRun.screenshotDirectory = nil
    print("\nUnder the compositor's vblank mode: \(Format.fixed(vblankHertz, 0)) Hz "
          + "(refresh \(Format.ms(Double(vblank.refreshNanoseconds), 3)) ms), scanout delay "
          + "\(Format.ms(Double(vblank.scanoutDelayNanoseconds), 1)) ms, commits taken until "
          + "\(Format.ms(Double(vblank.latchLeadNanoseconds), 1)) ms before each tick; the same input. Touch → glass is "
          + "from sending a touch frame to the presentation time of the first presented commit after it, "
          + "from the compositor's own records.\n")
    var glass = MarkdownTable([
        "client", "touch → glass, median / p95 / p99 (ms)", "presented at the first vblank after the input",
        "refreshes waited beyond it: 0 / 1 / 2+", "commits per refresh", "discarded commits",
        "touch frame → commit, median (ms)", "client CPU during run",
    ])
    var pacing = MarkdownTable([
        "client", "touch frames presented", "late by ≥ 1 refresh though a commit at input time would have made the first vblank",
        "own cost used (ms)", "as measured: touch → glass median / p99 (ms)",
        "commit on input: median / p99 (ms)", "draw on input, commit 1 ms before the tick", "… 3 ms before",
    ])
    var vblankNotes: [String] = []
    for client in clients where client.underVblank {
        FileHandle.standardError.write(Data("measuring \(client.name) under vblank…\n".utf8))
        let r = MainActor.assumeIsolated { vblankRun.measure(client) }
        guard r.failure == nil, let g = r.toGlass, !g.presentedFrames.isEmpty else {
            glass.add([client.name, "did not run", "–", "–", "–", "–", "–", "–"])
            vblankNotes.append("- \(client.name) (vblank): \(r.failure ?? "no touch frame reached the glass")")
            continue
        }
        let toGlass = g.inputToPresent
        let waited = g.waitedShares
        func percent(_ x: Double) -> String { Format.fixed(100 * x, 0) + " %" }
        glass.add([
            client.name,
            "\(Format.ms(toGlass.median)) / \(Format.ms(toGlass.percentile(95))) / \(Format.ms(toGlass.p99))",
            percent(waited.zero),
            "\(percent(waited.zero)) / \(percent(waited.one)) / \(percent(waited.more))",
            Format.fixed(Double(g.commits) / max(r.measuredSeconds * vblankHertz, 1), 2),
            "\(g.discarded) of \(g.commits) (\(percent(Double(g.discarded) / Double(max(g.commits, 1)))))",
            Format.ms(g.inputToCommit.median, 3),
            r.runCPUSecondsPerSecond.map { Format.fixed($0 * 100, 0) + " %" } ?? "–",
        ])
        // Without the callback-paced run of this client, a commit is taken to cost nothing.
        let cost = UInt64(ownCost[client.name] ?? 0)
        if ownCost[client.name] == nil { vblankNotes.append("- \(client.name): no own cost measured in this run; 0 used") }
        let late = g.avoidablyLate(ownCost: cost)
        let onInput = g.hypothetical(ownCost: cost)
        let deadline1 = g.hypothetical(ownCost: cost, deadline: 1_000_000)
        let deadline3 = g.hypothetical(ownCost: cost, deadline: 3_000_000)
        pacing.add([
            client.name, "\(g.presentedFrames.count)",
            "\(late) (\(percent(Double(late) / Double(g.presentedFrames.count))))",
            Format.ms(Double(cost), 3),
            "\(Format.ms(toGlass.median)) / \(Format.ms(toGlass.p99))",
            "\(Format.ms(onInput.median)) / \(Format.ms(onInput.p99))",
            "\(Format.ms(deadline1.median)) / \(Format.ms(deadline1.p99))",
            "\(Format.ms(deadline3.median)) / \(Format.ms(deadline3.p99))",
        ])
    }
    print(glass.text)
    print("\nPacing: how often the client's rule waited a whole extra refresh, and what other rules would have "
          + "given on the same touch frames and ticks (computed, not run: the compositor latches any commit made "
          + "before a tick; \"own cost\" is the client's touch frame → commit median from the table above).\n")
    print(pacing.text)
    if !vblankNotes.isEmpty { print("\n" + vblankNotes.joined(separator: "\n")) }
}
