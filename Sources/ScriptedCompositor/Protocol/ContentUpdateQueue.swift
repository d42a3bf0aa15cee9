internal import WaylandServer

/// `wp_fifo_manager_v1` and `wp_commit_timing_manager_v1`, offered when the driver asks (no
/// compositor in Debian 12 has them), and the per-surface queue of commits they need.
///
/// Without them every commit is applied as it comes, and one latched at the same tick as a later
/// one is replaced unseen. A commit that waits for a FIFO barrier, or carries a timestamp not yet
/// due, is held in its surface's queue instead, and every later commit of that surface is held
/// behind it: a surface's updates are applied in the order they were committed. A barrier lifts
/// just after the first latch that follows the commit that set it, so that commit stays on the
/// glass for a refresh; a timestamp is due when a commit applied now would be shown at or after it.
extension ScriptedCompositor {
    func offerFifo() throws(Failure) {
        try addGlobal(WpFifoManagerV1.self, version: 1) { [weak self] in self?.bindFifoManager($0) }
    }

    func offerCommitTiming() throws(Failure) {
        try addGlobal(WpCommitTimingManagerV1.self, version: 1) { [weak self] in self?.bindCommitTimingManager($0) }
    }

    private func bindFifoManager(_ manager: WpFifoManagerV1) {
        manager.onRequest = { [weak self, unowned manager] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .getFifo(let id, let surfaceResource):
                guard let surfaceResource, let surface = surfaces[ObjectIdentifier(surfaceResource)] else { return }
                if surface.fifo != nil {
                    postError(manager, code: WpFifoManagerV1.Error_.alreadyExists.rawValue, "the surface already has a wp_fifo_v1")
                    return
                }
                guard let fifo = id.create() else { return }
                surface.fifo = fifo
                fifo.onDestroy = { [weak surface] in surface?.fifo = nil }
                fifo.onRequest = { [weak self, weak surface, unowned fifo] request in
                    guard let self else { return }
                    guard let surface, surfaces[ObjectIdentifier(surface.resource)] != nil else {
                        if case .destroy = request { return }
                        postError(fifo, code: WpFifoV1.Error_.surfaceDestroyed.rawValue, "the surface was destroyed")
                        return
                    }
                    switch request {
                    case .setBarrier: surface.pending.setsBarrier = true
                    case .waitBarrier: surface.pending.waitsForBarrier = true
                    case .destroy: break
                    }
                }
            }
        }
    }

    private func bindCommitTimingManager(_ manager: WpCommitTimingManagerV1) {
        manager.onRequest = { [weak self, unowned manager] request in
            guard let self else { return }
            switch request {
            case .destroy:
                break
            case .getTimer(let id, let surfaceResource):
                guard let surfaceResource, let surface = surfaces[ObjectIdentifier(surfaceResource)] else { return }
                if surface.commitTimer != nil {
                    postError(manager, code: WpCommitTimingManagerV1.Error_.commitTimerExists.rawValue,
                              "the surface already has a wp_commit_timer_v1")
                    return
                }
                guard let timer = id.create() else { return }
                surface.commitTimer = timer
                timer.onDestroy = { [weak surface] in surface?.commitTimer = nil }
                timer.onRequest = { [weak self, weak surface, unowned timer] request in
                    guard let self else { return }
                    guard let surface, surfaces[ObjectIdentifier(surface.resource)] != nil else {
                        if case .destroy = request { return }
                        postError(timer, code: WpCommitTimerV1.Error_.surfaceDestroyed.rawValue, "the surface was destroyed")
                        return
                    }
                    switch request {
                    case .setTimestamp(let secondsHigh, let secondsLow, let nanoseconds):
                        guard nanoseconds < 1_000_000_000 else {
                            postError(timer, code: WpCommitTimerV1.Error_.invalidTimestamp.rawValue, "tv_nsec \(nanoseconds)")
                            return
                        }
                        guard surface.pending.timestamp == nil else {
                            postError(timer, code: WpCommitTimerV1.Error_.timestampExists.rawValue,
                                      "a second timestamp for one commit")
                            return
                        }
                        let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
                        // Beyond UInt64 nanoseconds is a time no commit will live to see: held for good.
                        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                        surface.pending.timestamp = overflow ? .max : scaled &+ UInt64(nanoseconds)
                    case .destroy:
                        break
                    }
                }
            }
        }
    }

    /// A commit is applied now, or held behind the barrier, its timestamp, or the commits
    /// already held.
    func enqueue(_ update: SurfaceState.Pending, on surface: SurfaceState) {
        if surface.queuedUpdates.isEmpty && isReady(update, on: surface, now: nowNanoseconds) {
            return apply(update, on: surface)
        }
        surface.queuedUpdates.append(update)
        if surface.xdgSurface?.toplevel != nil && surface.xdgSurface?.toplevel === currentToplevel {
            stats.commitsHeld += 1
        }
    }

    /// Applies, on every surface, the held commits that have become ready, in order. Every round
    /// asks; almost always nothing is held, and then nothing is sorted.
    func applyReadyQueuedUpdates() {
        guard surfaces.values.contains(where: { !$0.queuedUpdates.isEmpty }) else { return }
        for surface in surfaces.values.sorted(by: { $0.sequence < $1.sequence }) where !surface.queuedUpdates.isEmpty {
            while let first = surface.queuedUpdates.first, isReady(first, on: surface, now: nowNanoseconds) {
                surface.queuedUpdates.removeFirst()
                apply(first, on: surface)
                // Applying may have ended the surface (a protocol error), which also empties the queue.
                guard surfaces[ObjectIdentifier(surface.resource)] != nil else { break }
            }
        }
    }

    /// The moment the round must wake for a held commit: its barrier lifting, or the tick before
    /// the one its timestamp is due at.
    var nextQueuedUpdateDue: UInt64? {
        var due: UInt64?
        for surface in surfaces.values {
            guard let first = surface.queuedUpdates.first else { continue }
            var moment: UInt64 = 0
            if first.waitsForBarrier, let lift = surface.barrierLiftsAt { moment = lift }
            if let timestamp = first.timestamp { moment = max(moment, applicationDue(forTimestamp: timestamp)) }
            due = min(due ?? moment, moment)
        }
        return due
    }

    /// When the barrier set by a commit applied at `time` lifts: just after the latch that follows.
    func barrierLift(appliedAt time: UInt64) -> UInt64 { frameCallbackDue(committedAt: time) }

    private func isReady(_ update: SurfaceState.Pending, on surface: SurfaceState, now: UInt64) -> Bool {
        if update.waitsForBarrier, let lift = surface.barrierLiftsAt, now < lift { return false }
        if let timestamp = update.timestamp, presentationTime(ifAppliedAt: now) < timestamp { return false }
        return true
    }

    /// When a commit applied at `time` would be on the glass.
    private func presentationTime(ifAppliedAt time: UInt64) -> UInt64 {
        frameCallbackDue(committedAt: time) &+ (presentationQueue.vblank?.scanoutDelayNanoseconds ?? 0)
    }

    /// The earliest moment a commit with this timestamp may be applied: in vblank mode just after
    /// the tick before the first one shown at or after it, else one frame-callback delay before it.
    private func applicationDue(forTimestamp timestamp: UInt64) -> UInt64 {
        guard let vblank = presentationQueue.vblank else {
            let delay = UInt64(max(frameCallbackDelayMilliseconds, 0)) &* 1_000_000
            return timestamp > delay ? timestamp - delay : 0
        }
        let origin = presentationQueue.origin
        let latch = timestamp > vblank.scanoutDelayNanoseconds ? timestamp - vblank.scanoutDelayNanoseconds : 0
        guard latch > origin else { return 0 }
        let (index, remainder) = (latch - origin).quotientAndRemainder(dividingBy: vblank.refreshNanoseconds)
        let tick = index &+ (remainder > 0 ? 1 : 0)
        guard tick > 0 else { return 0 }
        let (before, overflow) = (tick - 1).multipliedReportingOverflow(by: vblank.refreshNanoseconds)
        return overflow ? .max : origin &+ before
    }

    /// A surface that went away shows none of its held commits: their callbacks are destroyed and
    /// their feedback discarded.
    func discardQueuedUpdates(of surface: SurfaceState) {
        for update in surface.queuedUpdates {
            for callback in update.callbacks { callback.destroy() }
            for feedback in update.feedbacks where answersPresentationFeedback { feedback.sendDiscarded() }
        }
        surface.queuedUpdates.removeAll()
    }
}
