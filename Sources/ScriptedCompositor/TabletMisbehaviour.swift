/// The one pen anomaly the ordinary tablet API cannot produce (see `TabletSending.swift` for the
/// many it lets through): `proximity_in` on a surface that is not the window.
extension ScriptedCompositor {
    /// `proximity_in` (and `motion` to `x`, `y` in `other`'s own coordinates) on one of the
    /// client's surfaces that is not its mapped toplevel: a part of its own title bar and edges
    /// (a pen working the window), or its cursor (an anomaly). Later events of the tool follow it
    /// there. A compositor that picks the surface under the pointer instead of the
    /// one under the pen does this, as wlc did for touches (Cloudef/wlc#266).
    @discardableResult
    public func tabletToolProximityIn(_ tool: TabletToolHandle, tablet: TabletHandle, on other: OtherSurface,
                                      x: Double, y: Double) -> Bool {
        guard let surface = otherSurfaceStates.first(where: { $0.resource.id == other.objectID }) else { return false }
        return sendProximityIn(tool, tablet: tablet, on: surface, x: x, y: y)
    }
}
