import TouchKit

/// `--log phases`' closing line of each contact: once a finger lifts (or a pen stroke ends, or
/// either is cancelled), what its whole life measured, from TouchKit's ``ContactTracker``.
/// Written right after the contact's last phase line; its key `summary` says what it is and
/// holds how the contact ended.
@MainActor
final class ContactSummaryLog {
    private let tracker = ContactTracker()

    /// `millimetresPerPoint` is read as each line is written: the output the window is on now.
    init(millimetresPerPoint: @escaping @MainActor () -> (x: Double, y: Double)? = { nil }) {
        tracker.onContactEnded = { [unowned self] touch, figures in
            StandardOutput.writeLine(Self.line(for: touch, figures, count: tracker.counts[touch.type] ?? ContactCount(),
                                               millimetresPerPoint: millimetresPerPoint()))
        }
    }

    /// Takes one delivery, after its phase lines are written.
    func deliver(_ event: TouchEvent) { tracker.deliver(event) }

    /// Times are the samples' event times (the compositor's); distances are logical pixels of
    /// the window, and `mmPerPx` (x, y) turns them into millimetres where the output the window
    /// is on gives its physical size; a figure that cannot be had yet (a rate from one sample)
    /// is left out.
    static func line(for touch: Touch, _ figures: ContactFigures, count: ContactCount,
                     millimetresPerPoint: (x: Double, y: Double)? = nil) -> String {
        func ms(_ seconds: Double) -> String { JSONText.number((seconds * 1e6).rounded() / 1000) }
        func hz(_ rate: Double) -> String { JSONText.number((rate * 10).rounded() / 10) }
        var s = "{\"t\":\(PhaseLog.milliseconds(figures.time))"
        s += ",\"seat\":\(JSONText.string(touch.seatName))"
        s += ",\"type\":\"\(touch.type.name)\",\"summary\":\"\(touch.phase.name)\""
        s += ",\"touch\":\(touch.number),\"id\":\(touch.identifier)"
        s += ",\"samples\":\(figures.sampleCount),\"durationMs\":\(ms(figures.duration))"
        if let rate = figures.medianRate { s += ",\"hz\":\(hz(rate))" }
        if let rate = figures.lowestRate { s += ",\"hzLowest\":\(hz(rate))" }
        if let interval = figures.medianInterval { s += ",\"intervalMs\":\(ms(interval))" }
        if let interval = figures.p95Interval { s += ",\"intervalP95Ms\":\(ms(interval))" }
        s += ",\"gapMs\":\(ms(figures.largestGap))"
        s += ",\"dx\":\(JSONText.number(figures.translation.x)),\"dy\":\(JSONText.number(figures.translation.y))"
        s += ",\"path\":\(JSONText.number(figures.pathLength))"
        s += ",\"vx\":\(JSONText.number(figures.velocity.x.rounded())),\"vy\":\(JSONText.number(figures.velocity.y.rounded()))"
        s += ",\"mostInGesture\":\(count.mostInGesture),\"mostEver\":\(count.mostEver)"
        if let mm = millimetresPerPoint {
            func scale(_ value: Double) -> String { JSONText.number((value * 1e5).rounded() / 1e5) }
            s += ",\"mmPerPx\":[\(scale(mm.x)),\(scale(mm.y))]"
        }
        return s + "}"
    }
}
