import Foundation
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// The real binary's peak resident memory (`VmHWM`) in a 3840×2160 window at
/// scale 1, both as on a compositor that draws the frame (Sway, KWin) and with the app's own
/// frame (Mutter, Weston: its parts' buffers count, about 1 MB at 4K): the canvas scene within 130 MB after ten fingers drew across the whole window and a stroke
/// was undone, the spots scene within 100 MB, in a release build (``debugCodeAllowance`` for the
/// debug build these tests run). MB here is 2^20 bytes, as in the soak's figures.
///
/// Each test prints where the memory is (`MemoryBreakdown`, from /proc/PID/smaps) so a failure
/// says which part grew; BENCHMARKS.md, "Memory at 4K", records the figures.
///
/// Skipped under a sanitizer (`TC_SANITIZER`): its shadow memory and quarantine inflate every
/// figure, and the limits are about the app, not the sanitizer.
///
/// On the held clock (``ManualClock``, which the app reads too): how many buffers are in flight
/// at the peak depends on when the compositor releases them and when the app draws, which the
/// held clock makes the same on a quiet machine and a busy one.
@Suite(.compositorSlot(timeLimit: .minutes(4)),
       .enabled(if: !Sanitizer.isActive,
                "a sanitizer's shadow memory and quarantine inflate resident memory"))
struct MemoryEndToEndTests {
    static let width = 3840.0, height = 2160.0
    /// The limits (130 and 100 MB) are the release build's, which people install. These tests
    /// run the debug build, whose code mappings (`files` in the breakdown) are 3–4 MB larger
    /// (31.0 against 27.5 MB at 4K with its own frame, and its peak 132.0 against 128.3 MB in
    /// the same run), so it may go this far over them. The allowance is code, not memory the
    /// app uses: `TC_TOUCHCANVAS=.build/release/touchcanvas` runs these tests against the
    /// release build, which must then keep to the limits themselves with room to spare.
    static let debugCodeAllowance = 4.0

    @Test(arguments: [false, true])
    func canvasSceneStaysWithin130MBAt4K(ownChrome: Bool) async throws {
        let h = try await Self.launch(scene: "canvas", ownChrome: ownChrome)
        let c = h.compositor
        // Three rounds of ten strokes across the whole window: across, down, corner to corner.
        // Every direction matters: a page of a layer holds a quarter of a row, so a stroke going
        // down touches a page on every row it crosses.
        var drawing: MemoryBreakdown?
        for round in 0..<3 {
            await Self.drawRound(round, with: c, frames: 100)
            await h.idle()
            drawing = MemoryBreakdown(pid: h.app.pid)
            print("canvas at 3840×2160, scale 1\(ownChrome ? ", own frame" : ""), ten strokes in progress (round \(round)): \(drawing.map(String.init(describing:)) ?? "-")")
            for id in 0..<10 { c.touchUp(id: Int32(id)) }
            c.touchFrame()
            await c.pump(for: 0.05)
        }
        c.tapKey(22)  // KEY_U: undo the last stroke
        await h.idle()
        let memory = try #require(MemoryBreakdown(pid: h.app.pid))
        print("canvas at 3840×2160, scale 1\(ownChrome ? ", own frame" : ""): \(memory)")
        #expect(memory.peakMB <= 130 + Self.debugCodeAllowance, "\(memory)")
        #expect(h.app.isRunning)
    }

    @Test(arguments: [false, true])
    func spotsSceneStaysWithin100MBAt4K(ownChrome: Bool) async throws {
        let h = try await Self.launch(scene: "spots", ownChrome: ownChrome)
        let c = h.compositor
        await Self.drawRound(2, with: c, frames: 100)
        for id in 0..<10 { c.touchUp(id: Int32(id)) }
        c.touchFrame()
        await h.idle()
        let memory = try #require(MemoryBreakdown(pid: h.app.pid))
        print("spots at 3840×2160, scale 1\(ownChrome ? ", own frame" : ""): \(memory)")
        #expect(memory.peakMB <= 100 + Self.debugCodeAllowance, "\(memory)")
        #expect(h.app.isRunning)
    }

    /// The app in a 3840×2160 window on a 3840×2160 output, mapped and idle. Frames are not
    /// copied at each commit (33 MB each, in the test's process): the figures are the app's.
    /// `ownChrome`: the compositor offers no decoration manager, so the app draws its frame;
    /// otherwise the compositor's decorations are taken (no frame in the app).
    static func launch(scene: String, ownChrome: Bool) async throws -> AppHarness {
        let h = try await AppHarness(arguments: ["--scene", scene], outputMode: (3840, 2160), size: (3840, 2160),
                               decorationManager: !ownChrome, clock: ManualClock())
        #expect(await h.frame { $0.width == 3840 && $0.height == 2160 } != nil)
        h.compositor.captureFrames = false
        await h.idle()
        return h
    }

