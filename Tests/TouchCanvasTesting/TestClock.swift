import Foundation

/// A clock the test moves by hand, so timing (animations, tap counts, rates, prediction) is
/// tested without sleeping. Pass `clock.read` wherever a `() -> TimeInterval` clock is taken.
public final class TestClock {
    public var now: TimeInterval

    public init(_ now: TimeInterval = 0) { self.now = now }

    /// The clock as the types under test take it; it keeps the clock alive.
    public var read: () -> TimeInterval { { self.now } }
}
