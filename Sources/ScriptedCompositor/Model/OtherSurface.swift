/// What a surface is for: wl_surface's "role", given once and kept for the surface's life.
public enum SurfaceRole: Sendable, Equatable {
    /// `xdg_wm_base.get_xdg_surface`: a window (toplevel or popup).
    case xdgSurface
    /// `wl_pointer.set_cursor`.
    case cursor
    /// The icon of `wl_data_device.start_drag`.
    case dragIcon
    /// `wl_subcompositor.get_subsurface`: part of a window, e.g. libdecor's title bar.
    case subsurface
}

/// A live `wl_surface` of the toplevel's client that is not the toplevel's own surface: a cursor,
/// a drag icon, a surface with no role yet, or another window.
///
/// Input never goes to these from a well-behaved compositor; `touchDownOnOtherSurface` sends it
/// there on purpose.
public struct OtherSurface: Sendable, Equatable {
    /// The client's id for the object, as `wl_surface@N` in `WAYLAND_DEBUG` output.
    public let objectID: UInt32
    /// nil until a request gives it one.
    public let role: SurfaceRole?
    /// A buffer is attached and committed.
    public let hasBuffer: Bool
    /// Size in pixels of that buffer, and the scale it was declared at.
    public let bufferSize: BufferSize?
    public let bufferScale: Int32
    /// The logical size a `wp_viewport` shows the buffer at, if set.
    public let viewportDestination: BufferSize?
    /// For a subsurface: where it sits in its parent, and whether it went below it.
    public let subsurfacePosition: SubsurfacePosition?
    public let placedBelowParent: Bool
}

/// A subsurface's `set_position`, in the parent's surface coordinates.
public struct SubsurfacePosition: Sendable, Equatable {
    public let x: Int32
    public let y: Int32
    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }
}

public struct BufferSize: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
