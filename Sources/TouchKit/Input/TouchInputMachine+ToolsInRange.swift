/// What a recording that starts now must say of each tablet tool in range over the surface, so
/// that a replay finds it where the live session had it: in range over its tablet, at its place,
/// with its axes, tip down or not.
public struct TabletToolInRange: Sendable, Equatable {
    public let tool: TabletToolID
    public let tablet: TabletID
    /// The latest location on the surface; nil before the first motion of the proximity.
    public let location: Point?
    /// The axes as the protocol sends them: pressure and distance 0…65535, degrees.
    public let pressure: UInt32
    public let distance: UInt32
    public let tilt: (x: Double, y: Double)
    public let rotation: Double
    /// Button codes held.
    public let buttons: [UInt32]
    /// The tip is down (the compositor sent `down` and no `up` yet).
    public let isDown: Bool

    public static func == (a: Self, b: Self) -> Bool {
        a.tool == b.tool && a.tablet == b.tablet && a.location == b.location && a.pressure == b.pressure
            && a.distance == b.distance && a.tilt == b.tilt && a.rotation == b.rotation
            && a.buttons == b.buttons && a.isDown == b.isDown
    }
}

extension TouchInputMachine {
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
                tilt: (axes.tiltX, axes.tiltY), rotation: axes.rotation, buttons: tool.buttons.sorted(),
                isDown: tool.isDown)
        }.sorted { $0.tool.raw < $1.tool.raw }
    }
}
