import CAllocationCounter

/// Counts the heap allocations of a piece of Swift code, for the tests that hold DESIGN.md's
/// "no heap allocation in a steady-state frame" target.
///
/// ```swift
/// let count = try #require(AllocationCounter.swiftAllocations { machine.deliverHeldMoves() })
/// #expect(count == 0)
/// ```
///
/// Counts what Swift code allocates through the Swift runtime on the calling thread while `body`
/// runs: class instances, the storage of arrays, sets and dictionaries, boxes, escaping closure
/// contexts (see `CAllocationCounter.h` for how, and for what is left out on purpose: cairo's
/// own allocations and debug-build coroutine frames). Deterministic, no timing involved; `body`
/// must not suspend.
public enum AllocationCounter {
    /// Allocations made by `body` on this thread, or `nil` when the counter cannot see them
    /// (a test should then fail rather than pass silently).
    public static func swiftAllocations(in body: () -> Void) -> Int? {
        guard isWorking else { return nil }
        return count(body)
    }

    private static func count(_ body: () -> Void) -> Int? {
        guard allocation_counter_start() else { return nil }
        body()
        return allocation_counter_stop()
    }

    /// Whether making one object is seen as one allocation, checked once: the counter relies on
    /// how the runtime allocates, and must not report zero because it sees nothing.
    private static let isWorking: Bool = {
        let seen = count { Probe.sink = Probe() }
        Probe.sink = nil
        return seen == 1
    }()

    private final class Probe {
        nonisolated(unsafe) static var sink: Probe?
    }
}
