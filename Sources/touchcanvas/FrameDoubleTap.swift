import TouchKit

/// Tells a double tap on libdecor's frame from a single touch, by the compositor's times and
/// the positions on the frame's surface: a second down within `interval` and `distance` of the
/// first. Only downs are compared, because a compositor that starts a move on the first down
/// (Mutter) cancels that touch and never sends its up.
struct FrameDoubleTap {
    /// The same limits as TouchKit's tap count.
    var interval: UInt32 = 350
    var distance = 10.0
    private var last: (time: UInt32, location: Point)?

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
