import BenchmarkSupport
import Foundation
import ScriptedCompositor

// The figures that end-to-end tests used to assert on the machine's clock, measured here on it
// instead: the tests now run on the held clock, where drawing takes no time and every outcome
// is exact, and what a real, possibly busy, machine makes of the same scenes is this
// benchmark's to say. Usage:
//
//   RealClockFigures --touchcanvas ../.build/release/touchcanvas [--runs 3] [--baseline PATH]
//
// Under the scripted compositor's 60 Hz vblank (5 ms of scanout unless said otherwise), for each
// build and each run:
//   - the present log against the compositor's truth: a finger moving every 45 ms, with
//     nanosecond event times and with the core protocol's milliseconds; per presented line the
//     error of its `input_to_present_us` against the compositor's own figure for the move it
//     names, and how many moves were shown by the first commit after them;
//   - `--predict auto` with 10 ms of scanout: the last prediction against the median
//     touch→glass of the last 63 input frames;
//   - the latency flash: 20 taps on `--scene latency`, the refreshes from each down to the
//     glass (`frames` of its present line) and whether every white frame was presented;
//   - `check glass`: its median touch→glass over its 70-move stroke, and its verdict.

let options = parseOptions(usage: "RealClockFigures --touchcanvas PATH [--runs N] [--baseline PATH]")
let runs = max(1, Int(options["runs"] ?? "") ?? 3)
var builds = [("this build", options["touchcanvas"] ?? "../.build/release/touchcanvas")]
if let baseline = options["baseline"] { builds.append(("baseline", baseline)) }
let patience = 20.0

enum Failure: Error, CustomStringConvertible {
    case app(String)
    var description: String { if case let .app(text) = self { return text } else { return "" } }
}

/// The app under a scripted compositor with a 60 Hz vblank, mapped at 800×600 and settled.
final class Session {
    let compositor: ScriptedCompositor
    let app: ClientProcess
    private var parsed: [[String: Any]] = []
    private var linesParsed = 0

    init(_ executable: String, _ arguments: [String], scanout: Duration = .milliseconds(5), inputTimestamps: Bool = true) throws {
        compositor = try ScriptedCompositor(offersInputTimestamps: inputTimestamps,
                                            vblank: VblankMode(hertz: 60, scanoutDelay: scanout))
        app = try ClientProcess(executable: executable, arguments: arguments + ["--connect-timeout", "20"],
                                environment: compositor.environmentForClient)
        _ = compositor.waitUntil(timeout: patience) { compositor.toplevel != nil || app.exitStatus != nil }
        compositor.configure(width: 800, height: 600)
        guard compositor.waitForMappedToplevel(timeout: patience) else {
            throw Failure.app("no window; stderr: \(app.standardError.suffix(400))")
        }
        compositor.settle(within: patience)
    }

    deinit { app.terminate(grace: 2) }

    /// The `--log` lines so far.
    var log: [[String: Any]] {
        let lines = app.lines
        while linesParsed < lines.count {
            if let data = lines[linesParsed].data(using: .utf8),
               let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] { parsed.append(object) }
            linesParsed += 1
        }
        return parsed
    }

    /// Pumps until every commit that asked for feedback has its answer and its line.
    func waitForFigures() {
        let c = compositor
        _ = c.waitUntil(timeout: patience) {
            let asked = c.presentations.filter(\.feedbackRequested)
            return asked.allSatisfy { $0.outcome != .pending }
                && log.filter { $0["present"] != nil || $0["discarded"] != nil }.count == asked.count
        }
    }
}

func number(_ line: [String: Any], _ key: String) -> Double? { (line[key] as? NSNumber)?.doubleValue }

func presented(_ record: PresentationRecord) -> UInt64? {
    if case let .presented(nanoseconds, _) = record.outcome { return nanoseconds } else { return nil }
}

