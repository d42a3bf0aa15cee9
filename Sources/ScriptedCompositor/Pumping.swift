internal import CWaylandServer
internal import WaylandServer
import Glibc

/// Running the compositor: rounds of its event loop until a deadline or a condition, the waits
/// tests use, and what is destroyed between rounds.
extension ScriptedCompositor {
    /// Runs the compositor for `seconds` (at least one round) and returns the number of rounds.
    @discardableResult
    public func pump(for seconds: Double) -> Int {
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: seconds)
        var rounds = 0
        repeat {
            runRound(until: deadline)
            rounds += 1
        } while uptimeNanoseconds() < deadline
        return rounds
    }

    /// Pumps until `condition` holds (true) or `timeout` seconds pass (false).
    public func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        if condition() { return true }
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        while uptimeNanoseconds() < deadline {
            runRound(until: deadline)
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
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: seconds)
        var rounds = 0
        repeat {
            await runRound(until: deadline)
            rounds += 1
        } while uptimeNanoseconds() < deadline
        return rounds
    }

    /// ``waitUntil(timeout:_:)`` for async callers: suspended, not blocked, between rounds.
    nonisolated(nonsending) public func waitUntil(timeout: Double, _ condition: () -> Bool) async -> Bool {
        if condition() { return true }
        let deadline = uptimeNanoseconds() &+ nanoseconds(fromSeconds: timeout)
        while uptimeNanoseconds() < deadline {
            await runRound(until: deadline)
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
        display.dispatch(timeoutNanoseconds: roundWaitNanoseconds(until: deadline))
        finishRound()
    }

    /// The same round for an async caller: the wait happens on `readiness`'s thread while the
    /// caller is suspended, then the traffic is dispatched without blocking.
    nonisolated(nonsending) private func runRound(until deadline: UInt64) async {
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

    /// How long a round may wait for client traffic, in nanoseconds.
    private func roundWaitNanoseconds(until deadline: UInt64) -> UInt64 {
        let now = uptimeNanoseconds()
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
        retiringGlobals.append((uptimeNanoseconds() &+ 2_000_000_000, destroy))
    }

    private func destroyRetiredGlobals() {
        guard !retiringGlobals.isEmpty else { return }
        let now = uptimeNanoseconds()
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
