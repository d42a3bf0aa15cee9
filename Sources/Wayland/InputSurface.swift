/// Which of the client's surfaces a pointer or touch event names, as the app's input sees it.
///
/// A client's `wl_pointer` and `wl_touch` get the events for all its surfaces. With libdecor the
/// title bar and borders are subsurfaces libdecor made on its own proxies, which our bindings do
/// not know: their events name a surface we see as nil. Those belong to libdecor (it has its own
/// `wl_pointer` for them) and must not draw on the canvas; they are not a compositor fault either.
public enum InputSurface: Sendable, Equatable {
    /// The canvas: the events are the app's.
    case canvas
    /// libdecor's frame: dropped quietly.
    case decoration
    /// Anything else (our cursor surface, or a surface we cannot name without a frame around the
    /// window): dropped and reported as a compositor anomaly.
    case foreign

    /// - Parameters:
    ///   - isKnown: the event's surface is a proxy of our bindings (not nil).
    ///   - isCanvas: it is the canvas surface.
    ///   - clientSideFrame: libdecor draws a frame around the window.
    public static func classify(isKnown: Bool, isCanvas: Bool, clientSideFrame: Bool) -> InputSurface {
        if isKnown { return isCanvas ? .canvas : .foreign }
        return clientSideFrame ? .decoration : .foreign
    }

    @MainActor
    public static func classify(_ surface: WlSurface?, canvas: WlSurface?, clientSideFrame: Bool) -> InputSurface {
        classify(isKnown: surface != nil, isCanvas: surface != nil && surface === canvas, clientSideFrame: clientSideFrame)
    }
}
