import Foundation

/// Turns a seat's 32-bit millisecond timestamps, which wrap every 49.7 days, into monotonic
/// seconds.
///
/// Each new stamp is read as a signed 32-bit step from the previous one, so a wrap is a small
/// forward step, and the slightly older stamps pointer and touch events of one seat can carry
/// are small backward steps instead of a 49-day jump.
struct InputTimeline {
    private var lastRaw: UInt32?
    private var milliseconds: Int64 = 0

    /// Seconds for a new raw stamp; also becomes the seat's latest known time.
    mutating func seconds(for raw: UInt32) -> TimeInterval {
        if let lastRaw {
            milliseconds += Int64(Int32(bitPattern: raw &- lastRaw))
        } else {
            milliseconds = Int64(raw)
        }
        lastRaw = raw
        return latest
    }

    /// Seconds for a raw stamp without making it the latest: for events that are ignored.
    func peekSeconds(for raw: UInt32) -> TimeInterval {
        var copy = self
        return copy.seconds(for: raw)
    }

    /// The latest known time, for events that carry none (cancel, capability loss).
    var latest: TimeInterval { TimeInterval(milliseconds) / 1000 }
}
