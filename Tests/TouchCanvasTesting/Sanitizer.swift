import Foundation

/// Whether the tests run under a sanitizer: `make sanitize` sets `TC_SANITIZER`, read here
/// once for every test target. AddressSanitizer and ThreadSanitizer make every app and test
/// several times slower and their memory larger, so waits are longer and measures of memory or
/// real time step aside.
public enum Sanitizer {
    public static let isActive = ProcessInfo.processInfo.environment["TC_SANITIZER"] != nil

    /// `normal`, or `sanitized` under a sanitizer.
    public static func choose<T>(_ normal: T, sanitized: T) -> T { isActive ? sanitized : normal }
}
