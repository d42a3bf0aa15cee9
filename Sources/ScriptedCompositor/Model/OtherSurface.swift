/// What a surface is for: wl_surface's "role", given once and kept for the surface's life.
public enum SurfaceRole: Sendable, Equatable {
    /// `xdg_wm_base.get_xdg_surface`: a window (toplevel or popup).
    case xdgSurface
    /// `wl_pointer.set_cursor`.
    case cursor
    /// The icon of `wl_data_device.start_drag`.
    case dragIcon
}
