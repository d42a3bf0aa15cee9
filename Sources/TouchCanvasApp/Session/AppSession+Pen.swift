import TouchKit

/// Pens (tablet-v2 tools) reach the session here: recorded, watched and handed to TouchKit,
/// which makes their pencil touches.
extension AppSession {
    /// `p`: palm rejection on or off (recorded, so a replay draws the same fingers); returns
    /// whether it is now on.
    @discardableResult
    public func togglePalmRejection() -> Bool {
        perform(.palmRejection(!palmRejection.isEnabled))
        return palmRejection.isEnabled
    }

    /// One pen event (tablet-v2), delivered with its tool's `frame` as fingers are with theirs.
    public func handle(_ tablet: RawTabletToolInput, tool: TabletToolID, seat: SeatID) {
        recorder?.tabletTool(tablet, tool: tool, seat: seat)
        observer?.received(tablet, tool: tool, seat: seat)
        if case .frame(let milliseconds) = tablet { lastPenFrameTime = Double(milliseconds) / 1000 }
        if case .frame = tablet { inspector.noteInputEvent(isFrame: true) } else { inspector.noteInputEvent(isFrame: false) }
        input.handle(tablet, tool: tool, seat: seat)
        setNeedsDisplay()
    }

    /// A seat announced a pen (or another tablet tool), as its description says.
    public func tabletToolAdded(_ tool: TabletToolID, description: TabletToolDescription, seat: SeatID) {
        recorder?.tabletToolAdded(tool, description: description, seat: seat)
        observer?.tabletToolAdded(tool, description: description, seat: seat)
        input.tabletToolAdded(tool, description: description, seat: seat)
    }

    /// The pen is gone: a touch it had down is cancelled.
    public func tabletToolRemoved(_ tool: TabletToolID, seat: SeatID) {
        recorder?.tabletToolRemoved(tool, seat: seat)
        input.tabletToolRemoved(tool, seat: seat)
        setNeedsDisplay()
    }

    /// The tablet is gone: a pen down on it is cancelled.
    public func tabletRemoved(_ tablet: TabletID, seat: SeatID) {
        recorder?.tabletRemoved(tablet, seat: seat)
        input.tabletRemoved(tablet, seat: seat)
        setNeedsDisplay()
    }

    /// A pen came into range over a surface that is not the content.
    public func tabletToolProximityInForeignSurface(_ tool: TabletToolID, seat: SeatID) {
        recorder?.tabletToolProximityInForeignSurface(tool, seat: seat)
        input.tabletToolProximityInForeignSurface(tool, seat: seat)
        setNeedsDisplay()
    }
}
