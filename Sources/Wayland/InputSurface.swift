/// Which of the client's surfaces a pointer or touch event names, as the app's input sees it.
///
/// A client's `wl_pointer` and `wl_touch` get the events for all its surfaces: the canvas, the
/// app's own window frame (subsurfaces below it: its title bar and margin), and, with libdecor,
/// libdecor's title bar and borders: subsurfaces made on its own proxies, which our bindings do
/// not know, so their events name a surface we see as nil.
///
/// A nil surface is never a null one: the surface arguments of `wl_pointer.enter` and
/// `wl_touch.down` are not nullable, and libwayland fails the connection on a null there
/// before any handler runs. Besides libdecor's, nil is only a surface of ours destroyed while
/// the event was on its way (libwayland passes such a proxy as null); with libdecor framing
/// the window, that rare race is taken for a touch on libdecor's frame.
public enum InputSurface: Sendable, Equatable {
    /// The canvas: the events are the app's.
    case canvas
    /// The app's own frame (title bar, buttons, resize margin): its events work the window.
    case frame
    /// libdecor's frame: libdecor has its own `wl_pointer` for it; touches there are turned
    /// into moves by the app, since libdecor 0.1.1 ignores them.
    case decoration
    /// Anything else (our cursor surface, or a surface we cannot name without libdecor around
    /// the window): dropped and reported as a compositor anomaly.
    case foreign

    /// - Parameters:
    ///   - isKnown: the event's surface is a proxy of our bindings (not nil).
    ///   - isCanvas: it is the canvas surface.
    ///   - isFrame: it is one of the app's own frame's surfaces.
    ///   - libdecorFrame: libdecor draws a frame around the window.
    public static func classify(isKnown: Bool, isCanvas: Bool, isFrame: Bool = false, libdecorFrame: Bool) -> InputSurface {
        if isKnown { return isCanvas ? .canvas : isFrame ? .frame : .foreign }
        return libdecorFrame ? .decoration : .foreign
    }

    /// `isFrame` says whether a surface is one of the app's own frame's (it is shown in several).
    @MainActor
    public static func classify(_ surface: WlSurface?, canvas: WlSurface?, isFrame: (WlSurface) -> Bool,
                                libdecorFrame: Bool) -> InputSurface {
        guard let surface else { return classify(isKnown: false, isCanvas: false, libdecorFrame: libdecorFrame) }
        return classify(isKnown: true, isCanvas: surface === canvas, isFrame: isFrame(surface), libdecorFrame: libdecorFrame)
    }
}
