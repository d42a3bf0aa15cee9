import Foundation
import Glibc
import Recording
import Rendering
import TouchCanvasApp
import TouchKit

/// The folder `touchcanvas report` writes: `report.json` (everything), `report.md` (the same
/// for people, with the charts), the charts as PNGs and the checks' recording. Each file is
/// written whole or not at all (a temporary file renamed), so a full disk leaves no half report.
@MainActor
struct ReportFolder {
    static let jsonFile = "report.json"
    static let markdownFile = "report.md"
    static let recordingFile = "recording.tcrec"

    let path: String

    /// A new folder under `parent`, named for the time (UTC) so reports never overwrite each other.
    static func make(under parent: String, at date: Date) throws(AppError) -> ReportFolder {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let base = (parent as NSString).appendingPathComponent("touchcanvas-report-" + formatter.string(from: date))
        var path = base
        var suffix = 1
        while mkdir(path, 0o755) != 0 {
            let why = errno
            guard why == EEXIST, suffix < 100 else {
                throw AppError("cannot make the report folder \(path): \(String(cString: strerror(why)))")
            }
            suffix += 1
            path = "\(base)-\(suffix)"
        }
        return ReportFolder(path: path)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func write(_ text: String, to name: String, kind: String) throws(AppError) {
        do {
            try TextFileWriter(kind: kind).write(text, to: file(name))
        } catch {
            throw AppError("\(error)")
        }
    }

    /// Draws the charts the checks' input and figures allow; a chart that cannot be drawn is
    /// said on stderr and left out, never the end of the report.
    func writeCharts(recording: Recording?, checks: CheckSuiteResult?) -> [ChartFact] {
        var charts: [ChartFact] = []
        func add(_ chart: ReportChart, file name: String, caption: String) {
            do {
                try ReportCharts.write(chart, to: file(name))
                charts.append(ChartFact(file: name, caption: caption))
            } catch {
                printError("report: the chart \(name) was not written: \(error)")
            }
        }
        if let recording {
            do {
                let tracks = try RecordingReport.fingerTracks(in: recording)
                if !tracks.isEmpty {
                    add(.rates(tracks), file: "rates.png", caption: "Samples per second of each finger during the checks, over 250 ms windows")
                    add(.paths(tracks, area: Size(width: Double(recording.width), height: Double(recording.height))),
                        file: "paths.png", caption: "Where each finger went in the window during the checks")
                }
            } catch {
                printError("report: the recording could not be measured for the charts: \(error)")
            }
        }
        if let checks, !checks.touchToGlassMilliseconds.isEmpty {
            add(.glass(milliseconds: checks.touchToGlassMilliseconds, refreshMilliseconds: checks.refreshMilliseconds),
                file: "touch-to-glass.png", caption: "Touch→glass of the glass step's commits, by wp_presentation")
        }
        return charts
    }
}

/// The operating system's facts, read where they live.
enum SystemFactsReader {
    static func read() -> SystemFacts {
        let release = ["/etc/os-release", "/usr/lib/os-release"].lazy
            .compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.first
        var names = utsname()
        uname(&names)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return SystemFacts(osRelease: release.flatMap(SystemFacts.prettyName(fromOSRelease:)),
                           kernel: text(names.release), machine: text(names.machine))
    }
}
