import Glibc
import Synchronization
import Testing

/// How many tests that drive a compositor run at once. Swift Testing, left to itself, starts
/// every test of the run together. An end-to-end test starts a real `touchcanvas`, and on a
/// two-core machine that is some three hundred apps at once, each waiting for the processor
/// past its patience; the scripted compositor's own tests run on the main actor, one at a
/// time, and a queue of a hundred of them outlasts their time limits. A test that would start
/// beyond ``limit`` waits, suspended and before its time limit starts, for one to end, so a
/// bare `swift test` is as good a run as `make test`'s.
///
/// The end-to-end, scripted compositor and Wayland suites take the trait
/// (`@Suite(.compositorSlot, …)`); it applies to each of their tests, and to each case of a
/// test with arguments.
public struct CompositorSlot: SuiteTrait, TestTrait, TestScoping {
    /// Four per core (two under a sanitizer, whose apps are several times heavier): enough to
    /// keep the cores busy while tests wait on their apps, few enough that none starves.
    public static let limit = Sanitizer.choose(4, sanitized: 2) * max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)

    static let gate = Gate(slots: limit)

    public var isRecursive: Bool { true }

    /// Each test case, not the suite around it, takes a slot.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> CompositorSlot? { testCase == nil ? nil : self }

    /// Set while a test holds its slot, so a suite nested in another (both with the trait)
    /// takes one slot for each test, not two.
    @TaskLocal static var isHeld = false

    /// How long the test may run once it has its slot. Swift Testing's own `.timeLimit` would
    /// count the wait for the slot too, and a test queued behind a hundred others would time out
    /// before it began.
    public var timeLimit: Duration?

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard !Self.isHeld else { return try await function() }
        await Self.gate.enter()
        defer { Self.gate.leave() }
        try await Self.$isHeld.withValue(true) {
            guard let timeLimit else { return try await function() }
            // The group ends before this scope does, so the test's body does not outlive it.
            try await withoutActuallyEscaping(function) { body in
                try await withThrowingTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        try await body()
                        return true
                    }
                    group.addTask {
                        // The main actor's tests run one at a time, and all of the run's start
                        // together: the clock starts once the main actor has had a turn, by when a
                        // test that runs on it has begun.
                        await MainActor.run {}
                        try? await Task.sleep(for: timeLimit)
                        return false
                    }
                    // The first to end: the test, or its time. A test out of time is failed and told
                    // to stop; its waits are bounded, so it ends.
                    if try await group.next() == false {
                        Issue.record("Time limit was exceeded: \(timeLimit) from when the test began")
                    }
                    group.cancelAll()
                    try await group.waitForAll()
                }
            }
        }
    }

    /// A counting semaphore whose waiters are suspended tasks, served first come first served.
    final class Gate: Sendable {
        private struct State {
            var free: Int
            var waiting: [CheckedContinuation<Void, Never>] = []
        }
        private let state: Mutex<State>

        init(slots: Int) { state = Mutex(State(free: slots)) }

        func enter() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let admitted = state.withLock { state -> Bool in
                    guard state.free > 0 else {
                        state.waiting.append(continuation)
                        return false
                    }
                    state.free -= 1
                    return true
                }
                if admitted { continuation.resume() }
            }
        }

        /// Hands the slot to the longest waiter, or frees it.
        func leave() {
            let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.waiting.isEmpty else {
                    state.free += 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            next?.resume()
        }
    }
}

extension Trait where Self == CompositorSlot {
    /// Waits for one of ``CompositorSlot/limit`` places before the test runs.
    public static var compositorSlot: Self { CompositorSlot() }

    /// Waits for one of ``CompositorSlot/limit`` places, then gives the test `timeLimit`.
    public static func compositorSlot(timeLimit: Duration) -> Self { CompositorSlot(timeLimit: timeLimit) }
}

extension Duration {
    /// Minutes, as `.timeLimit(.minutes(_:))` spells them.
    public static func minutes(_ count: Int) -> Duration { .seconds(count * 60) }
}
