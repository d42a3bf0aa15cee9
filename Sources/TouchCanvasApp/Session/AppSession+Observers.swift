import TouchKit

/// What the display did, into the session, which tells everyone who reads it: the inspector's
/// HUD, the guided check and the shell's logs hear commits and presentations from one place, as
/// they hear input, so the shell only reports and never feeds an observer itself.
extension AppSession {
    /// `observer` hears every delivery after the views did, beside ``onDeliver``.
    public func addDeliveryObserver(_ observer: @escaping (TouchEvent) -> Void) {
        deliveryObservers.append(observer)
    }

    /// `observer` hears each report of ``notePresentation(_:)`` after the inspector and the check.
    public func addPresentationObserver(_ observer: @escaping (PresentationReport) -> Void) {
        presentationObservers.append(observer)
    }

    /// A display frame was committed; `latency` is its oldest input's age then, in seconds (nil:
    /// it carried none). The HUD's rates change, but a commit asks for no redraw: that would
    /// commit forever.
    public func noteCommit(latency: Double?) {
        inspector.noteCommit(latency: latency, notify: false)
    }

    /// The compositor said when a commit that carried input was shown, or that it never was.
    /// The HUD and the check count touch→glass per input frame where the report has them (a
    /// discarded commit's frames too, once the commit that replaced it was shown), else per
    /// commit from its oldest input.
    public func notePresentation(_ report: PresentationReport) {
        var latencies = report.sampleToPresent
        if latencies.isEmpty, let inputToPresent = report.inputToPresent, !report.isDiscarded { latencies = [inputToPresent] }
        for latency in latencies {
            inspector.notePresented(inputToPresent: latency, frames: report.frames)
            runningCheck?.notePresented(inputToPresent: latency, frames: report.frames,
                                        refreshNanoseconds: report.refreshNanoseconds, flags: report.flags)
        }
        if report.isDiscarded {
            inspector.noteDiscarded()
            runningCheck?.noteDiscarded()
        }
        for observer in presentationObservers { observer(report) }
    }
}
