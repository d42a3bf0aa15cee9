/// One `wl_pointer` event on our surface, in surface-local logical coordinates.
///
/// The glue sends `.frame` after every event for `wl_pointer` older than v5, which has no frames.
public enum RawPointerInput: Sendable, Hashable {
    case enter(location: Point)
    case leave
    case motion(time: UInt32, location: Point)
    /// `button` is the Linux input code (BTN_LEFT = 0x110).
    case button(time: UInt32, button: UInt32, pressed: Bool)
    case frame
}
