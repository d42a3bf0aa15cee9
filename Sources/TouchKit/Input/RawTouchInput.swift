/// One `wl_touch` event as the Wayland glue received it, already in surface-local logical
/// coordinates (wl_fixed converted, never rounded). Times are the compositor's 32-bit ms.
public enum RawTouchInput: Sendable, Hashable {
    case down(id: Int32, time: UInt32, location: Point)
    case up(id: Int32, time: UInt32)
    case motion(id: Int32, time: UInt32, location: Point)
    /// Ellipse diameters of the contact (wl_touch v6).
    case shape(id: Int32, major: Double, minor: Double)
    /// Angle of the major axis in degrees (wl_touch v6).
    case orientation(id: Int32, degrees: Double)
    case frame
    case cancel
}
