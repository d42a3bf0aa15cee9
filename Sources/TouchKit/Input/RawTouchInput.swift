/// One `wl_touch` event as the Wayland glue received it, already in surface-local logical
/// coordinates (wl_fixed converted, never rounded). Times are the compositor's 32-bit ms.
public enum RawTouchInput: Sendable, Hashable {
    /// A finger touched down: a new ``Touch`` begins, whatever touches the id named before.
    case down(id: Int32, time: UInt32, location: Point)
    /// The finger with `id` lifted; its touch ends.
    case up(id: Int32, time: UInt32)
    /// The finger with `id` moved to `location`.
    case motion(id: Int32, time: UInt32, location: Point)
    /// Ellipse diameters of the contact (wl_touch v6).
    case shape(id: Int32, major: Double, minor: Double)
    /// Angle of the major axis in degrees (wl_touch v6).
    case orientation(id: Int32, degrees: Double)
    /// Closes the events before it into one delivery (`wl_touch.frame`).
    case frame
    /// The compositor took all the seat's touches away (`wl_touch.cancel`): cancelled at once.
    case cancel
}
