import Rendering
import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// A big drawing and then a scale change: the app rebuilds its ink a slice per frame, so while
/// it does it answers `xdg_wm_base.ping` and takes touches, and it ends with the pixels that
/// `touchcanvas replay` (which paints everything at once) gives for the same drawing.
///
/// Structure, not time: the rebuild must span several commits, and the ping's answer and the
/// touch's log line must come while later commits still show it unfinished. How many
/// milliseconds anything took is not asserted. On the held clock, where painting takes no time,
/// the app slices by a count of segments instead of by time, so the slices, the commit that
/// answers the ping and the one that logs the touch are the same in every run.
@Suite(.compositorSlot) struct SlicedRebuildEndToEndTests {
    static let width = 1000, height = 700
    /// 5 500 segments: at the held clock's thousand a slice, six slices or so. (On the machine's
    /// clock the drawing had to be four times this to outlast several 8 ms slices on a fast
    /// machine; on the held clock the slices no longer depend on the machine.)
    static let strokes = 500, pointsPerStroke = 12

    /// `strokes` strokes across the whole window by one played seat, each finger lifting before
    /// the next comes down, two milliseconds apart; `scale` in the header (`replay` draws at it).
    static func recording(scale: Int) -> String {
        var text = "touchcanvas-recording 3\n# SlicedRebuildEndToEndTests: many short strokes\n"
        text += "size \(width) \(height)\nscale \(scale)\nseat 7 played\nscene trace\n"
        for i in 0..<strokes {
            let id = i % 10, t = 2 * i
            let x0 = 20 + (i * 37) % (width - 360), y0 = 20 + (i * 53) % (height - 60)
            for k in 0..<pointsPerStroke {
                let x = Double(x0) + Double(k) * 27.5, y = Double(y0) + Double((k * (i % 7 + 3)) % 31)
                text += k == 0 ? "\(t) 7 down \(id) \(x) \(y)\n" : "\(t) 7 motion \(id) \(x) \(y)\n"
                text += "\(t) 7 frame\n"
            }
            text += "\(t + 1) 7 up \(id)\n\(t + 1) 7 frame\n"
        }
        return text
    }