    /// Ten fingers, each from one side of the window to the other in `frames` touch frames:
    /// round 0 left to right, 1 top to bottom, 2 corner to corner (fingers spread along the
    /// other diagonal).
    static func drawRound(_ round: Int, with c: ScriptedCompositor, frames: Int) async {
        func position(finger i: Int, at t: Double) -> (Double, Double) {
            let f = (Double(i) + 0.5) / 10
            switch round % 3 {
            case 0: return (40 + t * (width - 80), 60 + f * (height - 120) + 40 * t)
            case 1: return (60 + f * (width - 120) + 40 * t, 40 + t * (height - 80))
            default:
                let x0 = f * width * 0.5, y0 = (1 - f) * height * 0.5
                return (min(x0 + t * width * 0.5, width - 10), min(y0 + t * height * 0.5, height - 10))
            }
        }
        for i in 0..<10 {
            let (x, y) = position(finger: i, at: 0)
            c.touchDown(id: Int32(i), x: x, y: y)
        }
        c.touchFrame()
        for step in 1...frames {
            for i in 0..<10 {
                let (x, y) = position(finger: i, at: Double(step) / Double(frames))
                c.touchMotion(id: Int32(i), x: x, y: y)
            }
            c.touchFrame()
            await c.pump(for: 0.008)
        }
    }
}

/// Where a process's resident memory is, from `/proc/PID/status` and `/proc/PID/smaps`: the
/// peak (`VmHWM`), and the resident pages now by kind of mapping. The pixel surfaces are the
/// large anonymous mappings (glibc maps each allocation over 128 kB on its own, and cairo
/// surfaces are megabytes), the `wl_shm` buffers are the memfd mappings.
struct MemoryBreakdown: CustomStringConvertible {
    /// Peak and current resident set, kB.
    var peak = 0, resident = 0
    /// memfd and /dev/shm mappings: the wl_shm pools (the buffers the compositor reads).
    var sharedMemory = 0
    /// Anonymous mappings of at least 4 MB: pixel surfaces (ink layers), malloc's arenas.
    var largeAnonymous = 0
    /// Each large anonymous mapping's size and resident part, kB.
    var largeMappings: [(size: Int, resident: Int)] = []
    /// File mappings: the executable, libraries, fonts, locale data.
    var files = 0
    /// Everything else: heap, stacks, small anonymous mappings.
    var rest = 0

    init?(pid: pid_t) {
        guard let status = Self.read("/proc/\(pid)/status"), let smaps = Self.read("/proc/\(pid)/smaps")
        else { return nil }
        func kilobytes(_ line: Substring) -> Int {
            Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        for line in status.split(separator: "\n") {
            if line.hasPrefix("VmHWM:") { peak = kilobytes(line) }
            if line.hasPrefix("VmRSS:") { resident = kilobytes(line) }
        }
        var path = "", sizeKB = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), !first.hasSuffix(":") {
                // A mapping's header: range, perms, offset, device, inode, path (maybe none).
                path = fields.count > 5 ? fields[5...].joined(separator: " ") : ""
                sizeKB = 0
            } else if first == "Size:" {
                sizeKB = kilobytes(line)
            } else if first == "Rss:" {
                let rss = kilobytes(line)
                if path.contains("memfd:") || path.hasPrefix("/dev/shm/") {
                    sharedMemory += rss
                } else if path.hasPrefix("/") {
                    files += rss
                } else if path.isEmpty, sizeKB >= 4096 {
                    largeAnonymous += rss
                    largeMappings.append((sizeKB, rss))
                } else {
                    rest += rss
                }
            }
        }
    }

    /// The whole of a /proc file: they report a size of 0, so read until the end.
    private static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    var peakMB: Double { Double(peak) / 1024 }

    var description: String {
        func mb(_ kb: Int) -> String { String(format: "%.1f", Double(kb) / 1024) }
        return "peak \(mb(peak)) MB (VmHWM); now \(mb(resident)) MB: shm buffers \(mb(sharedMemory)), "
            + "large anonymous \(mb(largeAnonymous)) (\(largeMappings.map { "\(mb($0.resident)) of \(mb($0.size))" }.joined(separator: ", "))), "
            + "files \(mb(files)), rest \(mb(rest))"
    }
}
