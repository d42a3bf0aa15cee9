import CCairo

/// A cairo call that failed, in cairo's own words.
///
/// Cairo reports errors as sticky status codes on surfaces and contexts instead of return
/// values; the internal wrappers turn a non-success status into this error at the one place
/// it is read, so no caller above them ever sees a raw `cairo_status_t`.
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `cairo_status_t` value, for logs and bug reports.
    public let code: UInt32

    init(_ status: cairo_status_t) {
        code = status.rawValue
    }

    /// Cairo's human-readable text for the status (`cairo_status_to_string`).
    public var description: String {
        guard let text = cairo_status_to_string(cairo_status_t(rawValue: code)) else {
            return "cairo error \(code)"
        }
        return "cairo: \(String(cString: text))"
    }

    /// `CAIRO_STATUS_NO_MEMORY`.
    static let noMemory = CairoError(CAIRO_STATUS_NO_MEMORY)
    /// `CAIRO_STATUS_INVALID_SIZE`.
    static let invalidSize = CairoError(CAIRO_STATUS_INVALID_SIZE)
}

extension cairo_status_t {
    /// Throws unless the status is `CAIRO_STATUS_SUCCESS`.
    func check() throws(CairoError) {
        if self != CAIRO_STATUS_SUCCESS { throw CairoError(self) }
    }
}
