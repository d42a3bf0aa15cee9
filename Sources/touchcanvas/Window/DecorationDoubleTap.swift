import TouchKit

/// Tells a double tap on libdecor's frame from a single touch, by the compositor's times and
/// the positions on the frame's surface: a second down within `interval` and `distance` of the
/// first. Only downs are compared, because a compositor that starts a move on the first down
/// (Mutter) cancels that touch and never sends its up.
struct DecorationDoubleTap {
    /// Milliseconds and logical pixels: the app passes its touch machine's tap-count limits.
    let interval: UInt32
    let distance: Double
    private var last: (time: UInt32, location: Point)?

    init(interval: UInt32, distance: Double) {
        self.interval = interval
        self.distance = distance
    }

    /// Records a down; true when it completes a double tap (which then starts over).
    mutating func isDoubleTap(time: UInt32, location: Point) -> Bool {
        if let last, time &- last.time <= interval, location.distance(to: last.location) <= distance {
            self.last = nil
            return true
        }
        last = (time, location)
        return false
    }
}
