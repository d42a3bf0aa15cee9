import TouchCanvasApp
import TouchKit

/// What the targets scene and the coverage grid measured. The targets, when the course ends: the verdict in sentences, a report
/// as `check`'s is, on stdout; with `--log phases`, where stdout is a stream of JSON lines, one
/// JSON line there (key `targets`) for scripts, in the window's logical pixels (`mmPerPx`
/// where the output gives its size), and the sentences on stderr.
@MainActor
enum TargetsLog {
    static func report(_ results: TargetsResults, json: Bool) {
        let sentences = json ? Int32(2) : 1
        StandardOutput.writeLine("targets:", to: sentences)
        for line in results.lines { StandardOutput.writeLine("  " + line, to: sentences) }
        if json { StandardOutput.writeLine(line(for: results)) }
    }

    static func line(for results: TargetsResults) -> String {
        func number(_ value: Double) -> String { JSONText.number((value * 1000).rounded() / 1000) }
        func pair(_ x: Double, _ y: Double) -> String { "[\(number(x)),\(number(y))]" }
        var s = "{\"targets\":\"done\""
        if let fit = results.fit {
            s += ",\"orientation\":\"\(fit.orientation.rawValue)\",\"scale\":\(pair(fit.scale.x, fit.scale.y))"
            s += ",\"offset\":\(pair(fit.offset.x, fit.offset.y)),\"residualRms\":\(number(fit.residual.rms))"
            s += ",\"accurate\":\(fit.isAccurate)"
            if let matrix = fit.libinputMatrix {
                s += ",\"matrix\":[" + matrix.map { JSONText.number(($0 * 1e6).rounded() / 1e6) }.joined(separator: ",") + "]"
            }
        }
        s += ",\"offsets\":[" + results.offsets.map { pair($0.x, $0.y) }.joined(separator: ",") + "]"
        s += ",\"accuracyPx\":\(number(results.accuracy.pixels)),\"jitterPx\":\(number(results.jitter.pixels))"
        s += ",\"movingJitterPx\":\(number(results.movingJitter.pixels)),\"straightnessPx\":\(number(results.straightness.largest))"
        if let caveat = results.matrixCaveat { s += ",\"matrixCaveat\":\(JSONText.string(caveat))" }
        if let mm = results.millimetresPerPoint { s += ",\"mmPerPx\":\(pair(mm.x, mm.y))" }
        if let passes = results.passes { s += ",\"passes\":\(passes)" }
        return s + "}"
    }

    /// The coverage grid after a contact ended: `{"coverage":0.875,"cells":[16,12],
    /// "unreached":["3,4",…]}`, cells counted from 1 at the top left as `column,row`.
    static func line(for grid: CoverageGrid) -> String {
        let fraction = JSONText.number((grid.coveredFraction * 1000).rounded() / 1000)
        let unreached = grid.unreachedCells.map { JSONText.string($0.description) }.joined(separator: ",")
        return "{\"coverage\":\(fraction),\"cells\":[\(grid.columns),\(grid.rows)],\"unreached\":[\(unreached)]}"
    }
}
