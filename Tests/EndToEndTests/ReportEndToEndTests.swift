import Foundation
import Glibc
import Rendering
import ScriptedCompositor
import Testing
import TouchCanvasApp
import TouchCanvasConstants
import TouchCanvasTesting

/// `touchcanvas report`: the folder it writes lists exactly what the compositor announced, says
/// nothing about the person, and with `--check` holds the steps' results, the charts and a
/// recording that replays.
@Suite(.compositorSlot(timeLimit: .minutes(3)))
struct ReportEndToEndTests {
    /// A fresh folder for one test's report.
    static func scratchFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "tc-report-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw HarnessError("mkdtemp failed") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The one report folder under `parent`, and its report read back.
    static func readReport(under parent: String) throws -> (folder: String, report: BugReport, markdown: String) {
        let entries = try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.hasPrefix("touchcanvas-report-") }
        let name = try #require(entries.count == 1 ? entries.first : nil, "\(entries)")
        let folder = parent + "/" + name
        let json = try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))
        let markdown = try String(contentsOfFile: folder + "/report.md", encoding: .utf8)
        return (folder, try BugReport.decode(json), markdown)
    }

    static func pixels(of image: PixelBuffer, near rgb: UInt32) -> Int {
        let wanted = PixelColor(rgb: rgb)
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).map({ $0.distance(to: wanted) <= 6 }) == true { count += 1 }
        }
        return count
    }

    @Test func theReportListsExactlyWhatTheCompositorAnnounced() async throws {
        let c = try ScriptedCompositor(seats: ["seat0", "studio"])
        c.addOutput(named: "SCRIPTED-2", scale: 2)
        c.addSeat("keys-only", capabilities: [.keyboard])
        _ = c.addTablet(name: "Wacom Intuos Pro M", id: (vid: 0x056a, pid: 0x0358), path: "/dev/input/event7", seat: "studio")
        c.addTabletTool(.pen, hardwareSerial: 0x8a1b2c, seat: "studio")
        let parent = try Self.scratchFolder()
        let app = try AppHarness.launch(["report", "--to", parent], environment: c.environmentForClient.merging([
            "XDG_CURRENT_DESKTOP": "", "SWAYSOCK": "", "HOME": "/home/ada-lovelace", "USER": "ada-lovelace",
        ]) { $1 })
        let status = await app.waitForExit(timeout: AppHarness.patience, pumping: c)
        app.drainOutput()
        #expect(status == 0, "\(app.standardError)")
        let (folder, report, markdown) = try Self.readReport(under: parent)
        #expect(app.standardOutput.contains("report written to \(folder)/"), "\(app.standardOutput)")

        #expect(report.schema == "touchcanvas-report" && report.schemaVersion == BugReport.currentSchemaVersion)
        #expect(report.touchcanvasVersion == TouchCanvasVersion.current)
        let announced = c.announcedGlobals.map { "\($0.interface) v\($0.version)" }.sorted()
        let reported = report.globals.map { "\($0.interface) v\($0.version)" }.sorted()
        #expect(reported == announced)
        #expect(report.seats.map(\.name) == ["seat0", "studio", "keys-only"])
        #expect(report.seats.map(\.capabilities) == [["pointer", "keyboard", "touch"], ["pointer", "keyboard", "touch"], ["keyboard"]])
        #expect(report.outputs.map(\.name) == ["SCRIPTED-1", "SCRIPTED-2"])
        let first = try #require(report.outputs.first)
        #expect(first.make == "TouchCanvas" && first.model == "Scripted" && first.modeWidth == 1920 && first.modeHeight == 1080)
        #expect(first.physicalWidthMillimetres == 344 && first.physicalHeightMillimetres == 194 && first.physicalSizeKnown)
        #expect(first.transform == "normal" && first.scale == 1 && first.description == "TouchCanvas scripted output")
        #expect(report.outputs.last?.scale == 2)
        #expect(report.tablets == [TabletFact(seat: "studio", name: "Wacom Intuos Pro M", usbID: "056a:0358", paths: ["/dev/input/event7"])])
        #expect(report.tools.count == 1)
        #expect(report.tools.first?.seat == "studio" && report.tools.first?.type == "pen" && report.tools.first?.hardwareSerial == "8a1b2c")
        #expect(report.features.presentation == 1 && report.features.presentationClock == "CLOCK_MONOTONIC")
        #expect(report.features.pointerGestures == 3 && report.features.tablets == 1 && report.features.inputTimestamps == 1)
        #expect(report.compositor.name == "unknown")
        #expect(report.libinputRecord.commands.contains("sudo libinput record /dev/input/event7 touchcanvas-tablet.yml"))
        #expect(report.checks == nil && report.recording == nil && report.charts.isEmpty)
        #expect(report.system.kernel?.isEmpty == false)

        // Nothing about the person or the machine's name.
        var host = [UInt8](repeating: 0, count: 256)
        gethostname(&host, host.count)
        let hostName = String(decoding: host.prefix { $0 != 0 }, as: UTF8.self)
        let json = try String(contentsOfFile: folder + "/report.json", encoding: .utf8)
        for text in [json, markdown] {
            #expect(!text.contains("ada-lovelace") && !text.contains("/home/"))
            #expect(hostName.count < 3 || !text.contains(hostName), "the host name \(hostName) is in the report")
        }
        // The page a person reads has every output, the tablet and every global.
        #expect(markdown.contains("| SCRIPTED-1 | TouchCanvas scripted output | TouchCanvas Scripted | 1920×1080 |"), "\(markdown)")
        #expect(markdown.contains("Tablet **Wacom Intuos Pro M** (USB 056a:0358) on studio, `/dev/input/event7`"))
        for global in report.globals { #expect(markdown.contains("| `\(global.interface)` | \(global.version) |")) }
        #expect(markdown.contains("sudo libinput record touchcanvas-libinput.yml"))
    }

    @Test(arguments: [("GNOME", "Mutter (GNOME Shell)"), ("KDE", "KWin (KDE Plasma)"), ("sway", "Sway")])
    func theCompositorIsNamedFromTheSession(desktop: String, name: String) async throws {
        let c = try ScriptedCompositor()
        let parent = try Self.scratchFolder()
        let app = try AppHarness.launch(["report", "--to", parent],
                                        environment: c.environmentForClient.merging(["XDG_CURRENT_DESKTOP": desktop, "SWAYSOCK": ""]) { $1 })
        #expect(await app.waitForExit(timeout: AppHarness.patience, pumping: c) == 0)
        let report = try Self.readReport(under: parent).report
        #expect(report.compositor.name == name)
        #expect(report.session.environment["XDG_CURRENT_DESKTOP"] == desktop)
        #expect(report.compositor.evidence.first?.contains("XDG_CURRENT_DESKTOP=") == true, "\(report.compositor.evidence)")
    }

    @Test func withNoCompositorTheReportSaysSoAndEndsWith2() async throws {
        let parent = try Self.scratchFolder()
        // A runtime folder of its own: CI may run without XDG_RUNTIME_DIR, and then the app stops
        // earlier, at "cannot find the Wayland socket", before it ever tries to connect.
        let runtime = try Self.scratchFolder()
        let app = try AppHarness.launch(["report", "--to", parent],
                                        environment: ["WAYLAND_DISPLAY": "tc-nobody-here-\(getpid())", "XDG_RUNTIME_DIR": runtime])
        let status = await app.waitForExit(timeout: AppHarness.patience)
        app.drainOutput()
        #expect(status == 2)
        #expect(app.standardError.contains("cannot connect"), "\(app.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty, "no half report")
    }

    @Test func anUnwritableFolderIsAClearErrorAndStatus1() async throws {
        let c = try ScriptedCompositor()
        let app = try AppHarness.launch(["report", "--to", "/proc/tc-cannot-write-here"], environment: c.environmentForClient)
        let status = await app.waitForExit(timeout: AppHarness.patience, pumping: c)
        app.drainOutput()
        #expect(status == 1)
        #expect(app.standardError.contains("cannot make the report folder /proc/tc-cannot-write-here/touchcanvas-report-"), "\(app.standardError)")
    }

    @Test func withCheckTheReportHoldsTheStepsTheChartsAndARecordingThatReplays() async throws {
        // Under a folder named after the person, as a report made in their home would be: none
        // of the report's files may name it.
        let parent = try Self.scratchFolder() + "/ada-lovelace"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
        let h = try await AppHarness(arguments: ["report", "--check", "--to", parent, "--timeout", "30"], size: (800, 600),
                                     extraEnvironment: ["HOME": parent, "USER": "ada-lovelace", "LOGNAME": "ada-lovelace"],
                                     tabletManager: false, vblank: VblankMode(hertz: 60, scanoutDelay: .milliseconds(5)))
        try await CheckSuiteDriver.passEveryStep(h, total: 6)
        let status = await h.app.waitForExit(timeout: AppHarness.patience, pumping: h.compositor)
        h.app.drainOutput()
        #expect(status == 0, "\(h.app.standardError)")
        let (folder, report, markdown) = try Self.readReport(under: parent)
        let json = try String(contentsOfFile: folder + "/report.json", encoding: .utf8)
        for text in [json, markdown, report.recording ?? ""] {
            #expect(!text.contains("ada-lovelace") && !text.contains(parent), "the person's name or folder is in the report")
        }
        let checks = try #require(report.checks)
        #expect(checks.steps.map(\.step) == CheckStepKind.allCases)
        // Whether touch→glass passes depends on how busy the machine is (GlassStepEndToEndTests
        // judges it on its own); here only that it was measured.
        #expect(checks.steps.map(\.outcome).prefix(5) == [.passed, .passed, .passed, .skipped, .passed], "\(checks.steps)")
        #expect(checks.steps.last?.outcome != .skipped)
        #expect(!checks.touchToGlassMilliseconds.isEmpty && abs(checks.refreshMilliseconds - 16.667) < 0.01)
        #expect(markdown.contains("| the most fingers at once | **passed** |"), "\(markdown)")
        #expect(markdown.contains("| the pen | **skipped** | no tablet or pen was announced"))

        // The charts are pictures with something drawn in the finger colours.
        #expect(report.charts.map(\.file) == ["rates.png", "paths.png", "touch-to-glass.png"])
        for chart in report.charts {
            #expect(markdown.contains("![\(chart.caption)](\(chart.file))"))
            let picture = try PNGReader.read(folder + "/" + chart.file)
            #expect(picture.width == ReportCharts.size.width && picture.height == ReportCharts.size.height)
            #expect(Self.pixels(of: picture, near: 0x34329C) > 50, "\(chart.file) has the first finger's colour")
        }

        // The recording in the JSON is the file beside it, and replay draws its fingers.
        let recording = try #require(report.recording)
        #expect(try String(contentsOfFile: folder + "/recording.tcrec", encoding: .utf8) == recording)
        let replay = try AppHarness.launch(["replay", folder + "/recording.tcrec", "--report"])
        #expect(await replay.waitForExit(timeout: AppHarness.patience) == 0)
        replay.drainOutput()
        #expect(replay.standardOutput.contains("fingers: "), "\(replay.standardOutput)\(replay.standardError)")
        #expect(replay.standardOutput.contains("at most 4 at once"), "\(replay.standardOutput)")
        let png = folder + "/replayed.png"
        let drawn = try AppHarness.launch(["replay", folder + "/recording.tcrec", "--scene", "trace", "--png", png])
        #expect(await drawn.waitForExit(timeout: AppHarness.patience) == 0)
        #expect(Self.pixels(of: try PNGReader.read(png), near: 0x34329C) > 100, "the replay drew the checks' strokes")
    }
}
