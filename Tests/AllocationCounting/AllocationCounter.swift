import CAllocationCounter
import Testing

/// Counts the heap allocations of a piece of Swift code, for the tests that hold docs/architecture.md's
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

    /// The sanitizer the counter was built under ("AddressSanitizer", "ThreadSanitizer"), else
    /// nil. Under one the counter's `malloc` hook is not compiled in (the sanitizer owns `malloc`),
    /// so it counts nothing: the tests that need it step aside with `.needsAllocationCounter`.
    public static let sanitizer: String? = allocation_counter_sanitizer().map { String(cString: $0) }

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

extension Trait where Self == ConditionTrait {
    /// For a test or suite that counts allocations: skipped, with the reason shown in the test
    /// report, when the build runs under a sanitizer (`make sanitize`), where the counter cannot
    /// work; anywhere else it runs, and a counter that sees nothing fails it (see
    /// `swiftAllocations`) rather than letting it pass.
    public static var needsAllocationCounter: Self {
        .disabled(if: AllocationCounter.sanitizer != nil,
                  Comment(rawValue: "the allocation counter's malloc hook is left out under "
                      + (AllocationCounter.sanitizer ?? "a sanitizer")
                      + ", whose runtime owns malloc; `make test` runs this"))
    }
}