/// The present log against the compositor: errors (µs) and the share shown by the first commit.
func presentLog(_ executable: String, nanosecondTimes: Bool) throws -> (errors: Samples, atFirst: Int, lines: Int) {
    let s = try Session(executable, ["--scene", "trace", "--log", "present"], inputTimestamps: nanosecondTimes)
    let c = s.compositor
    var sent: [UInt64] = []
    c.touchDown(id: 0, x: 100, y: 200)
    sent.append(c.lastEventNanoseconds ?? 0)
    c.touchFrame()
    c.pump(for: 0.045)
    for step in 1...24 {
        c.touchMotion(id: 0, x: 100 + Double(step) * 20, y: 200)
        sent.append(c.lastEventNanoseconds ?? 0)
        c.touchFrame()
        c.pump(for: 0.045)
    }
    s.waitForFigures()
    let commits = c.presentations.filter(\.feedbackRequested).sorted { $0.commitSequence < $1.commitSequence }
    func distance(_ a: UInt64, _ b: UInt64) -> UInt64 { a > b ? a - b : b - a }
    var errors = Samples(), atFirst = 0, lines = 0
    for line in s.log where line["present"] != nil {
        let input = (line["input"] as? NSNumber)?.uint64Value ?? 0
        let present = (line["present"] as? NSNumber)?.uint64Value ?? 0
        guard let moved = sent.min(by: { distance($0, input) < distance($1, input) }), distance(moved, input) < 1_000_000,
              let logged = number(line, "input_to_present_us") else { continue }
        lines += 1
        if commits.first(where: { $0.committedNanoseconds >= moved }).flatMap(presented) == present { atFirst += 1 }
        errors.append(abs(logged - Double(present &- moved) / 1000))
    }
    return (errors, atFirst, lines)
}

/// `--predict auto` with 10 ms of scanout: the last prediction and the median it follows (ms).
func prediction(_ executable: String) throws -> (last: Double, median: Double) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-realclock-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("predict.tcrec").path
    let s = try Session(executable, ["--scene", "draw", "--log", "present", "--record", recording], scanout: .milliseconds(10))
    let c = s.compositor
    c.touchDown(id: 0, x: 100, y: 200)
    c.touchFrame()
    for step in 1...80 {
        c.touchMotion(id: 0, x: 100 + Double(step % 40) * 15, y: 200 + Double(step / 40) * 30)
        c.touchFrame()
        c.pump(for: 0.005)
    }
    c.touchUp(id: 0)
    c.touchFrame()
    c.settle(within: patience)
    let latencies = s.log.filter { $0["present"] != nil }.flatMap { line -> [Double] in
        guard let n = (line["samples"] as? NSNumber)?.intValue, let median = number(line, "sample_median_us") else { return [] }
        return Array(repeating: median / 1000, count: n)
    }
    c.tapKey(16)  // q
    guard s.app.waitForExit(timeout: patience, pumping: c) == 0 else { throw Failure.app("the app did not quit: \(s.app.standardError.suffix(400))") }
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    let predictions = text.split(separator: "\n").compactMap { line -> Double? in
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "display-frame"), words.index(after: at) < words.endIndex else { return nil }
        return Double(words[words.index(after: at)])
    }
    let recent = Samples(Array(latencies.suffix(63)))
    return (predictions.last(where: { $0 > 0 }) ?? .nan, recent.median)
}

/// 20 taps on the latency scene: each flash's refreshes to the glass, and the flashes not shown.
func flashes(_ executable: String) throws -> (frames: Samples, notShown: Int) {
    let s = try Session(executable, ["--scene", "latency", "--log", "present"])
    let c = s.compositor
    var flashCommits: [Int] = []
    for tap in 0..<20 {
        c.touchDown(id: Int32(tap), x: 500, y: 400)
        c.touchFrame()
        if let white = c.waitForNextCommit(timeout: patience) { flashCommits.append(white.sequence) }
        c.touchUp(id: Int32(tap))
        c.touchFrame()
        c.pump(for: 0.1)
    }
    s.waitForFigures()
    var frames = Samples(), notShown = 0
    let lines = s.log.filter { $0["present"] != nil }
    for sequence in flashCommits {
        guard let at = c.presentation(ofCommit: sequence).flatMap(presented) else {
            notShown += 1
            continue
        }
        let line = lines.first { ($0["present"] as? NSNumber)?.uint64Value == at }
        if let n = line.flatMap({ number($0, "frames") }) { frames.append(n) }
    }
    return (frames, notShown)
}

