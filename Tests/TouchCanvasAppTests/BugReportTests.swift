import Foundation
import Testing
import TouchKit
@testable import TouchCanvasApp

/// The report's parts that need no compositor: naming the compositor, the OS line, the JSON's
/// schema guard, the Markdown page and the rate series behind the charts.
@MainActor
@Suite struct BugReportTests {
    static let common = ["wl_compositor", "wl_shm", "wl_seat", "wl_output", "xdg_wm_base", "zwp_tablet_manager_v2"]

    @Test(arguments: [
        (["kde_output_device_v2", "zwlr_layer_shell_v1", "org_kde_kwin_server_decoration_manager"], "", "KWin (KDE Plasma)"),
        (["gtk_shell1", "zwp_pointer_gestures_v1"], "GNOME", "Mutter (GNOME Shell)"),
        (["weston_capture_v1", "weston_direct_display_v1"], "", "Weston"),
        (["zwlr_screencopy_manager_v1", "org_kde_kwin_server_decoration_manager"], "sway", "Sway"),
        (["zwlr_screencopy_manager_v1", "zwlr_layer_shell_v1"], "", "a wlroots compositor"),
        (["gtk_shell1", "phosh_private", "zwlr_layer_shell_v1"], "Phosh:GNOME", "phoc (Phosh)"),
        ([], "", "unknown"),
    ])
    func theCompositorIsToldFromItsOwnGlobals(extra: [String], desktop: String, name: String) {
        let session = SessionFacts(environment: ["XDG_CURRENT_DESKTOP": desktop])
        let identity = CompositorIdentity.identify(interfaces: Self.common + extra, session: session)
        #expect(identity.name == name, "\(identity)")
        if name != "unknown" { #expect(identity.evidence.first?.hasPrefix("global ") == true || name == "Sway") }
    }

    @Test func kwinsLayerShellAndSwaysKDEDecorationsDoNotMisleadAndSwaySaysWhy() {
        let sway = CompositorIdentity.identify(interfaces: Self.common + ["zwlr_output_manager_v1", "org_kde_kwin_server_decoration_manager"],
                                               session: SessionFacts(environment: ["SWAYSOCK": "/run/user/1000/sway-ipc.sock"]))
        #expect(sway.name == "Sway" && sway.evidence == ["global zwlr_output_manager_v1", "SWAYSOCK set"] && sway.versionCommand == "sway --version")
        #expect(!SessionFacts(environment: ["SWAYSOCK": "/run/user/1000/sway-ipc.sock"]).environment.values.contains { $0.contains("/run") },
                "the socket's path is not kept")
    }

    @Test func theSessionKeepsOnlyTheDesktopVariables() {
        let facts = SessionFacts(environment: ["XDG_CURRENT_DESKTOP": "GNOME", "HOME": "/home/ada", "USER": "ada", "XDG_SESSION_TYPE": "wayland",
                                               "DESKTOP_SESSION": "/usr/share/wayland-sessions/gnome.desktop"])
        #expect(facts.environment == ["XDG_CURRENT_DESKTOP": "GNOME", "XDG_SESSION_TYPE": "wayland"])
    }

    @Test func theOSLineIsPrettyNameWithOrWithoutQuotes() {
        #expect(SystemFacts.prettyName(fromOSRelease: "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n") == "Debian GNU/Linux 12 (bookworm)")
        #expect(SystemFacts.prettyName(fromOSRelease: "PRETTY_NAME=Arch Linux") == "Arch Linux")
        #expect(SystemFacts.prettyName(fromOSRelease: "PRETTY_NAME='Fedora 41'") == "Fedora 41")
        #expect(SystemFacts.prettyName(fromOSRelease: "NAME=x\nPRETTY_NAME=") == nil)
        #expect(SystemFacts.prettyName(fromOSRelease: "") == nil)
    }

