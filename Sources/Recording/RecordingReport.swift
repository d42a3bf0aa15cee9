import Foundation
import TouchCanvasApp
import TouchKit

/// What a recording's input measured, with nothing drawn (`touchcanvas replay FILE --report`):
/// each contact's rate, intervals and path, the contacts at once, how much of the window the
/// fingers covered, and a targets course's verdict where the recording holds one. The figures
/// are the ones the live app shows and logs, from the same code, on the recording's event times.
@MainActor
public enum RecordingReport {
    /// One finished (or still down at the end) contact.
    struct Contact {
        let number: Int
        let type: TouchType
        let seat: String
        let ending: String
        let figures: Figures

        init(number: Int, type: TouchType, seat: String, ending: String, figures: ContactFigures) {
            self.number = number
            self.type = type
            self.seat = seat
            self.ending = ending
            self.figures = Figures(figures)
        }
    }

    /// What a row shows of a contact's ``ContactFigures``, taken when it ends: a few numbers,
    /// where the figures themselves hold a histogram and a ring of samples (16 KB), so a report
    /// of thousands of strokes keeps kilobytes per stroke no longer.
    struct Figures {
        let sampleCount: Int
        let duration: Double
        let medianRate: Double?
        let lowestRate: Double?
        let p95Interval: Double?
        let largestGap: Double
        let pathLength: Double

        init(_ figures: ContactFigures) {
            sampleCount = figures.sampleCount
            duration = figures.duration
            medianRate = figures.medianRate
            lowestRate = figures.lowestRate
            p95Interval = figures.p95Interval
            largestGap = figures.largestGap
            pathLength = figures.pathLength
        }
    }

    /// The report's lines. Throws what the replay would (a surface too large to lay out).
    public static func lines(for recording: Recording, scene: Scene? = nil, singleTouch: Bool = false) throws(ReplayError) -> [String] {
        try lines(replaying: Replayer(recording: recording, scene: scene, singleTouch: singleTouch))
    }

    /// The report of a recording read as it is played: the state kept is the contacts' rows and
    /// the figures of those down (each bounded, see `ContactFigures`), never the events. Throws
    /// at a malformed line too (``ReplayError/recording(_:)``).
    public static func lines(for stream: RecordingStream, scene: Scene? = nil, singleTouch: Bool = false) throws(ReplayError) -> [String] {
        try lines(replaying: Replayer(stream: stream, scene: scene, singleTouch: singleTouch))
    }