    static func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sliced-\(getpid())-\(name)").path
    }

    /// Non-white pixels on a grid of every third pixel: grows as the rebuild fills in.
    static func inked(_ pixel: (Int, Int) -> (r: UInt8, g: UInt8, b: UInt8), width: Int, height: Int) -> Int {
        var count = 0
        for y in stride(from: 0, to: height, by: 3) {
            for x in stride(from: 0, to: width, by: 3) {
                let p = pixel(x, y)
                if p.r != 0xFF || p.g != 0xFF || p.b != 0xFF { count += 1 }
            }
        }
        return count
    }

    static func sameRGB(_ frame: Frame, _ reference: PixelBuffer) -> Bool {
        guard frame.width == reference.width, frame.height == reference.height else { return false }
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let a = frame.pixel(x: x, y: y)
                guard let b = reference.pixel(x: x, y: y), a.r == b.red, a.g == b.green, a.b == b.blue else { return false }
            }
        }
        return true
    }

    @Test func aScaleChangeOverABigDrawingKeepsTheAppResponsiveAndEndsAsReplayDrawsIt() async throws {
        let played = Self.path("played.tcrec"), atScale2 = Self.path("scale2.tcrec"), png = Self.path("replayed.png")
        try Self.recording(scale: 1).write(toFile: played, atomically: true, encoding: .utf8)
        try Self.recording(scale: 2).write(toFile: atScale2, atomically: true, encoding: .utf8)
        defer { for file in [played, atScale2, png] { try? FileManager.default.removeItem(atPath: file) } }

        // The reference: the same drawing at scale 2, painted in one go by `replay`.
        let replay = try AppHarness.launch(["replay", atScale2, "--png", png], environment: ["PATH": "/usr/bin:/bin"])
        let status = await replay.waitForExit(timeout: Sanitizer.choose(120, sanitized: 600))
        if status == nil { _ = replay.terminate() }
        try #require(status == 0, "replay: \(replay.standardError)")
        let reference = try PNGReader.read(png)
        let finalInk = Self.inked({ x, y in
            let p = reference.pixel(x: x, y: y)
            return (p?.red ?? 0, p?.green ?? 0, p?.blue ?? 0)
        }, width: reference.width, height: reference.height)

        let h = try await AppHarness(arguments: ["--scene", "trace", "--log", "phases", "--play", played],
                               size: (Int32(Self.width), Int32(Self.height)), clock: ManualClock())
        // The log grows by thousands of lines: each is looked at once, as it comes.
        var seen = 0, playedEnded = 0, touchBegan = false, touchCancelled = false
        func drain() {
            let lines = h.app.lines
            for line in lines[seen...] {
                if line.contains(#""seat":"played""#), line.contains(#""phase":"ended""#) { playedEnded += 1 }
                if line.contains(#""seat":"seat0""#), line.contains(#""phase":"began""#) { touchBegan = true }
                if line.contains(#""seat":"seat0""#), line.contains(#""phase":"cancelled""#) { touchCancelled = true }
            }
            seen = lines.count
        }
        let playedAll = await h.compositor.waitUntil(timeout: Sanitizer.choose(120, sanitized: 600)) {
            drain()
            return playedEnded >= Self.strokes
        }
        try #require(playedAll, "\(playedEnded) of \(Self.strokes) strokes played")
        // The last strokes' ink is drawn with the next frame.
        await h.idle()
        drain()
        try #require(playedEnded == Self.strokes)

        h.compositor.setOutputScale(2)
        var partialCommits: [Int] = []  // commit numbers at scale 2 showing less than the drawing
        var pingSerial: UInt32?, pongAt: Int?, touchBeganAt: Int?, cancelled = false
        var checkedCommit = h.compositor.commitCount
        var last: Frame?
        // Patience only: a sanitizer makes the app several times slower (four times this
        // drawing, sliced on the machine's clock, once took 696 s under TSan).
        let done = await h.compositor.waitUntil(timeout: Sanitizer.choose(120, sanitized: 600)) {
            drain()
            let commit = h.compositor.commitCount
            if let serial = pingSerial, pongAt == nil, h.compositor.lastPongSerial == serial { pongAt = commit }
            if touchBeganAt == nil, touchBegan {
                touchBeganAt = commit
                // Taken back: its ink goes, so the end is the played drawing alone.
                h.compositor.touchCancel()
                cancelled = true
            }
            guard commit != checkedCommit, let frame = h.compositor.lastFrame, frame.scale == 2 else { return false }
            checkedCommit = commit
            last = frame
            let ink = Self.inked({ x, y in
                let p = frame.pixel(x: x, y: y)
                return (p.r, p.g, p.b)
            }, width: frame.width, height: frame.height)
            if ink < finalInk {
                partialCommits.append(commit)
                if pingSerial == nil {
                    // The rebuild has begun and shown its first slice: now the loop must answer.
                    pingSerial = h.compositor.ping()
                    h.compositor.touchDown(id: 3, x: 500, y: 350)
                    h.compositor.touchFrame()
                }
                return false
            }
            // Whole at once (no slices, so no ping was sent) also ends the wait, for the
            // expectations below to say so.
            return (cancelled || pingSerial == nil) && ink == finalInk && Self.sameRGB(frame, reference)
        }
        drain()
        let frame = try #require(last)
        #expect(done, "the last frame at scale 2 never matched replay's picture")
        #expect(Self.sameRGB(frame, reference), "final pixels vs replay")
        #expect(partialCommits.count >= 3, "the rebuild spans several commits: \(partialCommits)")
        let lastPartial = partialCommits.last ?? 0
        let pong = try #require(pongAt, "no pong")
        let began = try #require(touchBeganAt, "the touch was not logged")
        #expect(pong < lastPartial, "ping answered at commit \(pong), rebuild shown unfinished until \(lastPartial)")
        #expect(began < lastPartial, "touch logged at commit \(began), rebuild shown unfinished until \(lastPartial)")
        #expect(touchCancelled)
    }
}