    static func sample() -> BugReport {
        var output = OutputDescription()
        output.name = "eDP-1"
        output.description = "Panel | with a pipe"
        output.make = "BOE"
        output.model = "0x095F"
        output.mode = (2256, 1504)
        output.refreshMillihertz = 59_999
        output.scale = 2
        output.physicalSize = (285, 190)
        let globals = [GlobalFact(interface: "wl_compositor", version: 6), GlobalFact(interface: "wp_presentation", version: 1),
                       GlobalFact(interface: "wp_fifo_manager_v1", version: 1)]
        return BugReport(touchcanvasVersion: "9.9.9", created: "2026-11-29T10:00:00Z",
                         system: SystemFacts(osRelease: "Debian GNU/Linux 12 (bookworm)", kernel: "6.1.0", machine: "x86_64"),
                         session: SessionFacts(environment: [:]),
                         compositor: CompositorIdentity(name: "Weston", evidence: ["global weston_capture_v1"], versionCommand: "weston --version"),
                         globals: globals, features: FeatureFacts(globals: globals),
                         seats: [SeatFact(name: "seat0", capabilities: ["pointer", "touch"], version: 9)],
                         outputs: [OutputFact(output)], tablets: [], tools: [], pads: [],
                         libinputRecord: LibinputRecordAdvice.advice(tabletPaths: ["/sys/not-a-device", "/dev/input/event4"]))
    }

    @Test func theJSONRoundTripsAndANewerSchemaIsRefusedWithAReason() throws {
        let report = Self.sample()
        let data = try report.json()
        #expect(try BugReport.decode(data) == report)
        var newer = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        newer["schemaVersion"] = BugReport.currentSchemaVersion + 1
        let error = #expect(throws: ReportError.self) { try BugReport.decode(try JSONSerialization.data(withJSONObject: newer)) }
        #expect(error?.description.contains("schema version \(BugReport.currentSchemaVersion + 1)") == true)
        #expect(throws: ReportError.self) { try BugReport.decode(Data(#"{"schema":"other","schemaVersion":1}"#.utf8)) }
        #expect(report.libinputRecord.commands == ["sudo libinput record touchcanvas-libinput.yml",
                                                   "sudo libinput record /dev/input/event4 touchcanvas-tablet.yml"])
    }

    @Test func thePageEscapesCellsAndSaysWhatIsNotOffered() {
        let page = ReportMarkdown.page(for: Self.sample(), recordingFile: nil)
        #expect(page.contains("| eDP-1 | Panel \\| with a pipe | BOE 0x095F | 2256×1504 | 59.999 Hz | 2 | normal | 285×190 mm |"), "\(page)")
        #expect(page.contains("- **Weston** (from global weston_capture_v1)"))
        #expect(page.contains("- Its version: run `weston --version` and add it here."))
        #expect(page.contains("- Presentation feedback (`wp_presentation`, touch→glass): offered, version 1"))
        #expect(page.contains("- Touchpad gestures (`zwp_pointer_gestures_v1`): not offered"))
        #expect(page.contains("- FIFO commits (`wp_fifo_manager_v1`, the latency flash): offered, version 1"))
        #expect(page.contains("- Timed commits (`wp_commit_timing_manager_v1`): not offered"))
        #expect(page.contains("The compositor offers no tablet protocol"))
        #expect(!page.contains("## Checks") && !page.contains("## Recording"))
    }

    @Test func ratesSpanTheirWindowSoALateSampleIsNotABurst() {
        // 100 Hz for half a second, still for a second, then one move and an up 2 ms apart.
        var track = FingerTrack(number: 1)
        for i in 0...50 { track.samples.append((Double(i) * 0.01, Point(x: Double(i), y: 0))) }
        track.samples.append((1.5, Point(x: 60, y: 0)))
        track.samples.append((1.502, Point(x: 61, y: 0)))
        let rates = track.rates(from: 0)
        let steady = rates.filter { $0.x > 0.3 && $0.x <= 0.5 }.map(\.y)
        #expect(!steady.isEmpty && steady.allSatisfy { abs($0 - 100) < 0.5 }, "\(steady)")
        #expect(rates.map(\.y).max() ?? 0 <= 101, "no spike: \(rates.suffix(3))")
        #expect(rates.first?.x ?? 0 >= 0.05, "the first 50 ms are too short to be a rate")
    }

    @Test func aChartIsDrawnInTheFingersColours() throws {
        var track = FingerTrack(number: 1)
        for i in 0...60 { track.samples.append((Double(i) / 120, Point(x: 100 + Double(i) * 5, y: 200))) }
        for chart in [ReportChart.rates([track]), .paths([track], area: Size(width: 800, height: 600)),
                      .glass(milliseconds: [8, 9, 9, 10, 25], refreshMilliseconds: 16.7)] {
            let picture = try ReportCharts.picture(of: chart)
            var inked = 0
            for y in 0..<picture.height {
                for x in 0..<picture.width where picture.pixel(x: x, y: y).map({ $0.distance(to: .init(rgb: 0x34329C)) <= 6 }) == true {
                    inked += 1
                }
            }
            #expect(inked > 100, "\(chart)")
        }
    }
}
