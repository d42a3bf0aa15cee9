import Wayland

/// Which of the client's surfaces a pointer or touch event names, as the app's input sees it.
///
/// A client's `wl_pointer` and `wl_touch` get the events for all its surfaces: the content, the
/// app's own chrome (subsurfaces below it: its title bar, buttons and resize edges), and, with libdecor,
/// libdecor's title bar and borders: subsurfaces made on its own proxies, which our bindings do
/// not know, so their events name a surface we see as nil.
///
/// A nil surface is never a null one: the surface arguments of `wl_pointer.enter` and
/// `wl_touch.down` are not nullable, and libwayland fails the connection on a null there
/// before any handler runs. Besides libdecor's, nil is only a surface of ours destroyed while
/// the event was on its way (libwayland passes such a proxy as null); with libdecor framing
/// the window, that rare race is taken for a touch on libdecor's frame.
enum InputSurface: Sendable, Equatable {
    /// The window's content, where the scene is drawn: the events are the app's.
    case content
    /// The app's own chrome (title bar, buttons, resize edges): its events work the window.
    case chrome
    /// libdecor's frame: libdecor has its own `wl_pointer` for it; touches there are turned
    /// into moves by the app, since libdecor 0.1.1 ignores them.
    case decoration
    /// Anything else (our cursor surface, or a surface we cannot name without libdecor around
    /// the window): dropped and reported as a compositor anomaly.
    case foreign

    /// - Parameters:
    ///   - isKnown: the event's surface is a proxy of our bindings (not nil).
    ///   - isContent: it is the content surface.
    ///   - isChrome: it is one of the app's own chrome's surfaces.
    ///   - libdecorFrame: libdecor draws a frame around the window.
    static func classify(isKnown: Bool, isContent: Bool, isChrome: Bool = false, libdecorFrame: Bool) -> InputSurface {
        if isKnown { return isContent ? .content : isChrome ? .chrome : .foreign }
        return libdecorFrame ? .decoration : .foreign
    }

    /// `isChrome` says whether a surface is one of the app's own chrome's (it is shown in several).
    @MainActor
    static func classify(_ surface: WlSurface?, content: WlSurface?, isChrome: (WlSurface) -> Bool,
                                libdecorFrame: Bool) -> InputSurface {
        guard let surface else { return classify(isKnown: false, isContent: false, libdecorFrame: libdecorFrame) }
        return classify(isKnown: true, isContent: surface === content, isChrome: isChrome(surface), libdecorFrame: libdecorFrame)
    }
}

extension InputSurface {
    /// How `--log raw` names the surface an event names: "ours" (the content), "frame" (the
    /// app's own chrome; the log's word predates the code's), "decoration" (libdecor's),
    /// "foreign" (another of our surfaces), or JSON null (a surface we cannot name), so
    /// `jq 'select(.surface == null)'` finds those. Seats, tablets and touchpad gestures all
    /// write it this way.
    @MainActor
    static func wireValue(_ surface: WlSurface?, classify: (WlSurface?) -> InputSurface) -> WireEvent.Value {
        switch classify(surface) {
        case .content: .string("ours")
        case .chrome: .string("frame")
        case .decoration: .string("decoration")
        case .foreign: surface == nil ? .null : .string("foreign")
        }
    }
}
