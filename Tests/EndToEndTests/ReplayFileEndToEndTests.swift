import Foundation
import Glibc
import ScriptedCompositor
import Testing
import TouchCanvasTesting

/// `touchcanvas replay` and `demo --recording` on what is not a recording file, and on large
/// ones: nothing but a regular file is opened (a FIFO with no writer would block forever), a
/// large file is read as it is played in the memory of a small one, and the command line
/// alone, with `--log` alone or with a wrong option does what its help says.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
final class ReplayFileEndToEndTests {
    let folder: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "tc-replay-file-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw HarnessError("mkdtemp failed") }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { folder + "/" + name }

    /// Runs the binary to its end (a generous wait: a hang fails here) with stderr a pipe, not
    /// a terminal.
    func run(_ arguments: [String]) async throws -> (status: Int32?, stdout: String, stderr: String) {
        let app = try AppHarness.launch(arguments, environment: ["PATH": "/usr/bin:/bin"])
        let status = await app.waitForExit(timeout: AppHarness.patience * 3)
        if status == nil { _ = app.terminate() }
        var stdout = app.standardOutput
        let deadline = ScriptedCompositor.monotonicNanoseconds + 2_000_000_000
        while !stdout.isEmpty, !stdout.hasSuffix("\n"), ScriptedCompositor.monotonicNanoseconds < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
            stdout = app.standardOutput
        }
        return (status, stdout, app.standardError)
    }

    /// One line naming the file and what it is, status 2 as for any file that is not a
    /// recording, and no picture.
    func expectRefused(_ file: String, as kind: String, command: [String] = ["replay"]) async throws {
        let png = path("out.png")
        let result = try await run(command + [file, "--png", png])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "touchcanvas: \(file): cannot read the recording: it is \(kind), not a regular file\n")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    @Test func aFIFOWithNoWriterIsRefusedAtOnce() async throws {
        let fifo = path("live.tcrec")
        #expect(mkfifo(fifo, 0o600) == 0)
        try await expectRefused(fifo, as: "a FIFO")
        try await expectRefused(fifo, as: "a FIFO", command: ["demo", "--recording"])
    }

    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func aCharacterDeviceIsRefused() async throws {
        let device = path("null.tcrec")
        // /dev/null's numbers, 1 and 3, as glibc's makedev packs them (a macro Swift cannot call).
        let null: dev_t = (1 << 8) | 3
        #expect(mknod(device, S_IFCHR | 0o600, null) == 0)
        try await expectRefused(device, as: "a character device")
    }

    @Test func aFolderIsRefused() async throws {
        try await expectRefused(folder, as: "a directory")
    }

    /// The file alone is played through (every line checked) and summed up on stdout; stderr
    /// is not a terminal here, so it holds no progress line: nothing at all.
    @Test func theFileAloneIsCheckedAndSummedUp() async throws {
        let recording = ScreenshotEndToEndTests.repository.appendingPathComponent("Recordings/ten-fingers.tcrec").path
        let result = try await run(["replay", recording])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(recording): 800×600 at scale 1, scene trace, 734 events, 10 touches, 0.6 s\n")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let bad = path("bad.tcrec")
        try "touchcanvas-recording 3\nsize 100 100\nscale 1\n0 1 down 0 1 1\n1 1 mtion 0 2 2\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = try await run(["replay", bad])
        #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr == "touchcanvas: \(bad):5: unknown event 'mtion'\n")
    }

    /// `--log phases` alone logs every delivery, as it does beside `--png`, and draws nothing.
    @Test func phasesAreLoggedWithoutAPicture() async throws {
        let recording = ScreenshotEndToEndTests.repository.appendingPathComponent("Recordings/ten-fingers.tcrec").path
        let result = try await run(["replay", recording, "--log", "phases"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains("\"phase\":\"began\"") }.count == 10, "\(result.stdout.prefix(500))")
        #expect(lines.filter { $0.contains("\"phase\":\"ended\"") }.count == 10)
        #expect(!result.stderr.contains("saved"), "\(result.stderr)")
    }

    @Test func anUnknownOptionIsCalledSo() async throws {
        let result = try await run(["replay", "--bogus"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown option '--bogus'"), "\(result.stderr)")
        let missing = try await run(["replay"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("Missing expected argument '<file.tcrec>'"), "\(missing.stderr)")
    }

    /// A recording ten times larger is reported in about the same memory: the file is read in
    /// chunks as it is played, and the report keeps no event, only a few numbers per contact.
    /// The spots scene keeps no drawing, so what is measured is the replay itself. The big file
    /// is sized for a debug build to play it in seconds.
    @Test(.enabled(if: !Sanitizer.isActive,
                   "a sanitizer's quarantine keeps freed memory, so the peak grows with the work done"))
    func aLargeRecordingIsReportedInTheMemoryOfASmallOne() async throws {
        let small = path("small.tcrec"), large = path("large.tcrec")
        try Self.writeRecording(to: small, bytes: 2 << 20)
        try Self.writeRecording(to: large, bytes: 20 << 20)
        let one = try await runMeasured(["replay", small, "--report"])
        let ten = try await runMeasured(["replay", large, "--report"])
        #expect(one.status == 0 && ten.status == 0, "\(one.stderr) \(ten.stderr)")
        #expect(ten.stdout.contains("fingers: "), "\(ten.stdout.prefix(300))")
        // Long enough that a terminal would be shown its progress; a pipe is shown nothing.
        #expect(ten.stderr.isEmpty, "\(ten.stderr)")
        let smallPeak = try #require(one.peak), largePeak = try #require(ten.peak)
        #expect(largePeak <= smallPeak + 16 << 10, "peak \(largePeak) KiB for the large file, \(smallPeak) KiB for the small one")
    }

    /// Runs the binary to its end, reading its peak resident memory (`VmHWM`, KiB) as it runs:
    /// the last reading before it exits. `wait4`'s `ru_maxrss` would not do: the child is
    /// spawned sharing the test runner's memory until its `exec`, and that high-water mark stays.
    /// Readings start once the child is touchcanvas (its `comm`), not the runner's copy.
    func runMeasured(_ arguments: [String]) async throws -> (status: Int32?, stdout: String, stderr: String, peak: Int?) {
        let app = try AppHarness.launch(arguments, environment: ["PATH": "/usr/bin:/bin"])
        var peak: Int?
        let deadline = ScriptedCompositor.monotonicNanoseconds + UInt64(AppHarness.patience * 3 * 1e9)
        while app.isRunning, ScriptedCompositor.monotonicNanoseconds < deadline {
            if let comm = try? String(contentsOfFile: "/proc/\(app.pid)/comm", encoding: .utf8), comm.hasPrefix("touchcanvas"),
               let status = try? String(contentsOfFile: "/proc/\(app.pid)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
                peak = kilobytes
            }
            app.drainOutput()
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        let status = app.exitStatus ?? app.terminate()
        return (status, app.standardOutput, app.standardError, peak)
    }

    /// A valid recording of about `bytes`: strokes of five fingers, a touch frame every 8 ms and
    /// a display frame every 16 ms, each stroke 400 frames long.
    static func writeRecording(to path: String, bytes: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { throw HarnessError("cannot write \(path)") }
        defer { try? handle.close() }
        var text = "touchcanvas-recording 3\nsize 800 600\nscale 1\nseat 7 seat0\nscene spots\n"
        var written = 0, time = 0
        while written < bytes {
            for step in 0...400 {
                for finger in 0..<5 {
                    let x = 80 + finger * 150 + step % 37, y = 20 + step
                    text += "\(time) 7 \(step == 0 ? "down" : "motion") \(finger) \(x).25 \(y).5\n"
                }
                text += "\(time) 7 frame\n"
                if step % 2 == 1 { text += "\(time) - display-frame\n" }
                time += 8
            }
            for finger in 0..<5 { text += "\(time) 7 up \(finger)\n" }
            text += "\(time) 7 frame\n"
            time += 8
            let data = Data(text.utf8)
            try handle.write(contentsOf: data)
            written += data.count
            text = ""
        }
    }
}
