internal import WaylandServer
import Glibc

/// `wp_presentation`: tells clients when their commits reached the glass, on CLOCK_MONOTONIC,
/// the clock of every other time this compositor reports.
extension ScriptedCompositor {
    func offerPresentation() throws(Failure) {
        try addGlobal(WpPresentation.self, version: 1) { [weak self] in self?.bindPresentation($0) }
    }

    private func bindPresentation(_ presentation: WpPresentation) {
        presentation.sendClockId(clkId: UInt32(CLOCK_MONOTONIC))
        presentation.onRequest = { [weak self] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .feedback(let surfaceResource, let id):
                guard let feedback = id.create() else { return }
                // A surface already gone can never be presented; the protocol answers that with
                // `discarded` rather than an error.
                guard let surfaceResource, let surface = surfaces[ObjectIdentifier(surfaceResource)] else {
                    feedback.sendDiscarded()
                    return
                }
                surface.pending.feedbacks.append(feedback)
            }
        }
    }

    /// When a commit made now has its frame callbacks answered: the next tick in vblank mode.
    func frameCallbackDue(committedAt now: UInt64) -> UInt64 {
        if let tick = presentationQueue.tick(after: now) { return tick.nanoseconds }
        return now &+ UInt64(max(frameCallbackDelayMilliseconds, 0)) &* 1_000_000
    }

    /// Queues a commit for the glass. Only the toplevel's commits get a truth record; other
    /// surfaces' commits are queued only when someone is waiting for feedback.
    func queuePresentation(of surface: SurfaceState, feedbacks: [WpPresentationFeedback], committedAt now: UInt64,
                           appliedAt: UInt64, latch: UInt64, toplevelCommit: Int?) {
        guard toplevelCommit != nil || !feedbacks.isEmpty else { return }
        var record: Int?
        if let toplevelCommit {
            record = presentationQueue.records.count
            presentationQueue.records.append(PresentationRecord(
                commitSequence: toplevelCommit, committedNanoseconds: now, appliedNanoseconds: appliedAt,
                feedbackRequested: !feedbacks.isEmpty, outcome: .pending))
        }
        presentationQueue.entries.append(PresentationQueue.Entry(
            surface: ObjectIdentifier(surface.resource), feedbacks: feedbacks, committed: now, latch: latch,
            tick: presentationQueue.tick(after: appliedAt)?.index, record: record))
    }

    /// Tells the outcome of every commit whose scanout (or discard) has come.
    func sendDuePresentations() {
        let now = nowNanoseconds
        guard let due = presentationQueue.nextSendDue, due <= now else { return }
        for (entry, replaced) in presentationQueue.takeDue(now: now) {
            if replaced {
                discard(entry)
                continue
            }
            let time: UInt64
            let sequence: UInt64
            let refresh: UInt64
            let flags: PresentationFlags
            if let vblank = presentationQueue.vblank {
                time = entry.latch &+ vblank.scanoutDelayNanoseconds
                sequence = entry.tick ?? 0
                refresh = vblank.refreshNanoseconds
                flags = vblank.flags
            } else {
                presentationQueue.presentations &+= 1
                time = now
                sequence = presentationQueue.presentations
                refresh = presentationRefreshNanoseconds
                flags = []
            }
            if let record = entry.record { presentationQueue.records[record].outcome = .presented(nanoseconds: time, sequence: sequence) }
            for feedback in entry.feedbacks {
                sendPresented(feedback, at: time, refresh: refresh, sequence: sequence, flags: flags)
            }
        }
    }

    private func sendPresented(_ feedback: WpPresentationFeedback, at time: UInt64, refresh: UInt64,
                               sequence: UInt64, flags: PresentationFlags) {
        guard feedback.isAlive, answersPresentationFeedback else { return }
        for resource in output.resources where resource.client == feedback.client {
            feedback.sendSyncOutput(output: resource)
        }
        let seconds = time / 1_000_000_000
        feedback.sendPresented(tvSecHi: UInt32(truncatingIfNeeded: seconds >> 32),
                               tvSecLo: UInt32(truncatingIfNeeded: seconds),
                               tvNsec: UInt32(truncatingIfNeeded: time % 1_000_000_000),
                               refresh: UInt32(clamping: refresh),
                               seqHi: UInt32(truncatingIfNeeded: sequence >> 32),
                               seqLo: UInt32(truncatingIfNeeded: sequence),
                               flags: WpPresentationFeedback.Kind(rawValue: flags.rawValue))
    }

    private func discard(_ entry: PresentationQueue.Entry) {
        if let record = entry.record { presentationQueue.records[record].outcome = .discarded }
        for feedback in entry.feedbacks where answersPresentationFeedback { feedback.sendDiscarded() }
    }

    /// A destroyed surface shows nothing more: its queued commits and the feedback it asked for
    /// its next commit are all discarded.
    func discardPresentations(of surface: SurfaceState) {
        for feedback in surface.pending.feedbacks { feedback.sendDiscarded() }
        surface.pending.feedbacks.removeAll()
        for entry in presentationQueue.takeAll(of: ObjectIdentifier(surface.resource)) { discard(entry) }
    }
}

/// What the driver sees of presentation.
extension ScriptedCompositor {
    /// The vblank mode given at start, nil when frame callbacks answer each commit on its own.
    public var vblank: VblankMode? { presentationQueue.vblank }

    /// The truth for every toplevel commit, oldest first (`resetStats` does not clear it).
    public var presentations: [PresentationRecord] { presentationQueue.records }

    /// The truth for one commit (`Commit.sequence`).
    public func presentation(ofCommit sequence: Int) -> PresentationRecord? {
        presentationQueue.records.last { $0.commitSequence == sequence }
    }

    /// The first vblank tick a commit made at this CLOCK_MONOTONIC time makes (strictly after it,
    /// and at least the latch lead after it): where it is latched. Nil without vblank mode.
    public func vblankTick(after nanoseconds: UInt64) -> (index: UInt64, nanoseconds: UInt64)? {
        presentationQueue.tick(after: nanoseconds)
    }
}
