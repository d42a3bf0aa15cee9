internal import CWaylandServer
internal import WaylandServer
import Glibc

/// Running the compositor: rounds of its event loop until a deadline or a condition, the waits
/// tests use, and what is destroyed between rounds.
extension ScriptedCompositor {
    /// Runs the compositor for `seconds` (at least one round) and returns the number of rounds.
    @discardableResult
    public func pump(for seconds: Double) -> Int {
        let deadline = nowNanoseconds &+ nanoseconds(fromSeconds: seconds)
        var rounds = 0
        repeat {
            runRound(until: deadline)
            rounds += 1
        } while nowNanoseconds < deadline
        return rounds
    }

    /// Pumps until `condition` holds (true) or `timeout` seconds pass (false). On the manual
    /// clock the client first catches up with the current instant, so whether the condition
    /// holds before time moves does not depend on how fast the client was.
    public func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        if let manualClock, let link = clientClock {
            display.dispatch(timeout: 0)
            finishRound()
            catchUp(link, at: manualClock.nanoseconds)
        }
        if condition() { return true }
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        while uptimeNanoseconds() < deadline {
            runRound(until: manualClock == nil ? deadline : nowNanoseconds &+ Self.manualRoundLimit)
            if condition() { return true }
        }
        return condition()
    }

    /// Quiet spans with a slow answer after which ``settle(quiet:within:)`` trusts the quiet.
    public static let slowSpansTrusted = 4

    /// Waits until the client has handled everything sent so far (a ping answered: clients
    /// handle events in order) and then committed nothing for `quiet` seconds, so that the
    /// last picture is the one it will keep showing. Each quiet span ends with another ping:
    /// a client starved of the processor through the span (a sanitizer build, a busy machine)
    /// has then still to handle the frame callbacks sent in it, and the commits they bring
    /// show before its answer, so a span it slept through is not taken for one it was idle in;
    /// and an answer slower than the span itself says it was starved, so the span is tried
    /// again (up to ``slowSpansTrusted`` times).
    /// False when it was still committing, or had not answered, at the deadline.
    @discardableResult
    public func settle(quiet: Double = 0.1, within timeout: Double) -> Bool {
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        func answered() -> Bool {
            let serial = ping()
            let left = Double(deadline &- min(deadline, uptimeNanoseconds())) / 1e9
            return waitUntil(timeout: left) { lastPongSerial == serial }
        }
        guard answered() else { return false }
        var slowSpans = 0
        while uptimeNanoseconds() < deadline {
            let commits = commitCount
            pump(for: quiet)
            let asked = uptimeNanoseconds()
            guard answered() else { return false }
            // A slow answer says the client was starved, and a commit it had timed (a frame
            // paced to a deadline) may still be to come: quiet again, a few times at most (a
            // machine that is always this slow would otherwise wait out the whole deadline).
            let slow = uptimeNanoseconds() &- asked >= nanoseconds(fromSeconds: quiet)
            if commitCount == commits {
                if !slow || slowSpans >= Self.slowSpansTrusted { return true }
                slowSpans += 1
            }
        }
        return false
    }

    /// Waits for the toplevel to show a buffer committed after acking the latest configure, i.e. a
    /// window that is mapped and has caught up with what the compositor asked for.
    public func waitForMappedToplevel(timeout: Double) -> Bool {
        waitUntil(timeout: timeout) {
            guard let toplevel = currentToplevel else { return false }
            return toplevel.isMapped && toplevel.caughtUp
        }
    }

    /// The first toplevel commit after this call, or nil at the deadline.
    public func waitForNextCommit(timeout: Double) -> Commit? {
        commitsAwaited = 1
        awaitedCommits = []
        defer {
            commitsAwaited = 0
            awaitedCommits = []
        }
        _ = waitUntil(timeout: timeout) { !awaitedCommits.isEmpty }
        return awaitedCommits.first
    }

    /// ``pump(for:)`` for async callers: suspended, not blocked, while the socket is quiet.
    @discardableResult
    nonisolated(nonsending) public func pump(for seconds: Double) async -> Int {
        let deadline = nowNanoseconds &+ nanoseconds(fromSeconds: seconds)
        var rounds = 0
        repeat {
            await runRound(until: deadline)
            rounds += 1
        } while nowNanoseconds < deadline
        return rounds
    }

    /// ``waitUntil(timeout:_:)`` for async callers: suspended, not blocked, between rounds.
    nonisolated(nonsending) public func waitUntil(timeout: Double, _ condition: () -> Bool) async -> Bool {
        if let manualClock, let link = clientClock {
            display.dispatch(timeout: 0)
            finishRound()
            await catchUp(link, at: manualClock.nanoseconds)
        }
        if condition() { return true }
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        while uptimeNanoseconds() < deadline {
            await runRound(until: manualClock == nil ? deadline : nowNanoseconds &+ Self.manualRoundLimit)
            if condition() { return true }
        }
        return condition()
    }

    /// ``settle(quiet:within:)`` for async callers.
    @discardableResult
    nonisolated(nonsending) public func settle(quiet: Double = 0.1, within timeout: Double) async -> Bool {
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        guard await pingAnswered(by: deadline) else { return false }
        var slowSpans = 0
        while uptimeNanoseconds() < deadline {
            let commits = commitCount
            await pump(for: quiet)
            let asked = uptimeNanoseconds()
            guard await pingAnswered(by: deadline) else { return false }
            let slow = uptimeNanoseconds() &- asked >= nanoseconds(fromSeconds: quiet)
            if commitCount == commits {
                if !slow || slowSpans >= Self.slowSpansTrusted { return true }
                slowSpans += 1
            }
        }
        return false
    }

    /// A ping, and whether its answer came by `deadline`.
    nonisolated(nonsending) private func pingAnswered(by deadline: UInt64) async -> Bool {
        let serial = ping()
        let left = Double(deadline &- min(deadline, uptimeNanoseconds())) / 1e9
        return await waitUntil(timeout: left) { lastPongSerial == serial }
    }

    /// ``waitForMappedToplevel(timeout:)`` for async callers.
    nonisolated(nonsending) public func waitForMappedToplevel(timeout: Double) async -> Bool {
        await waitUntil(timeout: timeout) {
            guard let toplevel = currentToplevel else { return false }
            return toplevel.isMapped && toplevel.caughtUp
        }
    }

    /// ``waitForNextCommit(timeout:)`` for async callers.
    nonisolated(nonsending) public func waitForNextCommit(timeout: Double) async -> Commit? {
        await waitForCommits(1, timeout: timeout).first
    }

    /// The first `count` toplevel commits after this call, fewer at the deadline. Two commits
    /// that come in one round (a client committing twice in a millisecond) are both kept, where
    /// two ``waitForNextCommit(timeout:)`` in a row would miss the second.
    nonisolated(nonsending) public func waitForCommits(_ count: Int, timeout: Double) async -> [Commit] {
        commitsAwaited = count
        awaitedCommits = []
        defer {
            commitsAwaited = 0
            awaitedCommits = []
        }
        _ = await waitUntil(timeout: timeout) { awaitedCommits.count >= count }
        return awaitedCommits
    }

    /// One loop iteration: wait for client traffic (bounded by the deadline, the next frame
    /// callback and `maximumRoundMilliseconds`), dispatch it, answer due callbacks, drain children.
    private func runRound(until deadline: UInt64) {
        if let manualClock { return manualRound(until: deadline, clock: manualClock) }
        display.dispatch(timeoutNanoseconds: roundWaitNanoseconds(until: deadline))
        finishRound()
    }

    /// How far a round of a wait for a condition moves the manual clock at most, so the
    /// condition is looked at between the things that are due.
    static let manualRoundLimit: UInt64 = 5_000_000

    /// A round on the manual clock: what the client sent and what is due now are handled, then
    /// the clock jumps to the next thing due, or to `deadline` if that comes first, and what is
    /// due there is handled too. Nothing waits on the machine's clock.
    private func manualRound(until deadline: UInt64, clock: ManualClock) {
        display.dispatch(timeout: 0)
        finishRound()
        if let link = clientClock { catchUp(link, at: clock.nanoseconds) }
        guard advance(clock, until: deadline) else { return }
        finishRound()
        // The client is idle at the new instant before anything else happens in it (the test's
        // next input), so what it does never depends on how fast it was.
        if let link = clientClock { catchUp(link, at: clock.nanoseconds) }
    }

    /// Moves the manual clock to the next thing due (the compositor's, or the client's
    /// deadline), or to `deadline` if that comes first. False when the clock is already there.
    private func advance(_ clock: ManualClock, until deadline: UInt64) -> Bool {
        let now = clock.nanoseconds
        guard deadline > now else { return false }
        var next = deadline
        if let due = clientClock?.clientDeadline, due > now { next = min(next, due) }
        if let due = nextFrameCallbackDue, due > now { next = min(next, due) }
        if let due = retiringGlobals.lazy.map(\.due).min(), due > now { next = min(next, due) }
        if let due = nextQueuedUpdateDue, due > now { next = min(next, due) }
        if let due = presentationQueue.nextSendDue, due > now { next = min(next, due) }
        clock.nanoseconds = next
        return true
    }

    /// How long the machine's clock may run while a client in another process catches up with
    /// one instant of the manual clock; one that takes longer is left behind (and the test's own
    /// patience decides).
    static let catchUpPatience: UInt64 = 30_000_000_000

    /// A client's catching up with one instant of the manual clock: the sync and async pumps
    /// run the same steps and differ only in how they wait between them.
    private struct CatchUp {
        let now: UInt64
        let patience: UInt64 = uptimeNanoseconds() &+ ScriptedCompositor.catchUpPatience
        /// Something came from the client since the last reading went out.
        var busy = true
    }

    /// One step of waiting until the client holding the manual clock has handled everything up
    /// to the instant and nothing more came from it: a reading goes out after the last thing
    /// sent, its answer means all before it is handled, and a round trip in which the client
    /// sent nothing means it is idle at this instant. True when the client is to be waited for
    /// and the step taken again; false once it has caught up, is gone, or is out of patience.
    private func step(_ catchUp: inout CatchUp, _ link: ClientClockLink) -> Bool {
        // The answer first, then the traffic: the client sends everything it has before it
        // answers, so once the answer is in, what came before it is in the socket and this
        // dispatch sees it. The other way round, requests that arrived between the two looks
        // (a commit, on a busy machine) would be left for after the clock moved.
        link.receive()
        let answered = link.caughtUp
        if dispatchIfReadable() { catchUp.busy = true }
        guard answered else { return uptimeNanoseconds() < catchUp.patience }
        guard catchUp.busy, link.isOpen else { return false }
        catchUp.busy = false
        link.send(catchUp.now)
        return true
    }

    /// Waits, dispatching meanwhile, until the client holding the manual clock is idle at `now`.
    private func catchUp(_ link: ClientClockLink, at now: UInt64) {
        var state = CatchUp(now: now)
        while step(&state, link) {
            var ready = pollfd(fd: link.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 1)
        }
    }

    /// ``catchUp(_:at:)`` for async callers: suspended while the client has not answered.
    nonisolated(nonsending) private func catchUp(_ link: ClientClockLink, at now: UInt64) async {
        var state = CatchUp(now: now)
        while step(&state, link) { await readiness.readable(link.descriptor, milliseconds: 1) }
    }

    /// Dispatches what a client sent, if anything: true when something came.
    private func dispatchIfReadable() -> Bool {
        var socket = pollfd(fd: display.eventLoopDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&socket, 1, 0) > 0 else { return false }
        display.dispatch(timeout: 0)
        finishRound()
        return true
    }

    /// The same round for an async caller: the wait happens on `readiness`'s thread while the
    /// caller is suspended, then the traffic is dispatched without blocking.
    nonisolated(nonsending) private func runRound(until deadline: UInt64) async {
        if let manualClock {
            // A client in another process catches up here suspended, not blocked.
            display.dispatch(timeout: 0)
            finishRound()
            if let link = clientClock { await catchUp(link, at: manualClock.nanoseconds) }
            guard advance(manualClock, until: deadline) else { return }
            finishRound()
            if let link = clientClock { await catchUp(link, at: manualClock.nanoseconds) }
            return
        }
        let wait = roundWait(until: deadline)
        if wait > 0 { await readiness.readable(display.eventLoopDescriptor, milliseconds: wait) }
        display.dispatch(timeout: 0)
        finishRound()
    }

    /// How long a round may wait for client traffic, in whole milliseconds (for a wait that
    /// takes no finer ones).
    private func roundWait(until deadline: UInt64) -> Int32 {
        // Round up: waking a fraction of a millisecond early would only spin.
        Int32((roundWaitNanoseconds(until: deadline) + 999_999) / 1_000_000)
    }

    /// How long a round may wait for client traffic, in nanoseconds: to the nanosecond, so a
    /// pump shorter than a millisecond ends when it is due.
    func roundWaitNanoseconds(until deadline: UInt64) -> UInt64 {
        let now = nowNanoseconds
        var wait = deadline > now ? deadline - now : 0
        wait = min(wait, UInt64(max(maximumRoundMilliseconds, 0)) * 1_000_000)
        if let due = nextFrameCallbackDue { wait = min(wait, due > now ? due - now : 0) }
        if let due = retiringGlobals.lazy.map(\.due).min() { wait = min(wait, due > now ? due - now : 0) }
        if let due = nextQueuedUpdateDue { wait = min(wait, due > now ? due - now : 0) }
        return wait
    }

    private func finishRound() {
        applyReadyQueuedUpdates()
        answerDueFrameCallbacks()
        sendDuePresentations()
        destroyRetiredGlobals()
        firedListeners.removeAll()
        ClientProcess.drainAllOutput()
        display.flush()
    }

    /// Destroys a removed global a moment later, so a client that binds it in flight is not
    /// disconnected for naming a dead global.
    func retire(_ destroy: @escaping () -> Void) {
        retiringGlobals.append((nowNanoseconds &+ 2_000_000_000, destroy))
    }

    private func destroyRetiredGlobals() {
        guard !retiringGlobals.isEmpty else { return }
        let now = nowNanoseconds
        retiringGlobals.removeAll { entry in
            guard entry.due <= now else { return false }
            entry.destroy()
            return true
        }
    }

    /// Sends a protocol error, records it, and lets libwayland disconnect the client.
    func postError(_ resource: Resource, code: UInt32, _ message: String) {
        let interface = String(cString: wl_resource_get_class(resource.raw))
        protocolErrors.append(PostedProtocolError(interface: interface, objectID: resource.id, code: code, message: message))
        postProtocolError(resource, code: code, message)
    }
}
