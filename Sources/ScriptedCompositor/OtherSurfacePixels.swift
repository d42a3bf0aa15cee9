/// What the client's other surfaces show, for tests that look at a subsurface's pixels (the
/// app's own window frame is drawn in subsurfaces: its title bar, its margin's strips).
extension ScriptedCompositor {
    /// The pixels `other` shows now: its committed buffer, copied; nil while it has none (or
    /// when the client's memory no longer backs it). The damage is left empty.
    public func pixels(of other: OtherSurface) -> Frame? {
        guard let state = otherSurfaceStates.first(where: { $0.resource.id == other.objectID }),
              state.buffer != nil, let info = state.bufferInfo, let pixels = info.copyPixels()
        else { return nil }
        return Frame(width: info.width, height: info.height, stride: info.width * 4, scale: state.scale,
                     format: info.format, pixels: pixels, damage: [])
    }
}
