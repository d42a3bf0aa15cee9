import Foundation

/// Counts consecutive taps per seat and device, for `Touch.tapCount`.
///
/// A touch continues the count when it begins within `interval` seconds of the previous tap's
/// end and within `distance` of where that tap began, and the previous touch was a tap: it
/// ended (not cancelled) without straying more than `distance` from where it began. Like
/// UIKit's, the count is decided at began; unlike UIKit's it does not check that both taps hit
/// the same view, since binding is decided later by the window.
struct TapCounter {
    struct Key: Hashable {
        let seat: SeatID
        let type: TouchType
    }

    private struct Tap {
        let location: Point
        let endTime: TimeInterval
        let count: Int
    }

    var interval: TimeInterval
    var distance: Double
    private var lastTaps: [Key: Tap] = [:]

    init(interval: TimeInterval, distance: Double) {
        self.interval = interval
        self.distance = distance
    }

    func count(for key: Key, beganAt location: Point, time: TimeInterval) -> Int {
        guard let last = lastTaps[key],
              time - last.endTime <= interval,
              location.distance(to: last.location) <= distance else { return 1 }
        return last.count + 1
    }

    mutating func touchEnded(_ key: Key, beganAt location: Point, travelled: Double,
                             time: TimeInterval, count: Int) {
        if travelled <= distance {
            lastTaps[key] = Tap(location: location, endTime: time, count: count)
        } else {
            lastTaps[key] = nil
        }
    }

    mutating func touchCancelled(_ key: Key) {
        lastTaps[key] = nil
    }

    mutating func forget(seat: SeatID) {
        lastTaps = lastTaps.filter { $0.key.seat != seat }
    }
}