    /// Plays `replayer` without drawing and says what its input measured (its delivery and
    /// targets callbacks are taken for the report). Contacts are listed
    /// in the order they ended; those that end in the same delivery (a frame lifting two
    /// fingers) in the order they came down, so the table is the same on every run.
    public static func lines(replaying replayer: Replayer) throws(ReplayError) -> [String] {
        let recording = replayer.recording
        let tracker = ContactTracker()
        var contacts: [Contact] = []
        var endedNow: [Contact] = []
        tracker.onContactEnded = { touch, figures in
            endedNow.append(Contact(number: touch.number, type: touch.type, seat: touch.seatName,
                                    ending: touch.phase.name, figures: figures))
        }
        let size = Size(width: Double(recording.width), height: Double(recording.height))
        var coverage = CoverageSweep(grid: CoverageOverlayView.grid(for: size))
        var targets: TargetsResults?
        var kinds: [Int: (type: TouchType, seat: String)] = [:]
        replayer.onDeliver = { event in
            tracker.deliver(event)
            if !endedNow.isEmpty {
                contacts += endedNow.sorted { $0.number < $1.number }
                for contact in endedNow { kinds[contact.number] = nil }
                endedNow.removeAll(keepingCapacity: true)
            }
            for touch in event.allTouches where touch.phase != .ended && touch.phase != .cancelled
                && kinds[touch.number] == nil {
                kinds[touch.number] = (touch.type, touch.seatName)
            }
            _ = coverage.deliver(event)
        }
        replayer.onTargetsFinished = { targets = $0 }
        try replayer.runWithoutDrawing()
        // Contacts the recording ends with still down are measured as far as they went.
        for (number, figures) in tracker.figures.sorted(by: { $0.key < $1.key }) {
            let kind = kinds[number] ?? (.direct, "")
            contacts.append(Contact(number: number, type: kind.type, seat: kind.seat, ending: "(down)", figures: figures))
        }

        var lines: [String] = []
        let seconds = (replayer.lastEventTime ?? 0) / 1000
        lines.append(String(format: "%@: %d×%d at scale %d, scene %@, %.1f s, %d seat%@", "recording", recording.width,
                            recording.height, recording.scale, replayer.scene.rawValue, seconds, recording.seats.count,
                            recording.seats.count == 1 ? "" : "s"))
        for (type, name) in [(TouchType.direct, "fingers"), (.pencil, "pen strokes"), (.indirectPointer, "mouse presses")] {
            let mine = contacts.filter { $0.type == type }
            guard let count = tracker.counts[type], !mine.isEmpty || count.mostEver > 0 else { continue }
            var text = "\(name): \(mine.count), at most \(count.mostEver) at once"
            let rates = mine.compactMap(\.figures.medianRate).sorted()
            if !rates.isEmpty {
                text += String(format: "; rate median %.1f Hz", rates[rates.count / 2])
                if let lowest = mine.compactMap(\.figures.lowestRate).min() { text += String(format: ", lowest over 250 ms %.1f Hz", lowest) }
                if let gap = mine.map(\.figures.largestGap).max() { text += String(format: ", largest gap %.1f ms", gap * 1000) }
            }
            lines.append(text)
        }
        if !contacts.isEmpty {
            lines.append("touch  kind    seat        ended      samples     ms      Hz  lowest  p95 ms  gap ms    path px")
            for c in contacts {
                let f = c.figures
                func number(_ value: Double?, _ format: String) -> String { value.map { String(format: format, $0) } ?? "–" }
                lines.append(TextColumns.pad("\(c.number)", 5) + "  " + TextColumns.padRight(c.type == .direct ? "finger" : c.type == .pencil ? "pen" : "mouse", 6)
                    + "  " + TextColumns.padRight(c.seat.isEmpty ? "-" : c.seat, 10) + "  " + TextColumns.padRight(c.ending, 9)
                    + TextColumns.pad("\(f.sampleCount)", 8) + TextColumns.pad(String(format: "%.0f", f.duration * 1000), 7)
                    + TextColumns.pad(number(f.medianRate, "%.1f"), 8) + TextColumns.pad(number(f.lowestRate, "%.1f"), 8)
                    + TextColumns.pad(number(f.p95Interval.map { $0 * 1000 }, "%.1f"), 8)
                    + TextColumns.pad(f.sampleCount > 1 ? String(format: "%.1f", f.largestGap * 1000) : "–", 8)
                    + TextColumns.pad(String(format: "%.1f", f.pathLength), 11))
            }
        }
        if contacts.contains(where: { $0.type == .direct }) {
            let grid = coverage.grid, unreached = grid.unreachedCells
            var text = String(format: "finger coverage: %.0f %% of %d cells (%d×%d)", grid.coveredFraction * 100,
                              grid.columns * grid.rows, grid.columns, grid.rows)
            if !unreached.isEmpty, unreached.count <= 20 {
                text += "; never reached (column,row): " + unreached.map(\.description).joined(separator: " ")
            }
            lines.append(text)
        }
        if let targets {
            lines.append("targets:")
            lines += targets.lines.map { "  " + $0 }
        }
        return lines
    }
}

extension RecordingReport {
    /// Each finger's samples in the recording, in the order the fingers came down, for the
    /// report's charts: where it was at its down, each move (every coalesced sample) and its
    /// end, at the event times.
    public static func fingerTracks(in recording: Recording) throws(ReplayError) -> [FingerTrack] {
        let replayer = Replayer(recording: recording, scene: .spots, singleTouch: false)
        var tracks: [Int: FingerTrack] = [:]
        replayer.onDeliver = { event in
            for touch in event.allTouches where touch.type == .direct && touch.phase != .stationary {
                // Every sample, not one per display frame: a 240 Hz panel charts as 240 Hz.
                let samples = event.coalescedTouches(for: touch)
                for sample in samples.isEmpty ? [touch] : samples {
                    tracks[touch.number, default: FingerTrack(number: touch.number)].samples.append((sample.timestamp, sample.location(in: nil)))
                }
            }
        }
        try replayer.runWithoutDrawing()
        return tracks.values.sorted { $0.number < $1.number }
    }
}
