import BenchmarkSupport
import Foundation

// End-to-end touch latency under the scripted compositor, TouchCanvas side by side with peers,
// as DESIGN.md's "Performance targets" describes. Usage:
//
//   TouchLatency --touchcanvas ../.build/release/touchcanvas [--seconds 10] [--history 1000]
//                [--only name,name] [--screenshots DIR]
//
// Prints a Markdown table (the one BENCHMARKS.md records) and notes on clients that failed.

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard flag.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("usage: TouchLatency --touchcanvas PATH [--seconds S] [--history N] [--only a,b] [--screenshots DIR]\n".utf8))
        exit(2)
    }
    options[String(flag.dropFirst(2))] = value
}

let touchcanvas = options["touchcanvas"] ?? "../.build/release/touchcanvas"
let history = Int(options["history"] ?? "") ?? 1000
var run = LatencyRun()
run.seconds = Double(options["seconds"] ?? "") ?? 10
run.screenshotDirectory = options["screenshots"]
if let directory = run.screenshotDirectory {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
}

var clients = [
    Client(name: "touchcanvas (canvas)", executable: touchcanvas, arguments: ["--scene", "canvas"]),
    Client(name: "touchcanvas (spots)", executable: touchcanvas, arguments: ["--scene", "spots"]),
    Client(name: "touchcanvas (canvas, after \(history) strokes)", executable: touchcanvas,
           arguments: ["--scene", "canvas"], historyStrokes: history),
    Client(name: "weston-simple-touch", executable: "/usr/bin/weston-simple-touch", arguments: []),
    // The scribble area is the lower half of the demo window; the cairo renderer needs no GPU.
    Client(name: "GTK4 DrawingArea", executable: "/usr/bin/gtk4-demo", arguments: ["--run=drawingarea"],
           environment: ["GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable", "NO_AT_BRIDGE": "1"]),
]
if history <= 0 { clients.removeAll { $0.historyStrokes > 0 } }
if let only = options["only"] {
    let names = only.split(separator: ",").map { $0.lowercased() }
    clients.removeAll { client in !names.contains { client.name.lowercased().contains($0) } }
}

print("Machine: \(Machine.description)")
print("One finger on a circle (radius 150 px in a 1024×768 window, one turn per 2 s) at 200 Hz for \(Int(run.seconds)) s "
      + "(after \(run.warmupSeconds) s of warm-up), 1024×768 window, output scale 1, frame callbacks "
      + "answered 1 ms after a commit.\n")

var table = MarkdownTable([
    "client", "touch frame → commit, median / p99 (ms)", "commits per touch frame",
    "touch frames with own commit", "mean damaged fraction per commit", "buffer",
    "client CPU during run", "idle commits in 2 s (before / after)", "idle CPU in 2 s",
])
var notes: [String] = []
for client in clients {
    FileHandle.standardError.write(Data("measuring \(client.name)…\n".utf8))
    let r = MainActor.assumeIsolated { run.measure(client) }
    if let failure = r.failure {
        table.add([client.name, "did not run", "–", "–", "–", "–", "–", "–", "–"])
        notes.append("- \(client.name): \(failure)")
        continue
    }
    let frames = max(r.touchFrames, 1)
    table.add([
        client.name,
        "\(Format.ms(r.latencies.median)) / \(Format.ms(r.latencies.p99))",
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
print(table.text)
if !notes.isEmpty { print("\n" + notes.joined(separator: "\n")) }
