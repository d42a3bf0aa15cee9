import Rendering
import Foundation
import ScriptedCompositor

// `make soak`: the real app under the scripted compositor for half an hour of ten fingers, with
// scene switches, undo and clear, a recording running, output scale changes and seats coming and
// going. Its resident memory, open descriptors, mapped shared memory and CPU per frame are
// sampled every 10 s; after a warm-up, the last six minutes must be within 5 % of the first
// six. Prints a Markdown table,
// writes the samples as CSV and a PNG plot, and exits 1 if anything grew or the app failed.
//
//   tc-soak --touchcanvas .build/release/touchcanvas [--minutes 30] [--warmup 2] [--out soak]

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard flag.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("usage: tc-soak --touchcanvas PATH [--minutes M] [--warmup M] [--out DIR]\n".utf8))
        exit(2)
    }
    options[String(flag.dropFirst(2))] = value
}
let minutes = Double(options["minutes"] ?? "") ?? 30
// Both windows start at the same phase of the 3-minute schedule (scale every 45 s, scenes every
// 30 s, seats every 60 s, undo every 20 s): 3 minutes of warm-up, 6-minute windows.
let warmup = Double(options["warmup"] ?? "") ?? 3
let out = options["out"] ?? "soak"
let executable = options["touchcanvas"] ?? ".build/release/touchcanvas"
try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)

func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

let result: Int32 = MainActor.assumeIsolated {
    do {
        var soak = try SoakRun(executable: executable, recording: out + "/soak.tcrec")
        let samples = soak.run(seconds: minutes * 60) { say($0) }
        return SoakReport.finish(samples, warmup: warmup * 60, window: min(6, minutes / 3) * 60, duration: minutes * 60,
                                 out: out, app: soak.app)
    } catch {
        say("tc-soak: \(error)")
        return 1
    }
}
exit(result)
