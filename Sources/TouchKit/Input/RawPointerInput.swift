/// One `wl_pointer` event on our surface, in surface-local logical coordinates.
///
/// The glue sends `.frame` after every event for `wl_pointer` older than v5, which has no frames.
public enum RawPointerInput: Sendable, Hashable {
    /// The pointer entered the surface at `location`; buttons held before entering are ignored.
    case enter(location: Point)
    /// The pointer left the surface; a touch begun by a held button is cancelled.
    case leave
    /// The pointer moved: the pointer touch with it while a button is held, else only the hover.
    case motion(time: UInt32, location: Point)
    /// `button` is the Linux input code (BTN_LEFT = 0x110).
    case button(time: UInt32, button: UInt32, pressed: Bool)
    /// Closes the events before it into one delivery (`wl_pointer.frame`, or sent by the glue after
    /// each event for v4 and older).
    case frame
}
