import Foundation
import ScriptedCompositor

/// The verdict: the first five minutes after warm-up against the last five.
@MainActor
enum SoakReport {
    static func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }

    /// CPU per frame over each sample's interval.
    static func frameTimes(_ samples: [ProcessSample]) -> [(time: Double, ms: Double)] {
        zip(samples, samples.dropFirst()).compactMap { previous, sample in
            sample.commits > previous.commits
                ? (sample.time, (sample.cpuMilliseconds - previous.cpuMilliseconds) / Double(sample.commits - previous.commits))
                : nil
        }
    }

    static func finish(_ samples: [ProcessSample], warmup: Double, window: Double, duration: Double, out: String,
                       app: ClientProcess) -> Int32 {
        let status = app.terminate(grace: 5)
        var csv = "seconds,rss_kb,fds,shm_kb,cpu_ms,commits\n"
        for s in samples {
            csv += "\(s.time),\(s.residentKilobytes),\(s.openDescriptors),\(s.sharedMemoryKilobytes),\(s.cpuMilliseconds),\(s.commits)\n"
        }
        try? csv.write(toFile: out + "/soak.csv", atomically: true, encoding: .utf8)
        do {
            try SoakPlotView.write(samples, to: out + "/soak.png")
        } catch {
            FileHandle.standardError.write(Data("tc-soak: no plot: \(error)\n".utf8))
        }
        guard let end = samples.last?.time, end >= warmup + 2 * window else {
            print("too short: \(samples.count) samples")
            return 1
        }
        let first = samples.filter { $0.time >= warmup && $0.time < warmup + window }
        let last = samples.filter { $0.time >= duration - window && $0.time < duration }
        let frames = frameTimes(samples)
        let firstFrames = frames.filter { $0.time >= warmup && $0.time < warmup + window }.map(\.ms)
        let lastFrames = frames.filter { $0.time >= duration - window && $0.time < duration }.map(\.ms)
        let rows: [(String, Double, Double)] = [
            ("resident memory (MB)", mean(first.map { Double($0.residentKilobytes) / 1024 }), mean(last.map { Double($0.residentKilobytes) / 1024 })),
            ("open descriptors", mean(first.map { Double($0.openDescriptors) }), mean(last.map { Double($0.openDescriptors) })),
            ("mapped shared memory (MB)", mean(first.map { Double($0.sharedMemoryKilobytes) / 1024 }), mean(last.map { Double($0.sharedMemoryKilobytes) / 1024 })),
            ("CPU per frame (ms)", mean(firstFrames), mean(lastFrames)),
        ]
        print("| figure | first \(Int(window / 60)) min after \(Int(warmup / 60)) min warm-up | last \(Int(window / 60)) min | last / first |")
        print("|---|---|---|---|")
        var flat = true
        for (name, a, b) in rows {
            let ratio = b / a
            // Within 5 %: no figure may grow by more; shrinking is fine (a clear frees ink).
            if !(ratio <= 1.05) { flat = false }
            print("| \(name) | \(String(format: "%.2f", a)) | \(String(format: "%.2f", b)) | \(String(format: "%.3f", ratio)) |")
        }
        print("\napp exit status \(status.map(String.init) ?? "none"); \(samples.count) samples over \(Int(end)) s; "
              + "CSV and plot in \(out)/")
        return flat && status == 0 ? 0 : 1
    }
}
