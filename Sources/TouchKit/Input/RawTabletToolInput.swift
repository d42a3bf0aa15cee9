/// One `zwp_tablet_tool_v2` event of one tool, as the Wayland glue received it: locations in
/// surface-local logical coordinates (wl_fixed converted, never rounded), axes in the
/// protocol's own units. Only `frame` carries a time; everything before it describes one
/// instant of the hardware, delivered together (see `TouchInputMachine.handle(_:tool:seat:)`).
///
/// `slider` and `wheel` are not modelled: nothing in a touch corresponds to them yet, and
/// the glue drops them.
public enum RawTabletToolInput: Sendable, Hashable {
    /// The tool came into range of `tablet` over our surface. Events for another surface are
    /// reported through `TouchInputMachine.tabletToolProximityInForeignSurface(_:seat:)`
    /// instead.
    case proximityIn(tablet: TabletID)
    /// The tool went out of range (or off our surface); cancels its touch if it is down.
    case proximityOut
    /// The tip touched the tablet: a pencil touch begins at the frame.
    case down
    /// The tip lifted: the pencil touch ends at the frame.
    case up
    /// The tool moved to `location`, touching or hovering.
    case motion(location: Point)
    /// The tip's pressure, 0 (none) to 65535 (the most the tool reports).
    case pressure(UInt32)
    /// How far the tip hovers, 0 (touching) to 65535 (the edge of range).
    case distance(UInt32)
    /// The tool's lean in degrees, each axis from −90 to 90: positive `x` when the top of the
    /// tool leans towards +x (right), positive `y` when it leans towards +y (down).
    case tilt(x: Double, y: Double)
    /// The tool turned about its own axis, in degrees clockwise from its neutral position.
    case rotation(Double)
    /// A barrel button changed; `code` is the Linux input code (BTN_STYLUS = 0x14b).
    case button(code: UInt32, pressed: Bool)
    /// Closes the events before it into one delivery; `time` is the compositor's 32-bit ms.
    case frame(time: UInt32)
}
