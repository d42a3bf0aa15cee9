/// What a recording that starts now must say of each tablet tool in range over the surface, so
/// that a replay finds it where the live session had it: in range over its tablet, at its place,
/// with its axes, tip down or not.
public struct TabletToolInRange: Sendable, Equatable {
    /// The tool, numbered as the glue announced it.
    public let tool: TabletToolID
    /// The tablet of its proximity.
    public let tablet: TabletID
    /// The latest location on the surface; nil before the first motion of the proximity.
    public let location: Point?
    /// Pressure as the protocol sends it, 0…65535.
    public let pressure: UInt32
    /// Hover distance as the protocol sends it, 0…65535.
    public let distance: UInt32
    /// Tilt towards +x, degrees.
    public let tiltX: Double
    /// Tilt towards +y, degrees.
    public let tiltY: Double
    /// Rotation about the tool's own axis, degrees.
    public let rotation: Double
    /// Button codes held.
    public let buttons: [UInt32]
    /// The tip is down (the compositor sent `down` and no `up` yet).
    public let isDown: Bool
}

extension TouchInputMachine {
    /// Whether any tablet tool of any seat is in range over the surface now (its proximity
    /// named our surface, and it has not left, gone, or lost its tablet or seat). The machine
    /// is the one place that follows proximity: palm rejection and the hover rings ask it.
    public var isAnyTabletToolInRange: Bool {
        seats.values.contains { state in state.tools.values.contains { $0.tablet != nil && !$0.onForeignSurface } }
    }

    /// The tools of `seat` in range over the surface now, in the order of their numbers (so
    /// the same session describes them the same way).
    public func tabletToolsInRange(for seat: SeatID) -> [TabletToolInRange] {
        guard let tools = seats[seat]?.tools.values else { return [] }
        return tools.compactMap { tool -> TabletToolInRange? in
            guard let tablet = tool.tablet, !tool.onForeignSurface else { return nil }
            let axes = tool.axes
            return TabletToolInRange(
                tool: tool.id, tablet: tablet, location: tool.location,
                pressure: UInt32((axes.pressure * 65535).rounded()), distance: UInt32((axes.distance * 65535).rounded()),
                tiltX: axes.tiltX, tiltY: axes.tiltY, rotation: axes.rotation, buttons: tool.buttons.sorted(),
                isDown: tool.isDown)
        }.sorted { $0.tool.raw < $1.tool.raw }
    }
}