/// `check glass`: its median touch→glass (ms) and its verdict.
func glassStep(_ executable: String) throws -> (median: Double, verdict: String) {
    let s = try Session(executable, ["check", "glass", "--json", "--timeout", "30"])
    let c = s.compositor
    guard c.waitUntil(timeout: patience, { s.app.standardError.contains("Step 1 of 1") }) else {
        throw Failure.app("the step did not begin: \(s.app.standardError.suffix(400))")
    }
    c.touchDown(id: 0, x: 100, y: 100)
    c.touchFrame()
    for step in 1...70 {
        c.pump(for: 0.02)
        c.touchMotion(id: 0, x: 100 + Double(step) * 5, y: 100 + Double(step) * 2)
        c.touchFrame()
    }
    c.touchUp(id: 0)
    c.touchFrame()
    let status = s.app.waitForExit(timeout: patience, pumping: c)
    s.app.drainOutput()
    struct Result: Decodable {
        struct Inner: Decodable { let touchToGlassMilliseconds: [Double] }
        let result: Inner
    }
    let figures = (try? JSONDecoder().decode(Result.self, from: Data(s.app.standardOutput.utf8)))?.result.touchToGlassMilliseconds ?? []
    return (Samples(figures).median, status == 0 ? "passed" : "status \(status.map(String.init) ?? "none")")
}

func us(_ value: Double) -> String { Format.fixed(value, 1) }

/// The one-minute load average, which says how busy the machine was.
var loadAverage: String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").first.map(String.init) ?? "unknown"
}

print("RealClockFigures, \(Machine.description), \(runs) runs per build, load \(loadAverage)\n")
var logTable = MarkdownTable(["build", "event times", "run", "lines", "error median / max (µs)", "shown by the first commit after the move"])
var otherTable = MarkdownTable(["build", "run", "prediction: last / median touch→glass (ms)", "flash: refreshes to the glass, median / max", "flashes not shown", "check glass: median (ms), verdict"])
for (name, executable) in builds {
    for run in 1...runs {
        for nanosecondTimes in [true, false] {
            do {
                let r = try presentLog(executable, nanosecondTimes: nanosecondTimes)
                logTable.add([name, nanosecondTimes ? "ns" : "ms", "\(run)", "\(r.lines)",
                              "\(us(r.errors.median)) / \(us(r.errors.percentile(100)))", "\(r.atFirst) of \(r.lines)"])
            } catch {
                logTable.add([name, nanosecondTimes ? "ns" : "ms", "\(run)", "failed: \(error)", "", ""])
            }
        }
        var row = [name, "\(run)"]
        do {
            let p = try prediction(executable)
            row.append("\(Format.fixed(p.last, 2)) / \(Format.fixed(p.median, 2))")
        } catch { row.append("failed: \(error)") }
        do {
            let f = try flashes(executable)
            row += ["\(Format.fixed(f.frames.median, 0)) / \(Format.fixed(f.frames.percentile(100), 0)) (\(f.frames.count) taps)", "\(f.notShown)"]
        } catch { row += ["failed: \(error)", ""] }
        do {
            let g = try glassStep(executable)
            row.append("\(Format.fixed(g.median, 2)), \(g.verdict)")
        } catch { row.append("failed: \(error)") }
        otherTable.add(row)
    }
}
print("### The present log against the compositor's truth\n")
print(logTable.text)
print("\n### Prediction, the latency flash and check glass\n")
print(otherTable.text)
