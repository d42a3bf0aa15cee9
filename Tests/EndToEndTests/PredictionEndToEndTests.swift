import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// `--predict`: how far ahead predicted touches reach, read from what the app recorded for each
/// display frame (`display-frame MS` in a `--record` file), under the scripted compositor's
/// vblank mode, whose latency is known, on the held clock (``ManualClock``, which the app reads
/// too): the touch→glass the app learns from is exact, and so is what it predicts from it.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct PredictionEndToEndTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tc-predict-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")

    /// Runs a stroke of `steps` touch frames at 200 Hz with `arguments`, quits, and returns the
    /// prediction of every display frame (milliseconds) and the `--log present` lines.
    func run(_ arguments: [String], scanout: Duration, steps: Int = 80, every interval: Double = 0.005) async throws -> (predictions: [Double], present: [[String: Any]]) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let recording = directory.appendingPathComponent("predict.tcrec").path
        let h = try await AppHarness(arguments: ["--scene", "draw", "--log", "present", "--record", recording] + arguments,
                               size: (800, 600), vblank: VblankMode(hertz: 60, scanoutDelay: scanout), clock: ManualClock())
        await h.idle()
        let c = h.compositor
        c.touchDown(id: 0, x: 100, y: 200)
        c.touchFrame()
        for step in 1...steps {
            c.touchMotion(id: 0, x: 100 + Double(step % 40) * 15, y: 200 + Double(step / 40) * 30)
            c.touchFrame()
            await c.pump(for: interval)
        }
        c.touchUp(id: 0)
        c.touchFrame()
        await h.idle()
        c.tapKey(16)  // q
        #expect(await h.app.waitForExit(timeout: AppHarness.patience, pumping: c) == 0, "\(h.app.standardError)")
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        // `TIME display-frame MS`: the interval follows the keyword (none when never set).
        let predictions = text.split(separator: "\n").compactMap { line -> Double? in
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "display-frame") else { return nil }
            return words.index(after: at) < words.endIndex ? Double(words[words.index(after: at)]) : 0
        }
        return (predictions, h.logLines.filter { $0["present"] != nil })
    }

    @Test func offPredictsNothing() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (predictions, _) = try await run(["--predict", "off"], scanout: .milliseconds(30))
        #expect(predictions.count >= 20)
        #expect(predictions.allSatisfy { $0 == 0 }, "\(predictions)")
    }

    @Test func aFixedIntervalIsKept() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (predictions, _) = try await run(["--predict", "12.5"], scanout: .milliseconds(5))
        #expect(predictions.count >= 20)
        #expect(predictions.allSatisfy { $0 == 12.5 }, "\(predictions)")
    }

    /// At 60 Hz with no scanout delay, a finger that moves every 40 ms finds the display ready
    /// each time, and reaches the glass within one refresh: `auto` draws nothing past the finger
    /// once that is measured.
    @Test func autoPredictsNothingBelowOneRefresh() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (predictions, present) = try await run([], scanout: .zero, steps: 30, every: 0.04)
        let latencies = present.compactMap { ($0["input_to_present_us"] as? NSNumber)?.doubleValue }
        #expect(latencies.count >= 20)
        // Within one refresh, but for a move that comes within the pacer's 2 ms margin before a
        // vblank: that one waits for the next.
        #expect(latencies.sorted()[latencies.count / 2] < 16_667, "\(latencies)")
        #expect(latencies.allSatisfy { $0 < 16_667 + 2_000 }, "\(latencies)")
        #expect(predictions.count >= 20)
        #expect(predictions.suffix(10).allSatisfy { $0 == 0 }, "\(predictions)")
    }

    /// With 10 ms of scanout, input takes more than a refresh: `auto` predicts by the measured
    /// touch→glass median per input frame (each line's `sample_median_us`, once for every frame
    /// it stands for, over the last 63 frames as the app keeps them).
    @Test func autoPredictsByTheMeasuredTouchToGlass() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (predictions, present) = try await run([], scanout: .milliseconds(10))
        let latencies = present.flatMap { line -> [Double] in
            guard let n = (line["samples"] as? NSNumber)?.intValue, let median = (line["sample_median_us"] as? NSNumber)?.doubleValue
            else { return [] }
            return Array(repeating: median / 1000, count: n)
        }
        #expect(latencies.count >= 20)
        let recent = latencies.suffix(63).sorted()
        let median = recent[recent.count / 2]
        #expect(median > 16.7 && median < 10 + 3 * 16.7, "\(latencies)")
        let last = try #require(predictions.last(where: { $0 > 0 }))
        // The last frames predicted by the median of the latest presentations. Their window
        // moves on as the stroke's last frames are presented after that prediction, by one step
        // at most: touch frames 5 ms apart against a 16.667 ms refresh give figures 1.667 ms apart.
        #expect(abs(last - median) <= 1.667 + 0.001, "predicted \(last) ms, median touch→glass \(median) ms")
        #expect(predictions.suffix(10).allSatisfy { $0 > 16.7 }, "\(predictions)")
    }

    /// However slow the glass, a prediction reaches at most 50 ms ahead.
    @Test func autoPredictsAtMostFiftyMilliseconds() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (predictions, present) = try await run([], scanout: .milliseconds(60))
        let latencies = present.compactMap { ($0["input_to_present_us"] as? NSNumber)?.doubleValue }
        #expect(latencies.count >= 20 && latencies.allSatisfy { $0 > 60_000 }, "\(latencies)")
        #expect(predictions.suffix(10).allSatisfy { $0 == 50 }, "\(predictions)")
    }

    @Test(arguments: ["soon", "-5", "51", "nan"])
    func aBadValueIsAUsageErrorWithTheLine(_ value: String) async throws {
        let compositor = try ScriptedCompositor()
        let app = try AppHarness.launch(["--predict", value], environment: compositor.environmentForClient)
        var status: Int32?
        _ = await compositor.waitUntil(timeout: AppHarness.patience) {
            status = app.exitStatus
            return status != nil
        }
        #expect(status == 64, "ArgumentParser's usage status")
        #expect(app.standardError.contains("--predict"), "\(app.standardError)")
        #expect(compositor.toplevel == nil, "no window for a bad option")
    }
}
